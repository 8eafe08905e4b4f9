import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PLAN_COPY, PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import type { PlanStatus } from "@/domain/billing/plans";

type Props = {
  status: PlanStatus;
  busy: boolean;
  onMonthly: () => void;
  onLaunch: (code: string) => void;
};

/** The two plans a shop can pay for; a renewing monthly plan hides both (cancel or resume instead). */
export function PlanChoices({ status, busy, onMonthly, onLaunch }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const codeHint = useId();
  if (status.canCancel || status.canResume) return null;

  const redeem = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === "") {
      setError(PLAN_MESSAGES.launchCodeRequired);
      return;
    }
    setError(null);
    onLaunch(code.trim());
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{PLAN_COPY.monthlyName}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-xl font-bold text-slate-900">{PLAN_COPY.monthlyPrice}</p>
          <p className="text-sm text-slate-700">{PLAN_COPY.monthlyNote}</p>
          {status.state === "prova" ? <p className="text-sm text-slate-700">{PLAN_COPY.trialNote}</p> : null}
          <Button disabled={busy} onClick={onMonthly}>
            {PLAN_COPY.subscribe}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{PLAN_COPY.launchName}</CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={redeem} className="space-y-3">
            <p className="text-xl font-bold text-slate-900">{PLAN_COPY.launchPrice}</p>
            <p id={codeHint} className="text-sm text-slate-700">
              {PLAN_COPY.launchNote}
            </p>
            <Field label={PLAN_COPY.codeLabel} error={error ?? undefined} required>
              <Input
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="VIC-XXXX-XXXX"
                aria-describedby={codeHint}
              />
            </Field>
            <Button type="submit" disabled={busy}>
              {PLAN_COPY.redeem}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
