import { lazy, Suspense, useDeferredValue, useMemo } from "react";
import { Link } from "react-router";
import { TokenWallet } from "@/components/tokens/token-wallet";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { CUSTOMER_DASHBOARD_OFFERS_PER_REQUEST, CUSTOMER_DASHBOARD_REQUESTS } from "@/domain/core/limits";
import { PRODUCT_NAME } from "@/domain/core/product";
import { seeAllRequestsLabel } from "@/domain/marketplace/buyer-lists-messages";
import { CUSTOMER_FALLBACK_NAME } from "@/domain/marketplace/marketplace-messages";
import { useSession } from "@/lib/session/session-provider";
import {
  CUSTOMER_REQUESTS_MAX,
  useCustomerCounts,
  useCustomerOffers,
  useCustomerOffersFull,
  useCustomerRequests,
} from "./api/customer-data";
import {
  CUSTOMER_DASHBOARD_CLASSES,
  DashboardGreeting,
  QuickLinks,
  TalkToAlgoLink,
} from "./components/customer-shell";
import { FirstRequestWelcome } from "./components/first-request-welcome";
import { ErrorState, LoadingState } from "./components/query-state";
import { RequestCards } from "./components/request-cards";
import { StatsGrid } from "./components/stats-grid";
import { customerStats } from "./lib/customer-stats";

// 'Attiva le notifiche' (components/push), loaded once the dashboard has rendered.
const PushPrompt = lazy(() =>
  import("@/components/push/push-prompt").then((module) => ({ default: module.PushPrompt })),
);

/** /customer (spec §2): greeting, tokens, stats from the buyer's requests and offers, latest requests. */
export function CustomerDashboardPage() {
  const { user, userData } = useSession();
  const uid = user?.uid ?? "";
  const requests = useCustomerRequests(uid);
  const offers = useCustomerOffers(uid);
  const name = userData?.firstName?.trim() || userData?.displayName?.trim() || CUSTOMER_FALLBACK_NAME;

  // The stats and cards render from deferred copies, in React's sliced background render (RequestCards).
  const requestList = useDeferredValue(requests.data);
  const offerList = useDeferredValue(offers.data);
  // A full newest list is no longer the count: then the numbers are counted on the server.
  const counted = useCustomerCounts(
    uid,
    { requests: (requestList?.length ?? 0) >= CUSTOMER_REQUESTS_MAX, offers: useCustomerOffersFull(uid) },
    requests.dataUpdatedAt + offers.dataUpdatedAt,
  );
  const latest = useMemo(() => (requestList ?? []).slice(0, CUSTOMER_DASHBOARD_REQUESTS), [requestList]);

  const failed = requests.isError || offers.isError;
  const firstTime = Boolean(requestList && offerList) && !failed && requestList?.length === 0;

  return (
    <section aria-labelledby="customer-title" className={CUSTOMER_DASHBOARD_CLASSES}>
      <title>{`La tua area · ${PRODUCT_NAME}`}</title>
      <DashboardGreeting name={name} wallet={<TokenWallet />} />
      {firstTime ? (
        <FirstRequestWelcome />
      ) : (
        <>
          {/* Once a request is out (publishing leads here), offers may come at any time: ask then. */}
          {uid && (requestList?.length ?? 0) > 0 ? (
            <Suspense fallback={null}>
              <PushPrompt uid={uid} audience="buyer" />
            </Suspense>
          ) : null}
          <TalkToAlgoLink />
          {failed ? (
            <ErrorState
              message={ERROR_MESSAGES.loadRequests}
              onRetry={() => {
                void requests.refetch();
                void offers.refetch();
              }}
            />
          ) : !requestList || !offerList ? (
            <LoadingState />
          ) : (
            <StatsGrid stats={customerStats(requestList, offerList, counted)} />
          )}
          <QuickLinks />
        </>
      )}

      {requestList && offerList && !failed && !firstTime ? (
        <section aria-labelledby="latest-title" className="space-y-3">
          <h2 id="latest-title" className="text-lg font-semibold text-slate-900">
            Le tue ultime richieste
          </h2>
          <RequestCards
            requests={latest}
            offers={offerList}
            maxOffers={CUSTOMER_DASHBOARD_OFFERS_PER_REQUEST}
          />
          {requestList.length > CUSTOMER_DASHBOARD_REQUESTS ? (
            <Link
              to={paths.requests.getHref()}
              className={buttonClasses({ variant: "secondary", className: "w-full" })}
            >
              {seeAllRequestsLabel(requestList.length)}
            </Link>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
