import { z } from "zod";
import { MAX_RADIUS_KM } from "../core/enums.ts";
import type { LatLng } from "./geo.ts";
import { coveringCells } from "./geo-cover.ts";
import { GEOHASH_ALPHABET } from "./geohash.ts";

/**
 * The area a verified shop's feed may list (architecture §4, firestore.rules inShopArea): every gh4 cell
 * touching the circle of the largest radius (MAX_RADIUS_KM) around the shop, and a pattern matching their
 * gh5 children. The feed's planner (geo-feed-plan.ts) names only gh4 and gh5 cells for radii up to
 * 100 km in Italy, and every cell touching a smaller circle around the same point lies in one of these,
 * so the app's queries are all allowed while a query elsewhere is refused.
 */
export const SHOP_AREA_PRECISION = 4;

export const shopAreaSchema = z.object({
  /** Sorted gh4 cells. */
  gh4: z.array(z.string().length(SHOP_AREA_PRECISION)),
  /** A regular expression (a full match, as the rules' `matches`) for a gh5 cell inside `gh4`. */
  gh5Pattern: z.string(),
  center: z.object({ lat: z.number(), lng: z.number() }),
});
export type ShopArea = z.infer<typeof shopAreaSchema>;

/** The shop's area around its position. */
export function shopAreaAround(center: LatLng): ShopArea {
  const { cells } = coveringCells(center, MAX_RADIUS_KM, Number.POSITIVE_INFINITY, {
    minPrecision: SHOP_AREA_PRECISION,
    maxPrecision: SHOP_AREA_PRECISION,
  });
  return {
    gh4: cells,
    gh5Pattern: `(${cells.join("|")})[${GEOHASH_ALPHABET}]`,
    center: { lat: center.lat, lng: center.lng },
  };
}
