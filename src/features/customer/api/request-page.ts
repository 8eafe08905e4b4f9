import { useQueries, useQuery } from "@tanstack/react-query";
import type { PublicProfile } from "@/domain/user";
import { useLiveCache } from "@/lib/live-cache";
import { useWithoutBlockedShops } from "./blocked-shops";

// Loaded with the first query, not with the route; one import each, shared by the read and the listener
// that start together (see ./customer-data.ts: two concurrent import() calls of a module vitest mocks
// can resolve to the real one and the mock).
let requestsImport: Promise<typeof import("@/data/requests")> | undefined;
let shopPageImport: Promise<typeof import("@/data/shop-page")> | undefined;
let profilesImport: Promise<typeof import("@/data/profiles")> | undefined;
let offersImport: Promise<typeof import("@/data/received-offers")> | undefined;
const requestsModule = () => {
  requestsImport ??= import("@/data/requests");
  return requestsImport;
};
const shopPageModule = () => {
  shopPageImport ??= import("@/data/shop-page");
  return shopPageImport;
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

/** One of the buyer's requests, read once then live (a status change shows at once); null if hidden. */
export function useBuyerRequest(requestId: string) {
  useLiveCache(
    requestPageKeys.request(requestId),
    async (listener) => (await requestsModule()).subscribeToRequest(requestId, listener),
    requestId !== "",
  );
  return useQuery({
    queryKey: requestPageKeys.request(requestId),
    staleTime: 0,
    queryFn: async () => (await requestsModule()).getRequest(requestId),
  });
}

/**
 * Every offer on the request, live: a new offer, an edit or a decision shows without a reload; offers of
 * shops the buyer blocked are left out.
 */
export function useRequestOffers(requestId: string, uid: string, enabled: boolean) {
  useLiveCache(
    requestPageKeys.offers(requestId, uid),
    async (listener) => (await shopPageModule()).subscribeToRequestOffers(requestId, uid, listener),
    enabled && uid !== "",
  );
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
