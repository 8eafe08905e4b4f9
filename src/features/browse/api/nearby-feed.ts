import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { NearbyRequestsCursor, NearbyRequestsParams } from "@/data/requests";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { RequestCategory } from "@/domain/core/enums";
import { FEED_PAGE_SIZE } from "@/domain/core/limits";
import type { LatLng } from "@/domain/geo/geo";
import { scopeCategories } from "@/domain/marketplace/feed-categories";
import { failWith } from "@/lib/app-error";
import { takeTypedFirstRead } from "@/lib/first-read";
import { lazyModule, moduleWithPage } from "@/lib/page-data";
import { keptCredentials } from "@/lib/start-first-reads";
import type { BrowseFilters } from "../lib/feed-filters";

// The feed over REST (the planner and the schemas it parses with, no Firebase), downloaded with the
// page's code; the feed over Firestore Lite, loaded when it is needed (no kept token, 'Carica altre').
const restFeedModule = moduleWithPage(() => import("@/data/feed-over-rest"));
const requestsModule = lazyModule(() => import("@/data/requests"));

export { type BrowseFilters, filtersFromSearchParams, filtersToSearchParams } from "../lib/feed-filters";

export const browseKeys = {
  all: ["browse"] as const,
  feed: (center: LatLng, filters: BrowseFilters, categories: readonly RequestCategory[] | undefined) =>
    [
      ...browseKeys.all,
      "feed",
      center.lat,
      center.lng,
      filters.radiusKm,
      categories?.join("|") ?? "",
      filters.urgency ?? "",
    ] as const,
};

/**
 * One page of the feed: the first over REST while this device holds `uid`'s valid token (before
 * Firebase has loaded, docs/content-bench.md), through Firestore Lite otherwise, when REST is refused
 * (a token revoked elsewhere) and for the pages after it.
 */
async function feedPage(uid: string, params: NearbyRequestsParams) {
  const credentials = params.cursor ? null : keptCredentials(uid);
  if (credentials) {
    try {
      // The first round the route started over REST on this page load (./first-reads.ts), taken once.
      const rest = await restFeedModule();
      return await rest.fetchNearbyRequestsOverRest(params, credentials, (spec) => takeTypedFirstRead(spec));
    } catch {
      // Read again through Lite below, which reports its own failure.
    }
  }
  return (await requestsModule()).fetchNearbyRequests(params);
}

/** `own`: the shop's categories, which 'Le tue categorie' stands for; `uid`: the signed-in shop. */
export function nearbyFeedOptions(
  uid: string,
  center: LatLng,
  filters: BrowseFilters,
  own: readonly RequestCategory[],
) {
  const categories = scopeCategories(filters.category, own);
  return infiniteQueryOptions({
    queryKey: browseKeys.feed(center, filters, categories),
    queryFn: ({ pageParam }) =>
      feedPage(uid, {
        center,
        radiusKm: filters.radiusKm,
        categories,
        urgency: filters.urgency,
        pageSize: FEED_PAGE_SIZE,
        cursor: pageParam,
      }).catch(failWith(ERROR_MESSAGES.loadRequests)),
    initialPageParam: null as NearbyRequestsCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The merchant feed around `center`, page by page ('Carica altre'). */
export function useNearbyFeed(
  uid: string,
  center: LatLng,
  filters: BrowseFilters,
  own: readonly RequestCategory[],
) {
  return useInfiniteQuery(nearbyFeedOptions(uid, center, filters, own));
}
