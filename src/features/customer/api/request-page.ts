import { useQueries } from "@tanstack/react-query";
import { offerIdParts } from "@/domain/marketplace/offer";
import type { News } from "@/domain/notifications/unread-counts";
import type { PublicProfile } from "@/domain/people/user";
import { lazyModule, usePageRead } from "@/lib/page-data";
import { useWithoutBlockedShops } from "./blocked-shops";

// The data modules load with the first read, not with the route (src/lib/page-data.ts).
const requestsModule = lazyModule(() => import("@/data/requests"));
const profilesModule = lazyModule(() => import("@/data/profiles"));
const offersModule = lazyModule(() => import("@/data/received-offers"));

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
  const read = async () => (await requestsModule()).getRequest(requestId);
  return usePageRead(
    { queryKey: requestPageKeys.request(requestId), read },
    { news: { uid, wanted: newsAbout(requestId) } },
  );
}

/**
 * Every offer on the request: a new offer or a withdrawal shows as soon as the header hears of it
 * (src/lib/news.ts); offers of shops the buyer blocked are left out.
 */
export function useRequestOffers(requestId: string, uid: string, enabled: boolean) {
  const select = useWithoutBlockedShops(uid);
  const read = async () => (await offersModule()).listOffersForRequest(requestId, uid);
  return usePageRead(
    { queryKey: requestPageKeys.offers(requestId, uid), read },
    { news: { uid, wanted: newsAbout(requestId) }, enabled: enabled && uid !== "", select },
  );
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
