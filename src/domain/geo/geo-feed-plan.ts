import { RADIUS_OPTIONS_KM } from "../core/enum-values.ts";
import { EARTH_RADIUS_KM, MAX_GEO_QUERY_CELLS } from "../core/limits.ts";
import {
  coveringCells,
  distanceToCellKm,
  GEOHASH_FIELD_PRECISIONS,
  type GeohashField,
  type GeohashFieldPrecision,
  geohashFieldName,
} from "./geo-cover.ts";
import { type LatLng, toDegrees, toRadians } from "./geo-math.ts";
import { decodeGeohashBounds, GEOHASH_ALPHABET, type GeohashBounds } from "./geohash.ts";

/**
 * The merchant feed's radius query (architecture §4), without Firebase: this planner turns (merchant
 * position, radius) into Firestore sub-queries; the merger (./geo-feed.ts) pages through them with any
 * executor (Firestore Lite in the app, firebase-admin over REST in the bench, an in-memory array in unit
 * tests). Only src/data/requests.ts and the Node executors touch a database.
 *
 * A request is shown to a merchant when its distance d satisfies d ≤ R (the merchant's radius) AND
 * d ≤ a (the request's own actionRadius). Each sub-query is
 *
 *   status == 'active' [&& category == c] [&& urgency == u] && gh{3|4|5} in [≤ 30 cells]
 *   [&& actionRadius >= floor] && location.lat, location.lng within the circle's bounding box
 *   orderBy createdAt, actionRadius, location.lat, location.lng, __name__ (all desc)  limit n
 *
 * - Cells: every geohash cell touching the circle (coveringCells, complete), at the finest mix of
 *   precisions that fits in MAX_SUB_QUERIES sub-queries: coarse cells far away, the cells nearest the
 *   shop split one level finer. Cells never overlap, so no document is read twice.
 * - Floor: every point of a cell is at least `distanceToCellKm` from the merchant, so a request there can
 *   reach the merchant only if a ≥ that distance. Cells are grouped in rings by that distance (cut at the
 *   radius options 5/10/20/50 km) and each ring asks only for requests whose action radius can reach it.
 *   Without it, a shop 80 km from Milano with a 100 km radius reads hundreds of Milanese requests with a
 *   5-10 km action radius for every one that reaches it.
 * - Box: cells overhang the circle; the latitude/longitude box much less. Documents outside it are
 *   skipped on the index entry, never read as documents.
 * - Category and urgency are equality filters in the query (composite indexes), never client-side: a
 *   filter keeping 1 request in 30 would otherwise cost 30 times the reads.
 * - Merge: all sub-queries share one total order, so their results merge newest first. A sub-query is
 *   (re)fetched only when its unread part could hold the next item; batch sizes follow each sub-query's
 *   share of the results and its yield so far. A page ends when it holds `pageSize` items or every
 *   sub-query is exhausted. The cursor carries every sub-query's state: the next page neither re-reads
 *   what this one read ahead nor re-learns the yields.
 *
 * `npm run bench:geo` measures it over 100k requests (docs/geo-bench.md).
 */

/** More sub-queries buy tighter cells but cost at least one fetch each. Tuned with `npm run bench:geo`. */
export const MAX_SUB_QUERIES = 8;
/** Ring boundaries: the product's radius options below the largest (a floor above 5 drops a = 5, ...). */
const RING_LIMITS_KM: readonly number[] = RADIUS_OPTIONS_KM.slice(0, -1);
/** Floors are lowered by this much: float noise must never hide a request exactly at its reach. */
const FLOOR_MARGIN_KM = 0.001;
/** Floors below this exclude nothing worth an inequality (no action radius is that small in practice). */
const MIN_USEFUL_FLOOR_KM = 1;

/** Latitude/longitude range of the circle (inclusive), in degrees. */
export type GeoBounds = { minLat: number; maxLat: number; minLng: number; maxLng: number };

export type GeoSubQuery = {
  field: GeohashField;
  /** Sorted, distinct, at most MAX_GEO_QUERY_CELLS. */
  cells: readonly string[];
  /** `actionRadius >= minActionRadiusKm`, or no action-radius filter when null. */
  minActionRadiusKm: number | null;
  /**
   * `location.lat` and `location.lng` within the circle's bounding box: cells overhang the circle, the
   * box much less, so documents outside it are skipped in the index instead of being read.
   */
  bounds: GeoBounds | null;
};

export type GeoQueryPlan = {
  center: LatLng;
  radiusKm: number;
  /** At most MAX_SUB_QUERIES; their cells never overlap, so no document is read twice. */
  subQueries: GeoSubQuery[];
};

// ---------------------------------------------------------------------------------------------
// Planner

function ringOf(floorKm: number): number {
  let ring = 0;
  while (ring < RING_LIMITS_KM.length && floorKm > (RING_LIMITS_KM[ring] as number)) ring += 1;
  return ring;
}

/** Splits `cells` into the fewest chunks of at most `max`, of nearly equal size, keeping sort order. */
function chunk(cells: readonly string[], max: number): string[][] {
  const count = Math.ceil(cells.length / max);
  const size = Math.ceil(cells.length / count);
  const chunks: string[][] = [];
  for (let i = 0; i < cells.length; i += size) chunks.push(cells.slice(i, i + size));
  return chunks;
}

/** Bounding-box slack: a point built exactly on the circle must pass the box. */
const BOUNDS_MARGIN_DEG = 1e-7;

/**
 * The circle's latitude/longitude box; null where it would wrap around the antimeridian or a pole
 * (never in Italy, but the feed must stay correct anywhere).
 */
