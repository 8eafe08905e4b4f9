import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/toast";
import {
  APPEAL_OUTCOME_LABELS,
  APPEAL_TEXT_MAX_LENGTH,
  appealDecisionInputSchema,
  appealRefusal,
  DECISION_ACTION_LABELS,
  DECISION_MESSAGES,
  type Decision,
  groundLabels,
} from "@/domain/people/decisions";
import { useAppealDecision, useMyDecisions } from "../api/decisions";

const dateFormat = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric" });

/** The decisions id: the suspension notice links here. */
export const MY_DECISIONS_ID = "decisioni";

/**
 * 'Decisioni che ti riguardano': each admin decision on the person, with its grounds and words, and
 * 'Chiedi una revisione' once; the review's outcome when it comes. Nothing when there is none.
 */
export function MyDecisions({ uid }: { uid: string }) {
  const decisions = useMyDecisions(uid);
  if (!decisions.data?.length) return null;
  return (
    <Card id={MY_DECISIONS_ID}>
      <CardHeader>
        <CardTitle as="h2">{DECISION_MESSAGES.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-700">{DECISION_MESSAGES.intro}</p>
        <ul className="space-y-4">
          {decisions.data.map((decision) => (
            <DecisionItem key={decision.id} decision={decision} uid={uid} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function DecisionItem({ decision, uid }: { decision: Decision; uid: string }) {
  const [asking, setAsking] = useState(false);
  const canAppeal = !appealRefusal(decision, uid, new Date());
  return (
    <li className="space-y-1 border-b border-slate-100 pb-3 last:border-0">
      <p className="font-medium text-slate-900">{DECISION_ACTION_LABELS[decision.action]}</p>
      <p className="text-xs text-slate-600">Decisa il {dateFormat.format(decision.decidedAt)}</p>
      {decision.excerpt ? (
        <blockquote className="border-l-2 border-slate-300 pl-3 text-sm italic">
          {decision.excerpt}
        </blockquote>
      ) : null}
      <p className="text-sm text-slate-800">
        {DECISION_MESSAGES.groundsLabel}: {groundLabels(decision.grounds)}
      </p>
      {decision.reasonText ? <p className="text-sm text-slate-800">{decision.reasonText}</p> : null}
      {decision.appealOutcome ? (
        <div className="space-y-1 rounded-lg bg-slate-50 p-3">
          <Badge tone={decision.appealOutcome.outcome === "revoked" ? "success" : "neutral"}>
            {APPEAL_OUTCOME_LABELS[decision.appealOutcome.outcome]}
          </Badge>
          <p className="text-sm text-slate-800">{decision.appealOutcome.text}</p>
        </div>
      ) : decision.appeal ? (
        <Badge tone="warning">{DECISION_MESSAGES.appealPending}</Badge>
      ) : null}
      {canAppeal && !asking ? (
        <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
          {DECISION_MESSAGES.appealAction}
        </Button>
      ) : null}
      {canAppeal && asking ? (
        <AppealForm decisionId={decision.id} uid={uid} onDone={() => setAsking(false)} />
      ) : null}
    </li>
  );
}

function AppealForm({ decisionId, uid, onDone }: { decisionId: string; uid: string; onDone: () => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const appeal = useAppealDecision(uid);
  const { toast } = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = appealDecisionInputSchema.safeParse({ decisionId, text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    appeal.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: DECISION_MESSAGES.appealSent });
        onDone();
      },
      onError: (failure) =>
        setError(failure instanceof Error ? failure.message : DECISION_MESSAGES.appealFailed),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Field label={DECISION_MESSAGES.appealLabel} error={error} required>
        <Textarea value={text} maxLength={APPEAL_TEXT_MAX_LENGTH} onChange={(e) => setText(e.target.value)} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={appeal.isPending}>
          Invia la richiesta
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Annulla
        </Button>
      </div>
    </form>
  );
}
