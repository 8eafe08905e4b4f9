import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { NearbyRequestsCursor } from "@/data/requests";
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
import { moduleWithPage } from "@/lib/page-data";

// The requests module (the feed's planner and the schemas it parses with), downloaded with the page's code.
const requestsModule = moduleWithPage(() => import("@/data/requests"));

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

/** `own`: the shop's categories, which 'Le tue categorie' stands for. */
export function nearbyFeedOptions(center: LatLng, filters: BrowseFilters, own: readonly RequestCategory[]) {
  const categories = scopeCategories(filters.category, own);
  return infiniteQueryOptions({
    queryKey: browseKeys.feed(center, filters, categories),
    queryFn: async ({ pageParam }) =>
      (await requestsModule())
        .fetchNearbyRequests({
          center,
          radiusKm: filters.radiusKm,
          categories,
          urgency: filters.urgency,
          pageSize: FEED_PAGE_SIZE,
          cursor: pageParam,
        })
        .catch(failWith(ERROR_MESSAGES.loadRequests)),
    initialPageParam: null as NearbyRequestsCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The merchant feed around `center`, page by page ('Carica altre'). */
export function useNearbyFeed(center: LatLng, filters: BrowseFilters, own: readonly RequestCategory[]) {
  return useInfiniteQuery(nearbyFeedOptions(center, filters, own));
}
