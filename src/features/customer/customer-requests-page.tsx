import { ERROR_MESSAGES } from "@/domain/messages";
import { PRODUCT_NAME } from "@/domain/product";
import { useSession } from "@/lib/session/session-provider";
import { useCustomerOffers, useCustomerRequests } from "./api/customer-data";
import { CUSTOMER_REQUESTS_CLASSES, RequestsHeading } from "./components/customer-page-tops";
import { ErrorState, LoadingState } from "./components/query-state";
import { RequestCard } from "./components/request-card";
import { RequestLifeActions } from "./components/request-life-actions";
import { offersByRequest } from "./lib/customer-stats";

/**
 * /requests (spec §2): every request of the buyer with its status and offers, and its life's actions
 * (close, renew, cancel the deal: RequestLifeActions).
 */
export function CustomerRequestsPage() {
  const { user } = useSession();
  const uid = user?.uid ?? "";
  const requests = useCustomerRequests(uid);
  const offers = useCustomerOffers(uid);

  const grouped = offersByRequest(offers.data ?? []);

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
                action={<RequestLifeActions request={request} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
