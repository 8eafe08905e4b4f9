import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { CompleteCall } from "@/components/marketplace/completion";
import type { DealCalls } from "@/components/marketplace/deal-actions";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import type { News } from "@/domain/notifications/unread-counts";
import { firstQuery } from "@/lib/first-read";
import { lazyModule, type PageRead, pageReadOptions, prefetchPageRead, usePageRead } from "@/lib/page-data";
import type { CustomerStats } from "../lib/customer-stats";
import { useWithoutBlockedShops } from "./blocked-shops";
import {
  CUSTOMER_OFFERS_MAX,
  CUSTOMER_REQUESTS_MAX,
  customerOffersFirstQuery,
  customerRequestsFirstQuery,
} from "./first-reads";

// The data modules (and the schemas they parse with) load with the first read, not with the route.
const requestsModule = lazyModule(() => import("@/data/requests"));
const offersModule = lazyModule(() => import("@/data/received-offers"));
// The parsers of the first reads over REST (src/lib/first-read.ts): no Firebase in them.
const requestParsing = lazyModule(() => import("@/data/request-parsing"));
const offerParsing = lazyModule(() => import("@/data/offer-documents"));

export { CUSTOMER_OFFERS_MAX, CUSTOMER_REQUESTS_MAX } from "./first-reads";

export const customerKeys = {
  all: (uid: string) => ["customer", uid] as const,
  requests: (uid: string) => ["customer", uid, "requests"] as const,
  offers: (uid: string) => ["customer", uid, "offers"] as const,
  /** The pages after the live newest list, from the request it ends with. */
  olderRequests: (uid: string, afterId: string) => ["customer", uid, "requests", "older", afterId] as const,
  counts: (uid: string) => ["customer", uid, "counts"] as const,
};

const requestsRead = (uid: string): PageRead<Request[]> => ({
  queryKey: customerKeys.requests(uid),
  read: async () => (await requestsModule()).listCustomerRequests(uid, CUSTOMER_REQUESTS_MAX),
  first: firstQuery(customerRequestsFirstQuery(uid), async (documents) =>
    (await requestParsing()).parseRequestDocuments(documents),
  ),
});

const offersRead = (uid: string): PageRead<Offer[]> => ({
  queryKey: customerKeys.offers(uid),
  read: async () => (await offersModule()).listCustomerOffers(uid, CUSTOMER_OFFERS_MAX),
  first: firstQuery(customerOffersFirstQuery(uid), async (documents) =>
    (await offerParsing()).parseOfferDocuments(documents),
  ),
});

/**
 * Starts the buyer screens' reads as soon as the signed-in uid is known, while the session still reads
 * the user document (src/app/routes.tsx `prefetch`): the lists arrive one round trip sooner.
 */
export function prefetchCustomerData(client: QueryClient, uid: string): void {
  prefetchPageRead(client, requestsRead(uid));
  prefetchPageRead(client, offersRead(uid));
}

/**
 * What changes the buyer's requests and offers from elsewhere: a new offer, or a notification (an offer
 * withdrawn, a deal cancelled, a request about to expire). Messages alone change neither.
 */
// A deal the shop moved without a notification (its sale verified at the till) is news too.
const offerNews = (news: News) => news.notifications || news.deals || news.offers.length > 0;

/**
 * The buyer's requests: read once, and again when an offer or a notification arrives for them
 * (src/lib/news.ts), when the tab comes back into view, and after their own changes.
 */
export function useCustomerRequests(uid: string) {
  return usePageRead(requestsRead(uid), { news: { uid, wanted: offerNews } });
}

/**
 * The offers on the buyer's requests: read once, and again like the requests (a new offer counts as
 * soon as the header hears of it); offers of shops the buyer blocked are left out.
 */
export function useCustomerOffers(uid: string) {
  const select = useWithoutBlockedShops(uid);
  return usePageRead(offersRead(uid), { news: { uid, wanted: offerNews }, select });
}

const isFull = (list: readonly unknown[]) => list.length >= CUSTOMER_OFFERS_MAX;

/**
 * Whether the newest-offers list came back full (before blocked shops are left out): then it is no
 * longer the count (useCustomerCounts). The same cached query, no second read.
 */
export function useCustomerOffersFull(uid: string): boolean {
  return useQuery({ ...pageReadOptions(offersRead(uid)), select: isFull }).data ?? false;
}

