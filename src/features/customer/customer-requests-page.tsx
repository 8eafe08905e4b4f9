import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { BUYER_MESSAGES, ERROR_MESSAGES } from "@/domain/messages";
import { PRODUCT_NAME } from "@/domain/product";
import type { Request } from "@/domain/request";
import { canTransitionRequest, isActiveRequest, REQUEST_STATUS } from "@/domain/state-machine";
import { useSession } from "@/lib/session/session-provider";
import { useCancelRequest, useCustomerOffers, useCustomerRequests } from "./api/customer-data";
import { CancelRequestDialog } from "./components/cancel-request-dialog";
import { ErrorState, LoadingState } from "./components/query-state";
import { RequestCard } from "./components/request-card";
import { offersByRequest } from "./lib/customer-stats";

/** /requests (spec §2): every request of the buyer with its status and offers; active ones can be cancelled. */
export function CustomerRequestsPage() {
  const { user } = useSession();
  const uid = user?.uid ?? "";
  const requests = useCustomerRequests(uid);
  const offers = useCustomerOffers(uid);
  const cancel = useCancelRequest(uid);
  const { toast } = useToast();
  const [toCancel, setToCancel] = useState<Request | null>(null);

  const confirmCancel = () => {
    if (!toCancel) return;
    cancel.mutate(toCancel.id, {
      onSuccess: () => toast({ title: BUYER_MESSAGES.requestCancelled }),
      onSettled: () => setToCancel(null),
    });
  };

  const grouped = offersByRequest(offers.data ?? []);

  return (
    <section aria-labelledby="requests-title" className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <title>{`Le tue richieste · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="requests-title" className="text-2xl font-bold text-slate-900">
          Le tue richieste
        </h1>
        <Link to={paths.create.getHref()} className={buttonClasses({ size: "sm" })}>
          Nuova richiesta
        </Link>
      </div>
      {requests.isError || offers.isError ? (
        <ErrorState
          message={ERROR_MESSAGES.loadRequests}
          onRetry={() => {
            void requests.refetch();
            void offers.refetch();
          }}
        />
      ) : !requests.data || !offers.data ? (
        <LoadingState />
      ) : requests.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-slate-700">
          Non hai ancora pubblicato richieste. Parla con Algo per crearne una.
        </p>
      ) : (
        <ul className="space-y-3">
          {requests.data.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                offers={grouped.get(request.id) ?? []}
                action={
                  canTransitionRequest(request.status, REQUEST_STATUS.cancelled) &&
                  isActiveRequest(request.status) ? (
                    <Button variant="secondary" size="sm" onClick={() => setToCancel(request)}>
                      Annulla richiesta
                      <span className="sr-only"> {request.productName}</span>
                    </Button>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      <CancelRequestDialog
        productName={toCancel?.productName ?? null}
        pending={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setToCancel(null)}
      />
    </section>
  );
}
