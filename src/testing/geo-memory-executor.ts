import type { RequestCategory, Urgency } from "@/domain/core/enums";
import type { GeohashField } from "@/domain/geo/geo-cover";
import {
  compareFeedKeys,
  type FeedExecutor,
  type FeedItem,
  type FeedKey,
  feedKeyFromMillis,
} from "@/domain/geo/geo-feed";
import { inBounds } from "@/domain/geo/geo-feed-plan";

/**
 * An in-memory stand-in for Firestore that runs the feed's sub-queries exactly as the composite index
 * would (same filters, same order, same cursor semantics, same read counting). Used by the unit tests
 * of the planner and merger, and by the bench as the brute-force reference. No Firebase here.
 */
export type MemoryFeedDoc = FeedItem & {
  status: string;
  category: RequestCategory | string;
  urgency: Urgency | string;
  createdAtMs: number;
} & Partial<Record<GeohashField, string>>;

export function memoryFeedKey(doc: MemoryFeedDoc): FeedKey {
  return feedKeyFromMillis(doc.createdAtMs, doc);
}

export type MemoryFeedExecutor<T extends MemoryFeedDoc> = FeedExecutor<T> & { calls: number };

/** `docs` may be in any order; `isValid` marks documents the real converter would reject. */
export function createMemoryFeedExecutor<T extends MemoryFeedDoc>(
  docs: readonly T[],
  isValid: (doc: T) => boolean = () => true,
): MemoryFeedExecutor<T> {
  const sorted = docs
    .map((doc) => ({ doc, key: memoryFeedKey(doc) }))
    .sort((a, b) => compareFeedKeys(a.key, b.key));
  const executor = (async ({ subQuery, filters, after, limit }) => {
    executor.calls += 1;
    const cells = new Set(subQuery.cells);
    const floor = subQuery.minActionRadiusKm;
    let start = 0;
    if (after) {
      // first position strictly after `after`
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compareFeedKeys((sorted[mid] as (typeof sorted)[number]).key, after) <= 0) lo = mid + 1;
        else hi = mid;
      }
      start = lo;
    }
    const out: Array<{ key: FeedKey; item: T | null }> = [];
    // Index entries scanned: the composite index is (status, [category], [urgency], ghP, createdAt, ...),
    // so every entry matching the equality and `in` part is visited in order; the range filters
    // (actionRadius, location) are checked on the entry, and only passing entries cost a document read.
    let indexEntries = 0;
    for (let i = start; i < sorted.length && out.length < limit; i += 1) {
      const { doc, key } = sorted[i] as (typeof sorted)[number];
      if (doc.status !== "active") continue;
      const cell = doc[subQuery.field];
      if (cell === undefined || !cells.has(cell)) continue;
      if (filters.category !== undefined && doc.category !== filters.category) continue;
      if (filters.urgency !== undefined && doc.urgency !== filters.urgency) continue;
      indexEntries += 1;
      if (floor !== null && !(doc.actionRadius >= floor)) continue;
      if (!inBounds(doc.location, subQuery.bounds)) continue;
      out.push({ key, item: isValid(doc) ? doc : null });
    }
    return { docs: out, reads: Math.max(1, out.length), exhausted: out.length < limit, indexEntries };
  }) as MemoryFeedExecutor<T>;
  executor.calls = 0;
  return executor;
}
