import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { PLAN_STATE_LABELS, planEndingWarning, planStatusLine } from "@/domain/billing/plan-messages";
import { planStatus } from "@/domain/billing/plans";
import { PAGE_LOADING } from "@/domain/core/page-leads";
import { usePlan } from "@/lib/plan";

/**
 * The dashboard's plan card: the state, what happens next, and PLAN_WARNING_DAYS before access ends
 * without renewal a warning (the same text the e-mail reminder would carry), with the way to /abbonamento.
 */
export function PlanCard({ uid }: { uid: string }) {
  const plan = usePlan(uid);
  if (plan.isPending) return <PlanCardPlaceholder />;
  if (plan.isError) return null;
  const now = new Date();
  const status = planStatus(plan.data, now);
  const urgent = !status.hasAccess || status.endingSoon || status.state === "in_scadenza";
  return (
    <Card role="region" aria-labelledby="plan-card-title" className={urgent ? "border-amber-300" : undefined}>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="plan-card-title" className="font-semibold text-slate-900">
              Il tuo piano
            </h2>
            <Badge tone={status.hasAccess ? (urgent ? "warning" : "success") : "danger"}>
              {PLAN_STATE_LABELS[status.state]}
            </Badge>
          </div>
          <p className="text-sm text-slate-700">{planStatusLine(status, now)}</p>
          {status.endingSoon && status.hasAccess ? (
            <p role="status" className="text-sm font-medium text-amber-900">
              {planEndingWarning(status.daysLeft)}
            </p>
          ) : null}
        </div>
        <Link
          to={paths.subscription.getHref()}
          className={buttonClasses({ variant: urgent ? "primary" : "secondary" })}
        >
          {status.hasAccess ? "Gestisci l'abbonamento" : "Scegli un piano"}
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * The card's place while the plan is read: its title, a line and the button's room, so the dashboard below
 * does not move when the plan arrives (a click aimed at a shortcut would land elsewhere; Lighthouse's CLS).
 */
function PlanCardPlaceholder() {
  return (
    <Card role="region" aria-labelledby="plan-card-title" aria-busy="true">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="plan-card-title" className="font-semibold text-slate-900">
              Il tuo piano
            </h2>
          </div>
          <p className="text-sm text-slate-700">
            <span aria-hidden="true" className="inline-block h-4 w-48 rounded bg-slate-200 align-middle" />
            <span className="sr-only">{PAGE_LOADING.plan}</span>
          </p>
        </div>
        <span aria-hidden="true" className={buttonClasses({ variant: "secondary", className: "invisible" })}>
          Gestisci l'abbonamento
        </span>
      </CardContent>
    </Card>
  );
}
