import { useDeferredValue, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { PRODUCT_NAME } from "@/domain/core/product";
import { BUYER_LISTS_COPY } from "@/domain/marketplace/buyer-lists-messages";
import { useSession } from "@/lib/session/session-provider";
import { useCustomerOffers, useCustomerRequests, useOlderCustomerRequests } from "./api/customer-data";
import { CUSTOMER_REQUESTS_CLASSES, RequestsHeading } from "./components/customer-shell";
import { ErrorState, LoadingState } from "./components/query-state";
import { RequestCards } from "./components/request-cards";
import { withOlderRequests } from "./lib/customer-stats";

/**
 * /requests (spec §2): every request of the buyer with its status and offers, and its life's actions
 * (close, renew, cancel the deal: RequestLifeActions). The newest CUSTOMER_REQUESTS_MAX are live; older
 * ones come a page at a time ('Mostra richieste precedenti'), their offers counted from each request.
 */
export function CustomerRequestsPage() {
  const { user } = useSession();
  const uid = user?.uid ?? "";
  const requests = useCustomerRequests(uid);
  const offers = useCustomerOffers(uid);
  const older = useOlderCustomerRequests(uid, requests.data);
  const all = useMemo(
    () => (requests.data ? withOlderRequests(requests.data, older.pages) : undefined),
    [requests.data, older.pages],
  );
  // The cards render from deferred copies, in React's sliced background render (RequestCards).
  const requestList = useDeferredValue(all);
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
        <>
          <RequestCards requests={requestList} offers={offerList} asList />
          <OlderRequestsButton older={older} />
        </>
      )}
    </section>
  );
}

/**
 * 'Mostra richieste precedenti' while there may be more (the live list, then each page, came back full);
 * a failed page says so and can be tried again, the requests already shown stay.
 */
function OlderRequestsButton({ older }: { older: ReturnType<typeof useOlderCustomerRequests> }) {
  if (!older.hasMore) return null;
  return (
    <div className="space-y-2">
      {older.failed ? (
        <p role="alert" className="text-sm text-red-800">
          {ERROR_MESSAGES.loadRequests}
        </p>
      ) : null}
      <Button variant="secondary" className="w-full" loading={older.loading} onClick={older.loadMore}>
        {BUYER_LISTS_COPY.showOlder}
      </Button>
    </div>
  );
}
