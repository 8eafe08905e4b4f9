import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { PLAN_COPY, PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import type { Payment } from "@/domain/billing/plan-payments";
import { formatCents } from "@/domain/billing/pricing";

type Props = { payments: Payment[] | undefined; loading: boolean; failed: boolean };

const day = (date: Date) =>
  date.toLocaleDateString("it-IT", { day: "numeric", month: "short", year: "numeric" });

/** Receipts, newest first, each with the IVA split (prices include 22 % IVA). */
export function PaymentsList({ payments, loading, failed }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{PLAN_COPY.payments}</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner label="Caricamento dei pagamenti…" />
        ) : failed ? (
          <p role="alert" className="text-red-800">
            {PLAN_MESSAGES.loadPayments}
          </p>
        ) : !payments || payments.length === 0 ? (
          <p className="text-slate-700">{PLAN_COPY.noPayments}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {payments.map((payment) => (
              <li key={payment.id} className="py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-slate-900">{payment.description}</span>
                  <span className="text-sm text-slate-600">{day(payment.paidAt)}</span>
                </div>
                <dl className="mt-1 grid grid-cols-3 gap-2 text-sm text-slate-700">
                  <div>
                    <dt>{PLAN_COPY.net}</dt>
                    <dd>{formatCents(payment.netCents)}</dd>
                  </div>
                  <div>
                    <dt>{PLAN_COPY.vat}</dt>
                    <dd>{formatCents(payment.vatCents)}</dd>
                  </div>
                  <div>
                    <dt>{PLAN_COPY.total}</dt>
                    <dd className="font-semibold text-slate-900">{formatCents(payment.grossCents)}</dd>
                  </div>
                </dl>
                {payment.receiptUrl ? (
                  <a
                    href={payment.receiptUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="focus-ring mt-1 inline-block rounded text-sm font-medium text-brand-800 underline"
                  >
                    {PLAN_COPY.receipt}
                    <span className="sr-only"> (si apre in una nuova scheda)</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
