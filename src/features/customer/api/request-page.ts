import { useQueries, useQuery } from "@tanstack/react-query";
import { offerIdParts } from "@/domain/marketplace/offer";
import type { News } from "@/domain/notifications/unread-counts";
import type { PublicProfile } from "@/domain/people/user";
import { useRefreshOnNews } from "@/lib/news";
import { useWithoutBlockedShops } from "./blocked-shops";

// Loaded with the first query, not with the route; one import each, shared by the read and the listener
// that start together (see ./customer-data.ts: two concurrent import() calls of a module vitest mocks
// can resolve to the real one and the mock).
let requestsImport: Promise<typeof import("@/data/requests")> | undefined;
let profilesImport: Promise<typeof import("@/data/profiles")> | undefined;
let offersImport: Promise<typeof import("@/data/received-offers")> | undefined;
const requestsModule = () => {
  requestsImport ??= import("@/data/requests");
  return requestsImport;
};
const profilesModule = () => {
  profilesImport ??= import("@/data/profiles");
  return profilesImport;
};
const offersModule = () => {
  offersImport ??= import("@/data/received-offers");
  return offersImport;
};

export const requestPageKeys = {
  request: (requestId: string) => ["customer-request", requestId] as const,
  offers: (requestId: string, uid: string) => ["customer-request", requestId, "offers", uid] as const,
  shop: (merchantId: string) => ["shop", merchantId, "profile"] as const,
};

/** A notification, or a new offer on this request (a conversation's id is its offer's). */
const newsAbout = (requestId: string) => (news: News) =>
  news.notifications || news.offers.some((id) => offerIdParts(id)?.requestId === requestId);

/**
 * One of the buyer's requests; null if hidden. Read once, and again when its news arrives
 * (src/lib/news.ts), when the tab comes back into view and after the buyer's own changes.
 */
export function useBuyerRequest(requestId: string, uid: string) {
  useRefreshOnNews(uid, requestPageKeys.request(requestId), { wanted: newsAbout(requestId) });
  return useQuery({
    queryKey: requestPageKeys.request(requestId),
    staleTime: 0,
    queryFn: async () => (await requestsModule()).getRequest(requestId),
  });
}

/**
 * Every offer on the request: a new offer or a withdrawal shows as soon as the header hears of it
 * (src/lib/news.ts); offers of shops the buyer blocked are left out.
 */
export function useRequestOffers(requestId: string, uid: string, enabled: boolean) {
  useRefreshOnNews(uid, requestPageKeys.offers(requestId, uid), { wanted: newsAbout(requestId), enabled });
  const select = useWithoutBlockedShops(uid);
  return useQuery({
    queryKey: requestPageKeys.offers(requestId, uid),
    staleTime: 0,
    enabled: enabled && uid !== "",
    queryFn: async () => (await offersModule()).listOffersForRequest(requestId, uid),
    select,
  });
}

/**
 * The public profiles of the shops that offered (rating, count, position), one read each, shared with
 * the shop's page cache. A profile that fails to load leaves its shop's rating and distance unknown.
 */
export function useShopProfiles(merchantIds: readonly string[]): Map<string, PublicProfile> {
  const results = useQueries({
    queries: merchantIds.map((merchantId) => ({
      queryKey: requestPageKeys.shop(merchantId),
      staleTime: 60_000,
      queryFn: async () => (await profilesModule()).getPublicProfile(merchantId),
    })),
  });
  const profiles = new Map<string, PublicProfile>();
  results.forEach((result, index) => {
    const id = merchantIds[index];
    if (id && result.data) profiles.set(id, result.data);
  });
  return profiles;
}
