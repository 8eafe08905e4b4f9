import { type Query, type QueryClient, useQuery } from "@tanstack/react-query";
import type { DealCalls } from "@/components/marketplace/deal-actions";
import { JUST_READ_MS, REQUEST_QUERY_LIMIT } from "@/domain/limits";
import { useLiveCache } from "@/lib/live-cache";
import { useWithoutBlockedShops } from "./blocked-shops";

// The data modules (and with them the full Firestore SDK, ~136 kB gzip) load when the first query runs,
// not with the route: the page paints first and the route stays within its 300 kB initial-JS budget.
// One import each, shared by the one-shot read and the listener that start together (two concurrent
// import() calls of a module vitest mocks can resolve to the real one and the mock).
let requestsImport: Promise<typeof import("@/data/requests")> | undefined;
let offersImport: Promise<typeof import("@/data/offers")> | undefined;
const requestsModule = () => {
  requestsImport ??= import("@/data/requests");
  return requestsImport;
};
const offersModule = () => {
  offersImport ??= import("@/data/offers");
  return offersImport;
};

/** Requests read for the dashboard stats and /requests: the buyer's newest (the rules bound every list). */
export const CUSTOMER_REQUESTS_MAX = REQUEST_QUERY_LIMIT;
/** Offers read for the same screens: the newest received. */
export const CUSTOMER_OFFERS_MAX = REQUEST_QUERY_LIMIT;

export const customerKeys = {
  all: (uid: string) => ["customer", uid] as const,
  requests: (uid: string) => ["customer", uid, "requests"] as const,
  offers: (uid: string) => ["customer", uid, "offers"] as const,
};

/**
 * Read again on every mount (a request just published by Algo, or an offer just received, must show),
 * unless the data has just arrived: the route gate's early read (prefetchCustomerData).
 */
const refetchUnlessJustRead = <T>(query: Query<T, Error, T, readonly unknown[]>): boolean =>
  Date.now() - query.state.dataUpdatedAt > JUST_READ_MS;

const requestsQuery = (uid: string) => ({
  queryKey: customerKeys.requests(uid),
  staleTime: 0,
  refetchOnMount: refetchUnlessJustRead,
  queryFn: async () => (await requestsModule()).listCustomerRequests(uid, CUSTOMER_REQUESTS_MAX),
});

const offersQuery = (uid: string) => ({
  queryKey: customerKeys.offers(uid),
  staleTime: 0,
  refetchOnMount: refetchUnlessJustRead,
  queryFn: async () => (await offersModule()).listCustomerOffers(uid, CUSTOMER_OFFERS_MAX),
});

/**
 * Starts the buyer screens' reads as soon as the signed-in uid is known, while the session still reads
 * the user document (src/app/routes.tsx `prefetch`): the lists arrive one round trip sooner.
 */
export function prefetchCustomerData(client: QueryClient, uid: string): void {
  void client.prefetchQuery(requestsQuery(uid));
  void client.prefetchQuery(offersQuery(uid));
}

/** The buyer's requests: read once, then kept live (a status change shows at once). */
export function useCustomerRequests(uid: string) {
  useLiveCache(
    customerKeys.requests(uid),
    async (listener) =>
      (await requestsModule()).subscribeToCustomerRequests(uid, CUSTOMER_REQUESTS_MAX, listener),
    uid !== "",
  );
  return useQuery(requestsQuery(uid));
}

/**
 * The offers on the buyer's requests: read once, then kept live (a new offer counts at once); offers of
 * shops the buyer blocked are left out.
 */
export function useCustomerOffers(uid: string) {
  useLiveCache(
    customerKeys.offers(uid),
    async (listener) => (await offersModule()).subscribeToCustomerOffers(uid, CUSTOMER_OFFERS_MAX, listener),
    uid !== "",
  );
  const select = useWithoutBlockedShops(uid);
  return useQuery({ ...offersQuery(uid), select });
}

/** Accetta / Rifiuta on the request cards; the callables' SDK loads at the first decision, not with the page. */
export const lazyDealCalls: DealCalls = {
  acceptOffer: async (input) => (await import("@/data/deals")).acceptOffer(input),
  rejectOffer: async (input) => (await import("@/data/deals")).rejectOffer(input),
};