/** The cursor after a request: its createdAt, then its id (listCustomerRequests). */
const cursorAfter = (request: Request) => ({ createdAt: request.createdAt, id: request.id });

/**
 * /requests' older pages: the live list holds the newest CUSTOMER_REQUESTS_MAX; when it is full, 'Mostra
 * richieste precedenti' reads the next page after its last request, one tap at a time (one-shot reads:
 * old requests change rarely, and reopening the page reads them again).
 */
export function useOlderCustomerRequests(uid: string, newest: readonly Request[] | undefined) {
  const last = newest && newest.length >= CUSTOMER_REQUESTS_MAX ? newest[newest.length - 1] : undefined;
  const query = useInfiniteQuery({
    queryKey: customerKeys.olderRequests(uid, last?.id ?? ""),
    // Nothing is read until the buyer asks (fetchNextPage starts with the first page). A new request
    // changes the live list's last one, and with it this key: the pages start again after it.
    enabled: false,
    initialPageParam: last ? cursorAfter(last) : undefined,
    queryFn: async ({ pageParam }) =>
      (await requestsModule()).listCustomerRequests(uid, CUSTOMER_REQUESTS_MAX, pageParam),
    getNextPageParam: (page: Request[]) => {
      const end = page[page.length - 1];
      return page.length >= CUSTOMER_REQUESTS_MAX && end ? cursorAfter(end) : undefined;
    },
  });
  return {
    pages: query.data?.pages,
    /** The live list came back full and no page yet, or the last page did. */
    hasMore: query.data ? query.hasNextPage : last !== undefined,
    loading: query.isFetching,
    failed: query.isError,
    loadMore: () => void query.fetchNextPage(),
  };
}

/**
 * The dashboard's numbers when a newest list is full (CUSTOMER_*_MAX): then the list is no longer the
 * count, and each number is an aggregation counted up to REQUEST_QUERY_LIMIT ("50+" from there). Below
 * that nothing is read: the lists already hold every request and offer.
 */
export function useCustomerCounts(
  uid: string,
  full: { requests: boolean; offers: boolean },
  /** When the live lists last changed: the counts are read again then (they are not live themselves). */
  version: number,
): Partial<CustomerStats> | undefined {
  const enabled = uid !== "" && (full.requests || full.offers);
  const counts = useQuery({
    queryKey: [...customerKeys.counts(uid), full.requests, full.offers, version],
    enabled,
    // The numbers on screen stay while the next ones are counted.
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Partial<CustomerStats>> => {
      const counted: Partial<CustomerStats> = {};
      if (full.requests) {
        const { countCustomerRequests } = await requestsModule();
        const [active, negotiations, completed] = await Promise.all([
          countCustomerRequests(uid, REQUEST_STATUS.active),
          countCustomerRequests(uid, REQUEST_STATUS.inProgress),
          countCustomerRequests(uid, REQUEST_STATUS.completed),
        ]);
        Object.assign(counted, { active, negotiations, completed });
      }
      if (full.offers) counted.offersReceived = await (await offersModule()).countCustomerOffers(uid);
      return counted;
    },
  });
  // Only the numbers of the lists full now: a kept answer may count a list that no longer is.
  if (!enabled || !counts.data) return undefined;
  const { active, negotiations, completed, offersReceived } = counts.data;
  return {
    ...(full.requests && active !== undefined ? { active } : {}),
    ...(full.requests && negotiations !== undefined ? { negotiations } : {}),
    ...(full.requests && completed !== undefined ? { completed } : {}),
    ...(full.offers && offersReceived !== undefined ? { offersReceived } : {}),
  };
}

/** Accetta / Rifiuta on the request cards; the callables' SDK loads at the first decision, not with the page. */
export const lazyDealCalls: DealCalls & { completeTransaction: CompleteCall } = {
  acceptOffer: async (input) => (await import("@/data/deals")).acceptOffer(input),
  rejectOffer: async (input) => (await import("@/data/deals")).rejectOffer(input),
  shopHold: async (merchantId) => (await import("@/data/deals")).shopHold(merchantId),
  // The rating of a deal verified at the till, from the buyer's request card.
  completeTransaction: async (input) => (await import("@/data/deals")).completeTransaction(input),
};
