import { useDeferredValue } from "react";
import { ERROR_MESSAGES } from "@/domain/messages";
import { PRODUCT_NAME } from "@/domain/product";
import { useSession } from "@/lib/session/session-provider";
import { useCustomerOffers, useCustomerRequests } from "./api/customer-data";
import { CUSTOMER_REQUESTS_CLASSES, RequestsHeading } from "./components/customer-page-tops";
import { ErrorState, LoadingState } from "./components/query-state";
import { RequestCards } from "./components/request-cards";

/**
 * /requests (spec §2): every request of the buyer with its status and offers, and its life's actions
 * (close, renew, cancel the deal: RequestLifeActions).
 */
export function CustomerRequestsPage() {
  const { user } = useSession();
  const uid = user?.uid ?? "";
  const requests = useCustomerRequests(uid);
  const offers = useCustomerOffers(uid);
  // The cards render from deferred copies, in React's sliced background render (RequestCards).
  const requestList = useDeferredValue(requests.data);
  const offerList = useDeferredValue(offers.data);

  return (
    <section aria-labelledby="requests-title" className={CUSTOMER_REQUESTS_CLASSES}>
      <title>{`Le tue richieste · ${PRODUCT_NAME}`}</title>
      <RequestsHeading />
      {requests.isError || offers.isError ? (
        <ErrorState
          message={ERROR_MESSAGES.loadRequests}
          onRetry={() => {
            void requests.refetch();
            void offers.refetch();
          }}
        />
      ) : !requestList || !offerList ? (
        <LoadingState />
      ) : requestList.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-slate-700">
          Non hai ancora pubblicato richieste. Parla con Algo per crearne una.
        </p>
      ) : (
        <RequestCards requests={requestList} offers={offerList} asList />
      )}
    </section>
  );
}
