import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchNearbyRequests, type NearbyRequestsCursor } from "@/data/requests";
import {
  type BrowseCategory,
  browseCategorySchema,
  type RadiusOption,
  radiusOptionSchema,
  type Urgency,
  urgencySchema,
} from "@/domain/enums";
import type { LatLng } from "@/domain/geo";
import { DEFAULT_BROWSE_RADIUS_KM, FEED_PAGE_SIZE } from "@/domain/limits";
import { ERROR_MESSAGES } from "@/domain/messages";
import { failWith } from "@/lib/app-error";

/** The browse page's filters; they live in the URL (?categoria=&urgenza=&raggio=). */
export type BrowseFilters = {
  category: BrowseCategory | undefined;
  urgency: Urgency | undefined;
  radiusKm: RadiusOption;
};

const PARAMS = { category: "categoria", urgency: "urgenza", radius: "raggio" } as const;

/** Reads the filters from the URL; anything unknown falls back to "all" / the default radius. */
export function filtersFromSearchParams(params: URLSearchParams): BrowseFilters {
  const category = browseCategorySchema.safeParse(params.get(PARAMS.category));
  const urgency = urgencySchema.safeParse(params.get(PARAMS.urgency));
  const radius = radiusOptionSchema.safeParse(Number(params.get(PARAMS.radius)));
  return {
    category: category.success ? category.data : undefined,
    urgency: urgency.success ? urgency.data : undefined,
    radiusKm: radius.success ? radius.data : (DEFAULT_BROWSE_RADIUS_KM as RadiusOption),
  };
}

export function filtersToSearchParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set(PARAMS.category, filters.category);
  if (filters.urgency) params.set(PARAMS.urgency, filters.urgency);
  params.set(PARAMS.radius, String(filters.radiusKm));
  return params;
}

export const browseKeys = {
  all: ["browse"] as const,
  feed: (center: LatLng, filters: BrowseFilters) =>
    [
      ...browseKeys.all,
      "feed",
      center.lat,
      center.lng,
      filters.radiusKm,
      filters.category ?? "",
      filters.urgency ?? "",
    ] as const,
};

export function nearbyFeedOptions(center: LatLng, filters: BrowseFilters) {
  return infiniteQueryOptions({
    queryKey: browseKeys.feed(center, filters),
    queryFn: ({ pageParam }) =>
      fetchNearbyRequests({
        center,
        radiusKm: filters.radiusKm,
        category: filters.category,
        urgency: filters.urgency,
        pageSize: FEED_PAGE_SIZE,
        cursor: pageParam,
      }).catch(failWith(ERROR_MESSAGES.loadRequests)),
    initialPageParam: null as NearbyRequestsCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The merchant feed around `center`, page by page ('Carica altre'). */
export function useNearbyFeed(center: LatLng, filters: BrowseFilters) {
  return useInfiniteQuery(nearbyFeedOptions(center, filters));
}
