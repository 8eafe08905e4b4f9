import type { MerchantOfferRow } from "@/data/merchant-offer-rows";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { RequestCategory } from "@/domain/core/enums";
import {
  MERCHANT_DASHBOARD_OFFERS,
  MERCHANT_ZONE_COUNT_CAP,
  MERCHANT_ZONE_RADIUS_KM,
} from "@/domain/core/limits";
import type { LatLng } from "@/domain/geo/geo";
import { shopMonthOf } from "@/domain/market/shop-funnel";
import type { Offer } from "@/domain/marketplace/offer";
import { shopDayStart, TODAYS_PICKUPS_MAX } from "@/domain/marketplace/pickup-hold";
import { OFFER_STATUS } from "@/domain/marketplace/state-machine";
import { failWith } from "@/lib/app-error";
import { firstQuery } from "@/lib/first-read";
import { decisionNews, merchantOffersKey } from "@/lib/merchant-offers-live";
import { moduleWithPage, type PageRead, usePageRead } from "@/lib/page-data";
import { recentOffersFirstQuery } from "./first-reads";

// The data modules (and the schemas they parse with), downloaded with the page's code (src/lib/page-data.ts).
const offersModule = moduleWithPage(() => import("@/data/offers"));
const requestsModule = moduleWithPage(() => import("@/data/requests"));

/** Query keys of the merchant dashboard; offers' keys start with "offers" so sending one refreshes them. */
export const merchantKeys = {
  zone: (uid: string, center: LatLng, categories: readonly RequestCategory[] | undefined) =>
    ["merchant", uid, "zone", center.lat, center.lng, categories?.join("|") ?? ""] as const,
  offerStats: (uid: string) => [...merchantOffersKey(uid), "stats"] as const,
  recentOffers: (uid: string) => [...merchantOffersKey(uid), "recent"] as const,
};

/**
 * Requests in the merchant's zone (MERCHANT_ZONE_RADIUS_KM around the shop, reaching the shop) in the
 * categories shown (undefined: all; src/domain/marketplace/feed-categories.ts), counted exactly up to
 * MERCHANT_ZONE_COUNT_CAP: the feed's first page of that size, so the count is real and costs what one
 * feed page costs. The newest of them are the dashboard's nearby list.
 */
function zoneRequestsRead(uid: string, center: LatLng, categories: readonly RequestCategory[] | undefined) {
  return {
    queryKey: merchantKeys.zone(uid, center, categories),
    read: async () => {
      const { fetchNearbyRequests } = await requestsModule();
      const page = await fetchNearbyRequests({
        center,
        radiusKm: MERCHANT_ZONE_RADIUS_KM,
        categories,
        pageSize: MERCHANT_ZONE_COUNT_CAP,
      }).catch(failWith(ERROR_MESSAGES.loadRequests));
      return { requests: page.items, capped: page.nextCursor !== null };
    },
  };
}

/** Offers sent, pending and accepted: three count aggregations (no documents read). */
function offerStatsRead(uid: string) {
  return {
    queryKey: merchantKeys.offerStats(uid),
    read: async () => {
      const { countMerchantOffers } = await offersModule();
      const [sent, pending, accepted] = await Promise.all([
        countMerchantOffers(uid),
        countMerchantOffers(uid, OFFER_STATUS.pending),
        countMerchantOffers(uid, OFFER_STATUS.accepted),
      ]).catch(failWith(ERROR_MESSAGES.loadStats));
      return { sent, pending, accepted };
    },
  };
}

/** The merchant's latest offers, titled by the product each names (spec §9: 4). */
function recentOffersRead(uid: string): PageRead<MerchantOfferRow[]> {
  return {
    queryKey: merchantKeys.recentOffers(uid),
    read: async () =>
      (await offersModule())
        .listRecentMerchantOffers(uid, MERCHANT_DASHBOARD_OFFERS)
        .catch(failWith(ERROR_MESSAGES.loadOffers)),
    // On a page load, the route's read over REST (./first-reads.ts), made into rows without Firebase.
    first: firstQuery(recentOffersFirstQuery(uid), async (documents) => {
      const [{ parseOfferDocuments }, { withRequestsForTitles }] = await Promise.all([
        import("@/data/offer-documents"),
        import("@/data/merchant-offer-rows"),
      ]);
      return withRequestsForTitles(await parseOfferDocuments(documents));
    }),
  };
}

/** The shop's offer screens read again when a buyer's decision reaches it (src/lib/merchant-offers-live.ts). */
const offerNews = (uid: string) => ({ news: { uid, wanted: decisionNews } });

export const useZoneRequests = (
  uid: string,
  center: LatLng,
  categories: readonly RequestCategory[] | undefined,
) => usePageRead(zoneRequestsRead(uid, center, categories));
/** The counts, live: the buyer's decisions show without a reload (merchant-offers-live.ts). */
export const useOfferStats = (uid: string) => usePageRead(offerStatsRead(uid), offerNews(uid));
export const useRecentOffers = (uid: string) => usePageRead(recentOffersRead(uid), offerNews(uid));

/**
 * 'Ritiri di oggi': the shop's accepted deals whose hold ends today or later, soonest first, bounded
 * (TODAYS_PICKUPS_MAX). Live with the shop's offers: a verified pickup leaves the list.
 */
export function useTodaysPickups(uid: string) {
  const read: PageRead<Offer[]> = {
    queryKey: [...merchantOffersKey(uid), "pickups"] as const,
    read: async () =>
      (await offersModule()).listHeldOffers(uid, shopDayStart(new Date()), TODAYS_PICKUPS_MAX),
  };
  return usePageRead(read, offerNews(uid));
}

/** This month's funnel 'Offerte → Accettate → Acquisti verificati' (the server's counters), live. */
export function useShopFunnel(uid: string) {
  const read = {
    queryKey: [...merchantOffersKey(uid), "funnel"] as const,
    read: async () => (await offersModule()).getShopMonth(uid, shopMonthOf(new Date())),
  };
  return usePageRead(read, offerNews(uid));
}
