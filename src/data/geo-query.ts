import { RADIUS_OPTIONS_KM, type RequestCategory, type Urgency } from "@/domain/enums";
import { distanceKm, type LatLng, toDegrees, toRadians } from "@/domain/geo";
import {
  coveringCells,
  distanceToCellKm,
  GEOHASH_FIELD_PRECISIONS,
  type GeohashField,
  type GeohashFieldPrecision,
  geohashFieldName,
} from "@/domain/geo-cover";
import { decodeGeohashBounds, GEOHASH_ALPHABET, type GeohashBounds } from "@/domain/geohash";
import { EARTH_RADIUS_KM, MAX_GEO_QUERY_CELLS } from "@/domain/limits";

/**
 * The merchant feed's radius query (architecture §4), without Firebase: a pure planner that turns
 * (merchant position, radius) into Firestore sub-queries, and a merger that pages through them with any
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
/** Distances this close over the radius count as inside (a point built exactly on the edge stays in). */
export const EDGE_TOLERANCE_KM = 1e-6;

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

/** Equality filters added to every sub-query (each combination has its composite index). */
export type FeedFilters = { category?: RequestCategory | undefined; urgency?: Urgency | undefined };

/**
 * A document's position in the feed order: createdAt desc (exact, to the nanosecond), then actionRadius,
 * location.lat, location.lng and the id, all descending (every field with a range filter must be in
 * the order). Plain data: it doubles as the page cursor.
 */
export type FeedKey = {
  seconds: number;
  nanoseconds: number;
  actionRadius: number;
  lat: number;
  lng: number;
  id: string;
};

/** What the merger needs to know of a request. */
export type FeedItem = { id: string; actionRadius: number; location: LatLng };

/** One document an executor read: `item` is null when the document failed the schema (skipped). */
export type FetchedDoc<T> = { key: FeedKey; item: T | null };

export type FetchBatch<T> = {
  /** In feed order. Documents whose sort fields are unusable are left out (but counted in `reads`). */
  docs: FetchedDoc<T>[];
  /** Billed reads: documents returned, and at least 1 per query (Firestore's minimum charge). */
  reads: number;
  /** Fewer documents than `limit` came back: nothing after them. */
  exhausted: boolean;
  /** Index entries the query scanned, when the executor knows (the in-memory one does; Firestore does not say). */
  indexEntries?: number;
};

/** Runs one sub-query: documents strictly after `after` in feed order, at most `limit`. */
export type FeedExecutor<T extends FeedItem> = (request: {
  subQuery: GeoSubQuery;
  filters: FeedFilters;
  after: FeedKey | null;
  limit: number;
}) => Promise<FetchBatch<T>>;

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

// ---------------------------------------------------------------------------------------------
// Visibility and order

/** Distance from the merchant if the request is visible to them (both radii), else null. */
export function visibleDistanceKm(item: FeedItem, center: LatLng, radiusKm: number): number | null {
  const distance = distanceKm(center, item.location);
  const limit = Math.min(radiusKm, item.actionRadius) + EDGE_TOLERANCE_KM;
  return distance <= limit ? distance : null;
}

