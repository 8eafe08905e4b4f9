import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ERROR_MESSAGES } from "@/domain/messages";
import { PRODUCT_NAME } from "@/domain/product";
import { useSession } from "@/lib/session/session-provider";
import { useCustomerOffers, useCustomerRequests } from "./api/customer-data";
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
                action={<RequestLifeActions request={request} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
