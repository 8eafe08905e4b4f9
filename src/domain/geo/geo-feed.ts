import type { RequestCategory, Urgency } from "../core/enums.ts";
import { REQUEST_QUERY_LIMIT } from "../core/limits.ts";
import { compareFeedKeys, type FeedItem, type FeedKey, visibleDistanceKm } from "./geo-feed-order.ts";
import { type GeoQueryPlan, type GeoSubQuery, MAX_SUB_QUERIES, planNearbyQuery } from "./geo-feed-plan.ts";
import type { LatLng } from "./geo-math.ts";

export {
  compareFeedKeys,
  EDGE_TOLERANCE_KM,
  type FeedItem,
  type FeedKey,
  feedKeyFromMillis,
  visibleDistanceKm,
} from "./geo-feed-order.ts";

/**
 * The merchant feed's pages (architecture §4), without Firebase: the order of the feed, the visibility
 * of a request to a merchant (both radii), and the merger that pages through the planner's sub-queries
 * (./geo-feed-plan.ts) with any executor. The full design is described in ./geo-feed-plan.ts.
 */

/** Equality filters added to every sub-query (each combination has its composite index). */
export type FeedFilters = { category?: RequestCategory | undefined; urgency?: Urgency | undefined };

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
// Merger

/** Smallest batch asked of one sub-query; the largest is twice the page. */
const MIN_FETCH = 4;

/** Where one sub-query stands: what it has read but not yet merged, and how well it yields. */
type SubState<T> = {
  readonly subQuery: GeoSubQuery;
  /** Its equality filters: one category of several ('Le tue categorie') each has sub-queries of its own. */
  readonly filters: FeedFilters;
  buffer: FetchedDoc<T>[];
  /** Last document read: everything this sub-query has not read yet comes after it. */
  after: FeedKey | null;
  fetched: boolean;
  exhausted: boolean;
  read: number;
  passed: number;
};

/**
 * Opaque position in the feed: the plan and every sub-query's state (its filters included), so the next
 * page neither re-reads what this one read past its last item nor re-learns how each sub-query yields.
 * Immutable: the same cursor may be used again (react-query refetches) with the same result.
 */
export type NearbyCursor<T> = {
  readonly plan: GeoQueryPlan;
  readonly subs: ReadonlyArray<Readonly<SubState<T>>>;
  /** Position of the page's last item. */
  readonly last: FeedKey;
};

export type NearbyParams<T> = {
  center: LatLng;
  radiusKm: number;
  category?: RequestCategory | undefined;
  /**
   * Several categories at once (a shop's own, 'Le tue categorie'): Firestore cannot put them in one
   * `in` beside the cells' `in`, so each category gets its own sub-queries and the merger interleaves
   * them. The plan is cut to MAX_SUB_QUERIES / categories per category, so a page costs the same
   * number of queries as with one category. Wins over `category`.
   */
  categories?: readonly RequestCategory[] | undefined;
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
  // Never above REQUEST_QUERY_LIMIT: the rules refuse a longer list.
  return Math.max(MIN_FETCH, Math.min(pageSize * 2, REQUEST_QUERY_LIMIT, wanted));
}

/** The equality filters of each group of sub-queries: one per category asked for, or one for all. */
export function feedFilterSets(params: {
  category?: RequestCategory | undefined;
  categories?: readonly RequestCategory[] | undefined;
  urgency?: Urgency | undefined;
}): FeedFilters[] {
  const categories = params.categories?.length
    ? [...new Set(params.categories)]
    : params.category
      ? [params.category]
      : [undefined];
  return categories.map((category) => ({ category, urgency: params.urgency }));
}

type FirstPageParams = Omit<NearbyParams<never>, "cursor">;

/** The plan of a page without a cursor; several categories share the sub-query budget (a page costs what one category's would). */
function firstPagePlan(params: FirstPageParams): GeoQueryPlan {
  const budget = Math.max(1, Math.floor(MAX_SUB_QUERIES / feedFilterSets(params).length));
  return planNearbyQuery(params.center, params.radiusKm, budget);
}

/** Every sub-query of `plan` for each filter set, nothing read yet. */
function freshStates<T>(params: FirstPageParams, plan: GeoQueryPlan): SubState<T>[] {
  return feedFilterSets(params).flatMap((filters) =>
    plan.subQueries.map((subQuery) => ({
      subQuery,
      filters,
      buffer: [],
      after: null,
      fetched: false,
      exhausted: false,
      read: 0,
      passed: 0,
    })),
  );
}

/**
 * What a page without a cursor asks first, all at once (fetchNearbyPage's first round): each sub-query
 * with its filters and its batch. A route starts these over REST before the page's code has loaded
 * (src/features/browse/api/first-reads.ts), and the page's executor takes their answers.
 */
export function firstRoundFetches(
  params: FirstPageParams,
): { subQuery: GeoSubQuery; filters: FeedFilters; limit: number }[] {
  const states = freshStates<never>(params, firstPagePlan(params));
  return states.map((state) => ({
    subQuery: state.subQuery,
    filters: state.filters,
    limit: batchSize(state, states, params.pageSize, params.pageSize),
  }));
}

/**
 * One page of the merchant feed: the newest visible requests (after `cursor`), with their distance.
 * `plan` defaults to planNearbyQuery(center, radiusKm), within MAX_SUB_QUERIES over all categories;
 * a cursor brings its own.
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
  const activePlan = cursor?.plan ?? plan ?? firstPagePlan(params);
  const { center, radiusKm } = activePlan;
  const states: SubState<T>[] = cursor ? cursor.subs.map(cloneState) : freshStates<T>(params, activePlan);
  const items: Array<T & { distanceKm: number }> = [];
  let reads = 0;
  let queries = 0;
  let indexEntries = 0;
  let last: FeedKey | null = null;

  const fetchMore = async (state: SubState<T>) => {
    const limit = batchSize(state, states, pageSize - items.length, pageSize);
    const batch = await executor({
      subQuery: state.subQuery,
      filters: state.filters,
      after: state.after,
      limit,
    });
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
      ? { plan: activePlan, subs: states.map(cloneState), last }
      : null;
  return { items, nextCursor, reads, queries, indexEntries };
}
