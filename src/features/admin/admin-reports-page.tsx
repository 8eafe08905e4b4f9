import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";
import { SHOP_REVIEW_COPY } from "@/domain/people/shop-verification-messages";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";
import { useAdminRole, useModerate, useReportQueue } from "./api/reports";
import { AppealQueue } from "./components/appeal-queue";
import { ReportCard } from "./components/report-card";

/** /admin/segnalazioni: the moderation queue, for accounts with the admin claim. */
export function AdminReportsPage() {
  const role = useAdminRole();
  const isAdmin = role.data === true;
  const queue = useReportQueue(isAdmin);
  const decide = useModerate();
  const { toast } = useToast();

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <title>{`${SHOP_REVIEW_COPY.reportsLink} · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{SHOP_REVIEW_COPY.reportsLink}</h1>
        <a href={paths.adminShops.getHref()} className="text-teal-800 underline">
          {SHOP_REVIEW_COPY.title}
        </a>
      </div>
      {role.isPending ? (
        <Spinner label="Verifica del ruolo…" />
      ) : !isAdmin ? (
        <p role="alert" className="rounded-lg bg-orange-50 px-3 py-2 text-orange-900">
          {MODERATION_MESSAGES.adminOnly}
        </p>
      ) : queue.isPending ? (
        <Spinner label="Caricamento delle segnalazioni…" />
      ) : queue.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-red-800">Non siamo riusciti a caricare le segnalazioni.</p>
          <Button variant="secondary" size="sm" onClick={() => void queue.refetch()}>
            Riprova
          </Button>
        </div>
      ) : queue.data.length === 0 ? (
        <p className="text-slate-700">Nessuna segnalazione: tutto tranquillo.</p>
      ) : (
        <div className="space-y-4">
          {queue.data.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              busyAction={
                decide.isPending && decide.variables?.reportId === report.id ? decide.variables.action : null
              }
              onDecide={(action, reasons) =>
                decide.mutate(
                  { reportId: report.id, action, ...reasons },
                  { onSuccess: () => toast({ title: MODERATION_MESSAGES.actionDone }) },
                )
              }
            />
          ))}
        </div>
      )}
      <AppealQueue enabled={isAdmin} />
    </div>
  );
}
