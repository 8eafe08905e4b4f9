import { REQUEST_FIELDS } from "../core/collections.ts";
import { EARTH_RADIUS_KM, MAX_GEO_QUERY_CELLS } from "../core/limits.ts";
import { distanceKm, type LatLng, toDegrees, toRadians } from "./geo-math.ts";
import { decodeGeohashBounds, encodeGeohash, type GeohashBounds, geohashCellSize } from "./geohash.ts";

/**
 * Geohash fields of a request (architecture §4).
 *
 * A request stores its full geohash in `location.geohash` (precision 9, cells of ~5 m) and three
 * top-level prefixes `gh3`, `gh4`, `gh5`. For Italian latitudes a circle of 5-100 km is covered by at
 * most 30 cells at one of these precisions (5-10 km → gh5, 20-50 km → gh4, 100 km → gh3), so the
 * merchant feed can query `status == 'active' && ghN in [cells]` with Firestore's 30-value `in`.
 */
export const REQUEST_GEOHASH_PRECISION = 9;
export const GEOHASH_FIELD_PRECISIONS = [3, 4, 5] as const;
export type GeohashFieldPrecision = (typeof GEOHASH_FIELD_PRECISIONS)[number];
/** The request field that stores each prefix (its name lives with the other field paths). */
const GEOHASH_FIELD_BY_PRECISION = {
  3: REQUEST_FIELDS.gh3,
  4: REQUEST_FIELDS.gh4,
  5: REQUEST_FIELDS.gh5,
} as const satisfies Record<GeohashFieldPrecision, string>;
export type GeohashField = (typeof GEOHASH_FIELD_BY_PRECISION)[GeohashFieldPrecision];
export const GEOHASH_FIELDS: readonly GeohashField[] = GEOHASH_FIELD_PRECISIONS.map(
  (precision) => GEOHASH_FIELD_BY_PRECISION[precision],
);

export type RequestGeoFields = { geohash: string } & Record<GeohashField, string>;

export function geohashFieldName(precision: GeohashFieldPrecision): GeohashField {
  return GEOHASH_FIELD_BY_PRECISION[precision];
}

export function isGeohashFieldPrecision(precision: number): precision is GeohashFieldPrecision {
  return (GEOHASH_FIELD_PRECISIONS as readonly number[]).includes(precision);
}

/** The geohash values a request stores for its position. */
export function requestGeoFields(point: LatLng): RequestGeoFields {
  const geohash = encodeGeohash(point.lat, point.lng, REQUEST_GEOHASH_PRECISION);
  return { geohash, gh3: geohash.slice(0, 3), gh4: geohash.slice(0, 4), gh5: geohash.slice(0, 5) };
}

export type CoveringOptions = { minPrecision?: number; maxPrecision?: number };
export type CoveringResult = {
  precision: number;
  /** Sorted, distinct cells; every point within the radius lies in one of them. */
  cells: string[];
  /** False only when even `minPrecision` needs more than `maxCells` cells (the cells are still complete). */
  withinLimit: boolean;
};

/** Distances this close to the radius count as inside: float noise must never drop a cell. */
const EDGE_TOLERANCE_KM = 1e-6;

/**
 * Shortest great-circle distance from `p` to any point of a cell (a lower bound is enough: it only
 * decides which candidate cells to drop; the merchant feed also uses it as the action-radius floor of
 * a cell, ./geo-feed-plan.ts). Same meridian range: straight north or south. Otherwise the
 * nearest point lies on the closer meridian edge, at the foot of the perpendicular, clamped to the edge.
 */
export function distanceToCellKm(p: LatLng, cell: GeohashBounds): number {
  if (p.lng >= cell.minLng && p.lng <= cell.maxLng) {
    const lat = Math.min(cell.maxLat, Math.max(cell.minLat, p.lat));
    return toRadians(Math.abs(p.lat - lat)) * EARTH_RADIUS_KM;
  }
  const deltaTo = (edge: number) => ((((edge - p.lng + 180) % 360) + 360) % 360) - 180;
  const toMin = deltaTo(cell.minLng);
  const toMax = deltaTo(cell.maxLng);
  const [edgeLng, delta] = Math.abs(toMin) <= Math.abs(toMax) ? [cell.minLng, toMin] : [cell.maxLng, toMax];
  if (Math.abs(delta) >= 90) return 0;
  const phi = toRadians(p.lat);
  const footLat = toDegrees(Math.atan2(Math.sin(phi), Math.cos(phi) * Math.cos(toRadians(delta))));
  const lat = Math.min(cell.maxLat, Math.max(cell.minLat, footLat));
  return distanceKm(p, { lat, lng: edgeLng });
}

