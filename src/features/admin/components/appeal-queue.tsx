import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/toast";
import {
  type AdminAppeal,
  APPEAL_OUTCOME_LABELS,
  APPEAL_OUTCOMES,
  type AppealOutcome,
  DECISION_ACTION_LABELS,
  DECISION_MESSAGES,
  decideAppealInputSchema,
  groundLabels,
} from "@/domain/people/decisions";
import { useAppealQueue, useDecideAppeal } from "../api/reports";

const when = new Intl.DateTimeFormat("it-IT", { dateStyle: "medium", timeStyle: "short" });

/** 'Richieste di revisione': each with the decision's history, answered with an outcome and its words. */
export function AppealQueue({ enabled }: { enabled: boolean }) {
  const queue = useAppealQueue(enabled);
  if (!enabled) return null;
  return (
    <section aria-labelledby="appeals-title" className="space-y-4">
      <h2 id="appeals-title" className="text-xl font-semibold text-slate-900">
        {DECISION_MESSAGES.adminTitle}
      </h2>
      {queue.isPending ? (
        <Spinner label="Caricamento delle richieste di revisione…" />
      ) : queue.isError ? (
        <p role="alert" className="text-red-800">
          Non siamo riusciti a caricare le richieste di revisione.
        </p>
      ) : queue.data.length === 0 ? (
        <p className="text-slate-700">{DECISION_MESSAGES.adminEmpty}</p>
      ) : (
        queue.data.map((appeal) => <AppealCard key={appeal.id} appeal={appeal} />)
      )}
    </section>
  );
}

function AppealCard({ appeal }: { appeal: AdminAppeal }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const decide = useDecideAppeal();
  const { toast } = useToast();
  const headingId = `appeal-${appeal.id}`;
  const answer = (outcome: AppealOutcome) => {
    const parsed = decideAppealInputSchema.safeParse({ decisionId: appeal.id, outcome, text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    decide.mutate(parsed.data, { onSuccess: () => toast({ title: APPEAL_OUTCOME_LABELS[outcome] }) });
  };
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        {appeal.subjectName} · {DECISION_ACTION_LABELS[appeal.action]}
      </h3>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-600">Decisa il</dt>
        <dd className="text-slate-900">{when.format(appeal.decidedAt)}</dd>
        <dt className="text-slate-600">{DECISION_MESSAGES.groundsLabel}</dt>
        <dd className="text-slate-900">
          {groundLabels(appeal.grounds)}
          {appeal.reasonText ? ` · ${appeal.reasonText}` : ""}
        </dd>
        {appeal.excerpt ? (
          <>
            <dt className="text-slate-600">Contenuto</dt>
            <dd className="italic text-slate-900">{appeal.excerpt}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Richiesta del {when.format(appeal.appeal.at)}</dt>
        <dd className="text-slate-900">{appeal.appeal.text}</dd>
      </dl>
      <Field label="Motivi dell'esito" error={error} required>
        <Textarea value={text} onChange={(event) => setText(event.target.value)} />
      </Field>
      <div className="flex flex-wrap gap-2">
        {APPEAL_OUTCOMES.map((outcome) => (
          <Button
            key={outcome}
            size="sm"
            variant={outcome === "revoked" ? "primary" : "secondary"}
            loading={decide.isPending && decide.variables?.outcome === outcome}
            disabled={decide.isPending}
            onClick={() => answer(outcome)}
          >
            {APPEAL_OUTCOME_LABELS[outcome]}
          </Button>
        ))}
      </div>
    </article>
  );
}