export function circleBounds(center: LatLng, radiusKm: number): GeoBounds | null {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = toDegrees(angular) + BOUNDS_MARGIN_DEG;
  const minLat = center.lat - dLat;
  const maxLat = center.lat + dLat;
  if (minLat <= -90 || maxLat >= 90) return null;
  const ratio = Math.sin(angular) / Math.cos(toRadians(center.lat));
  if (ratio >= 1) return null;
  const dLng = toDegrees(Math.asin(ratio)) + BOUNDS_MARGIN_DEG;
  const minLng = center.lng - dLng;
  const maxLng = center.lng + dLng;
  if (minLng < -180 || maxLng > 180) return null;
  return { minLat, maxLat, minLng, maxLng };
}

type PlannedCell = { hash: string; floorKm: number; box: GeohashBounds };

function plannedCell(center: LatLng, hash: string): PlannedCell {
  const box = decodeGeohashBounds(hash);
  return { hash, box, floorKm: Math.max(0, distanceToCellKm(center, box) - FLOOR_MARGIN_KM) };
}

/** Every cell of `precision` touching the circle (complete, see coveringCells). */
function coverAt(center: LatLng, radiusKm: number, precision: GeohashFieldPrecision): PlannedCell[] {
  const { cells } = coveringCells(center, radiusKm, Number.POSITIVE_INFINITY, {
    minPrecision: precision,
    maxPrecision: precision,
  });
  return cells.map((hash) => plannedCell(center, hash));
}

/** The children of `parent` (one character more) that touch the circle. */
function childrenTouching(center: LatLng, radiusKm: number, parent: PlannedCell): PlannedCell[] {
  return Array.from(GEOHASH_ALPHABET, (char) => plannedCell(center, parent.hash + char)).filter(
    (child) => child.floorKm <= radiusKm,
  );
}

/** Cells grouped by (precision, ring), each group split into `in` lists of at most 30 cells. */
function toSubQueries(cells: readonly PlannedCell[], bounds: GeoBounds | null): GeoSubQuery[] {
  const groups = new Map<string, { precision: GeohashFieldPrecision; ring: number; cells: PlannedCell[] }>();
  for (const cell of cells) {
    const precision = cell.hash.length as GeohashFieldPrecision;
    const ring = ringOf(cell.floorKm);
    const key = `${precision}:${ring}`;
    const group = groups.get(key) ?? { precision, ring, cells: [] };
    group.cells.push(cell);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.ring - b.ring || b.precision - a.precision)
    .flatMap((group) => {
      const floor = Math.min(...group.cells.map((cell) => cell.floorKm));
      const hashes = group.cells.map((cell) => cell.hash).sort();
      return chunk(hashes, MAX_GEO_QUERY_CELLS).map((list) => ({
        field: geohashFieldName(group.precision),
        cells: list,
        minActionRadiusKm: floor >= MIN_USEFUL_FLOOR_KM ? floor : null,
        bounds,
      }));
    });
}

/**
 * The plan for a merchant at `center` looking `radiusKm` around: the finest partition of the circle
 * into cells that fits in `maxSubQueries` sub-queries. Candidates are every stored precision, each with
 * its cells nearest the merchant refined to the next precision one at a time (near the shop a coarse
 * cell mixes requests that reach it with many that do not; far away the ring floor already filters).
 * Finer cells waste fewer reads on both counts (outside the circle, outside the request's reach), so
 * the candidate with the most cells wins; ties go to fewer sub-queries.
 */
export function planNearbyQuery(
  center: LatLng,
  radiusKm: number,
  maxSubQueries: number = MAX_SUB_QUERIES,
): GeoQueryPlan {
  if (!(radiusKm > 0) || !Number.isFinite(radiusKm))
    throw new RangeError("radius must be a finite number > 0");
  const bounds = circleBounds(center, radiusKm);
  const finest = GEOHASH_FIELD_PRECISIONS[GEOHASH_FIELD_PRECISIONS.length - 1] as GeohashFieldPrecision;
  let best: { plan: GeoQueryPlan; cells: number } | undefined;
  for (const precision of GEOHASH_FIELD_PRECISIONS) {
    const base = coverAt(center, radiusKm, precision).sort((a, b) => a.floorKm - b.floorKm);
    if (base.length > maxSubQueries * MAX_GEO_QUERY_CELLS) break;
    let refined: PlannedCell[] = [];
    for (let k = 0; k <= (precision < finest ? base.length : 0); k += 1) {
      if (k > 0) refined = refined.concat(childrenTouching(center, radiusKm, base[k - 1] as PlannedCell));
      const cells = refined.concat(base.slice(k));
      const subQueries = toSubQueries(cells, bounds);
      if (subQueries.length > maxSubQueries) break;
      const better =
        !best ||
        cells.length > best.cells ||
        (cells.length === best.cells && subQueries.length < best.plan.subQueries.length);
      if (better) best = { plan: { center, radiusKm, subQueries }, cells: cells.length };
    }
  }
  // The coarsest covering fits in one sub-query for any radius the product allows (≤ 100 km).
  return (
    best?.plan ?? {
      center,
      radiusKm,
      subQueries: toSubQueries(coverAt(center, radiusKm, GEOHASH_FIELD_PRECISIONS[0]), bounds),
    }
  );
}

/** True when the point passes the sub-query's bounding-box filter (what the index does). */
export function inBounds(point: LatLng, bounds: GeoBounds | null): boolean {
  return (
    bounds === null ||
    (point.lat >= bounds.minLat &&
      point.lat <= bounds.maxLat &&
      point.lng >= bounds.minLng &&
      point.lng <= bounds.maxLng)
  );
}