/** Code-point order, which is UTF-8 byte order: how Firestore orders document ids. */
function compareIds(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const n = Math.min(left.length, right.length);
  for (let i = 0; i < n; i += 1) {
    const diff = (left[i] as string).codePointAt(0)! - (right[i] as string).codePointAt(0)!;
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/** Negative when `a` comes first in the feed (newer; then larger action radius; then larger id). */
export function compareFeedKeys(a: FeedKey, b: FeedKey): number {
  return (
    b.seconds - a.seconds ||
    b.nanoseconds - a.nanoseconds ||
    b.actionRadius - a.actionRadius ||
    b.lat - a.lat ||
    b.lng - a.lng ||
    compareIds(b.id, a.id)
  );
}

export function feedKeyFromMillis(createdAtMs: number, item: FeedItem): FeedKey {
  const seconds = Math.floor(createdAtMs / 1000);
  return {
    seconds,
    nanoseconds: Math.round((createdAtMs - seconds * 1000) * 1e6),
    actionRadius: item.actionRadius,
    lat: item.location.lat,
    lng: item.location.lng,
    id: item.id,
  };
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

// ---------------------------------------------------------------------------------------------
// Merger

/** Smallest batch asked of one sub-query; the largest is twice the page. */
const MIN_FETCH = 4;

/** Where one sub-query stands: what it has read but not yet merged, and how well it yields. */
type SubState<T> = {
  readonly subQuery: GeoSubQuery;
  buffer: FetchedDoc<T>[];
  /** Last document read: everything this sub-query has not read yet comes after it. */
  after: FeedKey | null;
  fetched: boolean;
  exhausted: boolean;
  read: number;
  passed: number;
};

/**
 * Opaque position in the feed: the plan, the filters and every sub-query's state, so the next page
 * neither re-reads what this one read past its last item nor re-learns how each sub-query yields.
 * Immutable: the same cursor may be used again (react-query refetches) with the same result.
 */
export type NearbyCursor<T> = {
  readonly plan: GeoQueryPlan;
  readonly filters: FeedFilters;
  readonly subs: ReadonlyArray<Readonly<SubState<T>>>;
  /** Position of the page's last item. */
  readonly last: FeedKey;
};

export type NearbyParams<T> = {
  center: LatLng;
  radiusKm: number;
  category?: RequestCategory | undefined;
  urgency?: Urgency | undefined;
  pageSize: number;
  /** From the previous page; its plan and filters win over the other params. */
  cursor?: NearbyCursor<T> | null | undefined;
};

export type NearbyPage<T> = {
  items: Array<T & { distanceKm: number }>;
  /** Pass back to get the next page; null when there is nothing more. */
  nextCursor: NearbyCursor<T> | null;
  /** Documents read for this page (billed reads), for the bench and the logs. */
  reads: number;
  /** Firestore queries run for this page. */
  queries: number;
  /** Index entries scanned for this page, when the executor reports them. */
  indexEntries: number;
};

const cloneState = <T>(state: Readonly<SubState<T>>): SubState<T> => ({
  ...state,
  buffer: [...state.buffer],
});

/**
 * How many documents to ask of a sub-query that may hold the next item: its expected share of the
 * rest of the page divided by the fraction of its documents that pass, both learnt as it reads
 * (a fresh sub-query assumes an equal share and a yield of one half).
 */
function batchSize<T>(
  state: SubState<T>,
  states: readonly SubState<T>[],
  remaining: number,
  pageSize: number,
) {
  const live = states.filter((other) => !other.exhausted);
  const passedLive = live.reduce((sum, other) => sum + other.passed, 0);
  const share = (state.passed + 1) / (passedLive + live.length);
  const yieldRate = (state.passed + 1) / (state.read + 2);
  const wanted = Math.ceil((remaining * share) / yieldRate);
  return Math.max(MIN_FETCH, Math.min(pageSize * 2, wanted));
}

/**
 * One page of the merchant feed: the newest visible requests (after `cursor`), with their distance.
 * `plan` defaults to planNearbyQuery(center, radiusKm); a cursor brings its own.
 */
export async function fetchNearbyPage<T extends FeedItem>(
  executor: FeedExecutor<T>,
  params: NearbyParams<T>,
  plan?: GeoQueryPlan,
): Promise<NearbyPage<T>> {
  const { pageSize } = params;
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError("pageSize must be a positive integer");
  const cursor = params.cursor ?? null;
  const activePlan = cursor?.plan ?? plan ?? planNearbyQuery(params.center, params.radiusKm);
  const { center, radiusKm } = activePlan;
  const filters: FeedFilters = cursor?.filters ?? { category: params.category, urgency: params.urgency };
  const states: SubState<T>[] = cursor
    ? cursor.subs.map(cloneState)
    : activePlan.subQueries.map((subQuery) => ({
        subQuery,
        buffer: [],
        after: null,
        fetched: false,
        exhausted: false,
        read: 0,
        passed: 0,
      }));
  const items: Array<T & { distanceKm: number }> = [];
  let reads = 0;
  let queries = 0;
  let indexEntries = 0;
  let last: FeedKey | null = null;

  const fetchMore = async (state: SubState<T>) => {
    const limit = batchSize(state, states, pageSize - items.length, pageSize);
    const batch = await executor({ subQuery: state.subQuery, filters, after: state.after, limit });
    queries += 1;
    reads += batch.reads;
    indexEntries += batch.indexEntries ?? 0;
    state.fetched = true;
    state.read += batch.docs.length;
    state.buffer.push(...batch.docs);
    const lastDoc = batch.docs[batch.docs.length - 1];
    // A batch that does not move forward (only unusable documents) ends the sub-query: never loop.
    state.exhausted = batch.exhausted || !lastDoc;
    if (lastDoc) state.after = lastDoc.key;
  };

  while (items.length < pageSize) {
    let head: SubState<T> | undefined;
    let headKey: FeedKey | undefined;
    for (const state of states) {
      const first = state.buffer[0];
      if (first && (!headKey || compareFeedKeys(first.key, headKey) < 0)) {
        head = state;
        headKey = first.key;
      }
    }
    // A sub-query with nothing buffered may hide the next item, unless everything it has not read yet
    // comes after the best buffered head.
    const blocking = states.filter(
      (state) =>
        state.buffer.length === 0 &&
        !state.exhausted &&
        (!state.fetched || !headKey || (state.after !== null && compareFeedKeys(state.after, headKey) < 0)),
    );
    if (blocking.length > 0) {
      await Promise.all(blocking.map(fetchMore));
      continue;
    }
    if (!head) break;
    const doc = head.buffer.shift() as FetchedDoc<T>;
    if (!doc.item) continue;
    const distance = visibleDistanceKm(doc.item, center, radiusKm);
    if (distance === null) continue;
    head.passed += 1;
    items.push({ ...doc.item, distanceKm: distance });
    last = doc.key;
  }

  const more = states.some((state) => state.buffer.length > 0 || !state.exhausted);
  const nextCursor: NearbyCursor<T> | null =
    items.length === pageSize && more && last
      ? { plan: activePlan, filters, subs: states.map(cloneState), last }
      : null;
  return { items, nextCursor, reads, queries, indexEntries };
}
