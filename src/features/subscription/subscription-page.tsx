import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { PLAN_COPY, PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import { PAYMENT_DESCRIPTIONS } from "@/domain/billing/plan-payments";
import { planStatus } from "@/domain/billing/plans";
import {
  formatEuro,
  LAUNCH_OFFER_YEARLY_PRICE_EUR,
  MERCHANT_MONTHLY_PRICE_EUR,
} from "@/domain/billing/pricing";
import type { StartCheckoutInput } from "@/domain/boundary/callables";
import { PRODUCT_NAME } from "@/domain/core/product";
import { useSession } from "@/lib/session/session-provider";
import {
  useConfirmSimulated,
  usePayments,
  usePlan,
  usePortal,
  useRenewal,
  useStartCheckout,
} from "./api/plan";
import { PaymentsList } from "./components/payments-list";
import { PlanChoices } from "./components/plan-choices";
import { PlanSummary } from "./components/plan-summary";
import { SimulatedCheckoutDialog } from "./components/simulated-checkout-dialog";

const CHECKOUT_LABELS = {
  monthly: `${PAYMENT_DESCRIPTIONS.monthly}: ${formatEuro(MERCHANT_MONTHLY_PRICE_EUR)} al mese, IVA inclusa.`,
  launch: `${PAYMENT_DESCRIPTIONS.launch}: ${formatEuro(LAUNCH_OFFER_YEARLY_PRICE_EUR)}, IVA inclusa.`,
  tokens: PAYMENT_DESCRIPTIONS.tokens,
} as const;

/**
 * `/abbonamento` (verified shops): the plan's state and dates, the monthly plan and the launch offer,
 * cancel / resume / card management, and the receipts. Payments happen on Stripe's pages (or, on the
 * emulators, in a labelled simulated dialog); the state changes when Stripe's webhook reports them, and
 * this page follows the plan document live.
 */
export function SubscriptionPage() {
  const { userData } = useSession();
  const uid = userData?.uid ?? "";
  const [params] = useSearchParams();
  const returnTo = params.get("offerta");
  const { toast } = useToast();
  const planQuery = usePlan(uid, { live: true });
  const plan = planQuery.data ?? null;
  const payments = usePayments(uid, plan?.updatedAt.getTime() ?? 0);
  const checkout = useStartCheckout();
  const confirm = useConfirmSimulated(uid);
  const renewal = useRenewal();
  const portal = usePortal();
  const [pending, setPending] = useState<{ sessionId: string; description: string } | null>(null);
  const busy = checkout.isPending || confirm.isPending || renewal.isPending || portal.isPending;
  const title = <title>{`${PLAN_COPY.title} · ${PRODUCT_NAME}`}</title>;

  if (planQuery.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-brand-700">
        {title}
        <Spinner size="lg" label="Caricamento del piano…" />
      </div>
    );
  }
  if (planQuery.isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        {title}
        <p className="font-medium text-red-800">{PLAN_MESSAGES.loadPlan}</p>
        <Button className="mt-4" variant="secondary" onClick={() => void planQuery.refetch()}>
          Riprova
        </Button>
      </div>
    );
  }

  const now = new Date();
  const status = planStatus(plan, now);
  const pay = (input: StartCheckoutInput) =>
    checkout.mutate(input, {
      onSuccess: (session) => {
        if (session.simulated)
          setPending({ sessionId: session.sessionId, description: CHECKOUT_LABELS[input.kind] });
        else if (session.url) window.location.assign(session.url);
      },
    });
  const setRenewal = (renew: boolean) =>
    renewal.mutate(renew, {
      onSuccess: () =>
        toast({
          title: renew ? "Rinnovo riattivato" : "Rinnovo annullato",
          description: "Il piano si aggiorna tra pochi secondi.",
        }),
    });

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      {title}
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{PLAN_COPY.title}</h1>
      {returnTo && !status.hasAccess ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-amber-900">
          {PLAN_COPY.gateRedirect}
        </p>
      ) : null}
      {returnTo && status.hasAccess ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-emerald-900">
          Il tuo piano è attivo.{" "}
          <Link to={paths.makeOffer.getHref(returnTo)} className="focus-ring rounded font-semibold underline">
            Torna alla tua offerta
          </Link>
        </p>
      ) : null}
      {params.get("pagamento") === "ok" ? <p role="status">{PLAN_COPY.paymentDone}</p> : null}
      {params.get("portale") === "simulato" ? <p role="status">{PLAN_COPY.simulatedPortal}</p> : null}
      {plan?.launchRefused && plan.plan !== "launch" ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-amber-900">
          {PLAN_MESSAGES.launchRefunded}
        </p>
      ) : null}
      <PlanSummary
        status={status}
        now={now}
        busy={busy}
        canOpenPortal={(payments.data?.length ?? 0) > 0 || plan?.plan === "monthly"}
        onCancel={() => setRenewal(false)}
        onResume={() => setRenewal(true)}
        onPortal={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      />
      <PlanChoices
        status={status}
        busy={busy}
        onMonthly={() => pay({ kind: "monthly" })}
        onLaunch={(code) => pay({ kind: "launch", code })}
      />
      <PaymentsList payments={payments.data} loading={payments.isPending} failed={payments.isError} />
      <SimulatedCheckoutDialog
        open={pending !== null}
        description={pending?.description ?? ""}
        busy={confirm.isPending}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending &&
          confirm.mutate(pending.sessionId, {
            onSuccess: () => {
              setPending(null);
              toast({ title: "Pagamento simulato completato", description: PLAN_COPY.paymentDone });
            },
          })
        }
      />
    </div>
  );
}