/** Cells of one precision that touch the circle; stops early once more than `limit` are found. */
function cellsAtPrecision(center: LatLng, radiusKm: number, precision: number, limit: number): string[] {
  const { latDeg, lngDeg } = geohashCellSize(precision);
  const angularDeg = toDegrees(radiusKm / EARTH_RADIUS_KM);
  const latMin = Math.max(-90, center.lat - angularDeg);
  const latMax = Math.min(90, center.lat + angularDeg);
  const lngCount = Math.round(360 / lngDeg);
  let lngFirst: number;
  let lngLast: number;
  const cosLat = Math.cos(toRadians(center.lat));
  const ratio = Math.sin(radiusKm / EARTH_RADIUS_KM) / cosLat;
  if (latMax >= 90 || latMin <= -90 || ratio >= 1 || radiusKm / EARTH_RADIUS_KM >= Math.PI / 2) {
    lngFirst = 0;
    lngLast = lngCount - 1;
  } else {
    const dLng = toDegrees(Math.asin(ratio));
    // one extra cell each side: the boundary index of a float must never be missed
    lngFirst = Math.floor((center.lng - dLng + 180) / lngDeg) - 1;
    lngLast = Math.floor((center.lng + dLng + 180) / lngDeg) + 1;
    if (lngLast - lngFirst + 1 >= lngCount) {
      lngFirst = 0;
      lngLast = lngCount - 1;
    }
  }
  const latCount = Math.round(180 / latDeg);
  const latFirst = Math.max(0, Math.floor((latMin + 90) / latDeg) - 1);
  const latLast = Math.min(latCount - 1, Math.floor((latMax + 90) / latDeg) + 1);
  const found = new Set<string>();
  for (let i = latFirst; i <= latLast; i += 1) {
    const cellLat = -90 + (i + 0.5) * latDeg;
    for (let j = lngFirst; j <= lngLast; j += 1) {
      const wrapped = ((j % lngCount) + lngCount) % lngCount;
      const hash = encodeGeohash(cellLat, -180 + (wrapped + 0.5) * lngDeg, precision);
      if (found.has(hash)) continue;
      if (distanceToCellKm(center, decodeGeohashBounds(hash)) <= radiusKm + EDGE_TOLERANCE_KM) {
        found.add(hash);
        if (found.size > limit) return [...found];
      }
    }
  }
  return [...found].sort();
}

/**
 * The finest geohash precision (within [minPrecision, maxPrecision], by default the stored request
 * fields 3-5) whose cells touching the circle are at most `maxCells`, with those cells. A finer
 * precision never needs fewer cells, so the search goes from coarse to fine and stops at the first
 * precision over the limit.
 */
export function coveringCells(
  center: LatLng,
  radiusKm: number,
  maxCells: number = MAX_GEO_QUERY_CELLS,
  options: CoveringOptions = {},
): CoveringResult {
  const minPrecision = options.minPrecision ?? GEOHASH_FIELD_PRECISIONS[0];
  const maxPrecision = options.maxPrecision ?? GEOHASH_FIELD_PRECISIONS[2];
  if (!(radiusKm >= 0) || !Number.isFinite(radiusKm))
    throw new RangeError("radius must be a finite number ≥ 0");
  if (minPrecision > maxPrecision) throw new RangeError("minPrecision must not exceed maxPrecision");
  const coarsest = cellsAtPrecision(center, radiusKm, minPrecision, Number.POSITIVE_INFINITY);
  let best: CoveringResult = {
    precision: minPrecision,
    cells: coarsest,
    withinLimit: coarsest.length <= maxCells,
  };
  if (!best.withinLimit) return best;
  for (let precision = minPrecision + 1; precision <= maxPrecision; precision += 1) {
    const cells = cellsAtPrecision(center, radiusKm, precision, maxCells);
    if (cells.length > maxCells) break;
    best = { precision, cells, withinLimit: true };
  }
  return best;
}
