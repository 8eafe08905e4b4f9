import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { NearbyRequestsCursor, NearbyRequestsParams } from "@/data/requests";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import {
  type RadiusOption,
  type RequestCategory,
  radiusOptionSchema,
  type Urgency,
  urgencySchema,
} from "@/domain/core/enums";
import { DEFAULT_BROWSE_RADIUS_KM, FEED_PAGE_SIZE } from "@/domain/core/limits";
import type { LatLng } from "@/domain/geo/geo";
import {
  CATEGORY_PARAM,
  type CategoryScope,
  categoryScopeFromParam,
  categoryScopeToParam,
  scopeCategories,
} from "@/domain/marketplace/feed-categories";
import { failWith } from "@/lib/app-error";
import { lazyModule, moduleWithPage } from "@/lib/page-data";
import { keptCredentials } from "@/lib/start-first-reads";

// The feed over REST (the planner and the schemas it parses with, no Firebase), downloaded with the
// page's code; the feed over Firestore Lite, loaded when it is needed (no kept token, 'Carica altre').
const restFeedModule = moduleWithPage(() => import("@/data/feed-over-rest"));
const requestsModule = lazyModule(() => import("@/data/requests"));

/**
 * The browse page's filters; they live in the URL (?categoria=&urgenza=&raggio=). No category in the URL
 * means the shop's own ('Le tue categorie', src/domain/marketplace/feed-categories.ts).
 */
export type BrowseFilters = {
  category: CategoryScope;
  urgency: Urgency | undefined;
  radiusKm: RadiusOption;
};

const PARAMS = { category: CATEGORY_PARAM, urgency: "urgenza", radius: "raggio" } as const;

/** Reads the filters from the URL; anything unknown falls back to the shop's categories / any / the default radius. */
export function filtersFromSearchParams(params: URLSearchParams): BrowseFilters {
  const urgency = urgencySchema.safeParse(params.get(PARAMS.urgency));
  const radius = radiusOptionSchema.safeParse(Number(params.get(PARAMS.radius)));
  return {
    category: categoryScopeFromParam(params.get(PARAMS.category)),
    urgency: urgency.success ? urgency.data : undefined,
    radiusKm: radius.success ? radius.data : (DEFAULT_BROWSE_RADIUS_KM as RadiusOption),
  };
}

export function filtersToSearchParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  const category = categoryScopeToParam(filters.category);
  if (category) params.set(PARAMS.category, category);
  if (filters.urgency) params.set(PARAMS.urgency, filters.urgency);
  params.set(PARAMS.radius, String(filters.radiusKm));
  return params;
}

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
      return await (await restFeedModule()).fetchNearbyRequestsOverRest(params, credentials);
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
