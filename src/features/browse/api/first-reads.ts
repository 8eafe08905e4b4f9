import { feedQuerySpec } from "@/data/feed-query";
import { CATEGORY_LABELS } from "@/domain/core/enum-values";
import type { RequestCategory } from "@/domain/core/enums";
import { DEFAULT_MERCHANT_LOCATION, FEED_PAGE_SIZE } from "@/domain/core/limits";
import { firstRoundFetches } from "@/domain/geo/geo-feed";
import { scopeCategories } from "@/domain/marketplace/feed-categories";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { readUserCopy } from "@/lib/session/user-copy";
import { startFirstReads } from "@/lib/start-first-reads";
import { filtersFromSearchParams } from "../lib/feed-filters";

// The shop feed's first round, as the route starts it on a page load before zod and Firebase have
// loaded (src/lib/first-read.ts): the same sub-queries, filters and batches the page's first page asks
// first (src/domain/geo/geo-feed.ts `firstRoundFetches`), from the shop's users/{uid} as this device
// kept it and the URL's filters. The page's executor takes their answers (./nearby-feed.ts); when the
// kept copy and the page's session differ, it asks other queries, and these answers go untaken. A
// chunk of its own with no zod and no Firebase.

type Kept = {
  userType?: unknown;
  location?: { lat?: unknown; lng?: unknown };
  shop?: { status?: unknown; categories?: unknown };
};

const isCategory = (value: unknown): value is RequestCategory =>
  typeof value === "string" && Object.hasOwn(CATEGORY_LABELS, value);

/**
 * The shop's position and categories as kept on the device (the page reads them from the same copy);
 * null unless the copy is a verified shop's: the route opens only to those, and the rules refuse the
 * feed to anyone else (an account that calls itself a shop, a buyer who typed /browse).
 */
function keptShop(uid: string) {
  const kept = readUserCopy(uid) as Kept | null;
  const status = kept?.shop?.status;
  if (!kept || typeof kept.userType !== "string" || typeof status !== "string") return null;
  if (!isVerifiedShop({ userType: kept.userType, shop: { status } })) return null;
  const { lat, lng } = kept.location ?? {};
  const center =
    typeof lat === "number" && typeof lng === "number" && Number.isFinite(lat) && Number.isFinite(lng)
      ? { lat, lng }
      : { lat: DEFAULT_MERCHANT_LOCATION.lat, lng: DEFAULT_MERCHANT_LOCATION.lng };
  const categories = Array.isArray(kept.shop?.categories) ? kept.shop.categories.filter(isCategory) : [];
  return { center, categories };
}

/** The first round's queries for `uid` on this URL (`search`), or none without a kept copy. */
export function browseFirstQueries(uid: string, search: string) {
  const shop = keptShop(uid);
  if (!shop) return [];
  const filters = filtersFromSearchParams(new URLSearchParams(search));
  return firstRoundFetches({
    center: shop.center,
    radiusKm: filters.radiusKm,
    categories: scopeCategories(filters.category, shop.categories),
    urgency: filters.urgency,
    pageSize: FEED_PAGE_SIZE,
  }).map(({ subQuery, filters: equal, limit }) => ({ typed: feedQuerySpec(subQuery, equal, null, limit) }));
}

/** Starts them over REST when this device holds `uid`'s valid session. */
export function startBrowseFirstReads(uid: string): void {
  startFirstReads(uid, browseFirstQueries(uid, globalThis.location?.search ?? ""));
}
