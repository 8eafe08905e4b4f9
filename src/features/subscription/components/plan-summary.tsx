import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import {
  PLAN_COPY,
  PLAN_STATE_LABELS,
  planEndingWarning,
  planStatusLine,
} from "@/domain/billing/plan-messages";
import type { PlanState, PlanStatus } from "@/domain/billing/plans";

const TONES: Record<PlanState, "success" | "accent" | "warning" | "neutral" | "danger"> = {
  prova: "accent",
  attivo: "success",
  in_scadenza: "warning",
  scaduto: "danger",
  annullato: "neutral",
};

const PLAN_NAMES = { monthly: PLAN_COPY.monthlyName, launch: PLAN_COPY.launchName } as const;

type Props = {
  status: PlanStatus;
  now: Date;
  busy: boolean;
  /** Shown when the shop has a Stripe customer (it has paid once). */
  canOpenPortal: boolean;
  onCancel: () => void;
  onResume: () => void;
  onPortal: () => void;
};

/** The plan's state, what happens next, the 7-day warning and the monthly plan's buttons. */
export function PlanSummary({ status, now, busy, canOpenPortal, onCancel, onResume, onPortal }: Props) {
  const name =
    status.state === "prova" ? PLAN_STATE_LABELS.prova : status.plan ? PLAN_NAMES[status.plan] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Il tuo piano</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          {name ? <span className="text-lg font-semibold text-slate-900">{name}</span> : null}
          <Badge tone={TONES[status.state]} aria-label={`Stato: ${PLAN_STATE_LABELS[status.state]}`}>
            {PLAN_STATE_LABELS[status.state]}
          </Badge>
        </div>
        <p className="text-slate-700">{planStatusLine(status, now)}</p>
        {status.endingSoon && status.hasAccess ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">
            {planEndingWarning(status.daysLeft)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {status.canCancel ? (
            <Button variant="secondary" disabled={busy} onClick={onCancel}>
              {PLAN_COPY.cancel}
            </Button>
          ) : null}
          {status.canResume ? (
            <Button disabled={busy} onClick={onResume}>
              {PLAN_COPY.resume}
            </Button>
          ) : null}
          {canOpenPortal ? (
            <Button variant="ghost" disabled={busy} onClick={onPortal}>
              {PLAN_COPY.portal}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
