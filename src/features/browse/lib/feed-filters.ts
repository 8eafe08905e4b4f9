import { RADIUS_OPTIONS_KM, URGENCIES } from "@/domain/core/enum-values";
import type { RadiusOption, Urgency } from "@/domain/core/enums";
import { DEFAULT_BROWSE_RADIUS_KM } from "@/domain/core/limits";
import {
  CATEGORY_PARAM,
  type CategoryScope,
  categoryScopeFromParam,
  categoryScopeToParam,
} from "@/domain/marketplace/feed-categories";

// The feed's filters in the URL, without zod: the route's first read of the feed
// (../api/first-reads.ts) reads them before zod has loaded, and the page reads them the same way.

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

const isUrgency = (value: string | null): value is Urgency => URGENCIES.some((urgency) => urgency === value);

const isRadius = (value: number): value is RadiusOption =>
  RADIUS_OPTIONS_KM.some((radius) => radius === value);

/** Reads the filters from the URL; anything unknown falls back to the shop's categories / any / the default radius. */
export function filtersFromSearchParams(params: URLSearchParams): BrowseFilters {
  const urgency = params.get(PARAMS.urgency);
  const radius = Number(params.get(PARAMS.radius));
  return {
    category: categoryScopeFromParam(params.get(PARAMS.category)),
    urgency: isUrgency(urgency) ? urgency : undefined,
    radiusKm: isRadius(radius) ? radius : (DEFAULT_BROWSE_RADIUS_KM as RadiusOption),
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
