import { z } from "zod";
import type { LatLng } from "../geo/geo-math.ts";
import { decodeGeohashBounds, encodeGeohash, geohashNeighbours } from "../geo/geohash.ts";
import { type ProductSignature, similarSignatures } from "../products/product-similarity.ts";
import {
  histogramCount,
  histogramOf,
  mergeHistograms,
  mergeShops,
  PRICE_GUIDANCE,
  type PriceHistogram,
} from "./price-guidance.ts";

/**
 * The price aggregates behind local price guidance, kept only by the functions (functions/src/market/)
 * and closed to clients (firestore.rules). A bucket is one category, geohash-4 cell (about 20 × 28 km in
 * Italy) and product head noun ('biciclett'): similar products share their head, so a guidance read opens
 * the 9 buckets of its head around a place.
 *
 * - priceEntries/{hash of the offer id}: one offer's latest price (PriceEntry), written after submitOffer's
 *   commit and when a shop edits a pending offer's price. One small document per offer: an offer made again
 *   or edited overwrites its own, so no document takes more than that offer's writes.
 * - priceDays/{bucket}_{YYYY-MM-DD}: one bucket's offers of a day, grouped (PriceGroup: rounded prices,
 *   up to 3 shops), built once the day is settled (settledThrough) by the summaries job (hourly).
 * - priceSummaries/{bucket}: the bucket's settled days of the last 90 merged, the one document a guidance
 *   read opens per cell; rewritten only by that job, with a settled day, so no price less than a day old
 *   ever changes an answer.
 * - priceBuilds/{YYYY-MM-DD}: the job's progress on a day (done, or the last bucket built).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields the summaries job queries (firestore.indexes.json: priceEntries day + bucket; rebuildOn). */
export const PRICE_FIELDS = { bucket: "bucket", day: "day", rebuildOn: "rebuildOn" } as const;

/** The caps that bound a document whatever the traffic (docs/scale.md: sizes and index entries). */
export const PRICE_STATS = {
  /**
   * Histogram bins kept in a day's document and in a summary, largest groups first. A bin costs at most
   * ~167 bytes (a group of one price: its cell, a 40-character brand and model, 3 shop hashes), so a day
   * stays under ~170 kB and a summary under ~510 kB whatever the traffic (Firestore's limit: 1 MiB).
   */
  maxDayBins: 1000,
  maxSummaryBins: 3000,
  /** Characters kept of a head, a brand or a model (a bucket's id, a group's key). */
  maxWordLength: 40,
  /**
   * A day is settled (its offers enter the summaries) once it ended a day ago: every price counted is at
   * least 24 hours old, and nothing a shop does today changes any answer.
   */
  settleDays: 2,
  /** Settled days each run looks at, so days missed (the job down) are caught up on. */
  catchUpDays: 7,
} as const;

/** The day of a time, in UTC: '2026-11-29'. */
export function priceDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A day key moved by whole days. */
export function addDays(day: string, days: number): string {
  return priceDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The last settled day at `now`: it ended at least a day ago (PRICE_STATS.settleDays). */
export function settledThrough(now: Date): string {
  return priceDay(new Date(now.getTime() - PRICE_STATS.settleDays * DAY_MS));
}

/** The first day of the 90-day window that ends with `through`. */
export function windowStart(through: string): string {
  return addDays(through, 1 - PRICE_GUIDANCE.days);
}

/** When a day's entries and its document may go (TTL): once no window holds it, plus a margin. */
export function priceDayExpiry(day: string): Date {
  return new Date(Date.parse(`${addDays(day, PRICE_GUIDANCE.days + PRICE_STATS.settleDays + 1)}T00:00:00Z`));
}

const word = (text: string) => text.slice(0, PRICE_STATS.maxWordLength);

/** A bucket's id: category, gh4 cell and the product's head noun. */
export function priceBucket(category: string, gh4: string, head: string): string {
  return `${category}_${gh4}_${word(head)}`;
}

/** The head noun a bucket's id ends with (a head holds no '_': product-similarity.ts keeps letters and '-'). */
export function bucketHead(bucket: string): string {
  return bucket.slice(bucket.lastIndexOf("_") + 1);
}

export function priceDayId(bucket: string, day: string): string {
  return `${bucket}_${day}`;
}

/** The 9 summaries a guidance read opens: the head's bucket in the place's gh4 cell and the 8 around it. */
export function guidanceSummaryIds(category: string, head: string, place: LatLng): string[] {
  const cell = encodeGeohash(place.lat, place.lng, 4);
  return [cell, ...Object.values(geohashNeighbours(cell))].map((gh4) => priceBucket(category, gh4, head));
}

/** One offer as kept: price, the shop's hash (never its uid), when (ms), where (gh5), the signature. */
export const priceEntrySchema = z.object({
  bucket: z.string().min(1),
  /** The day of its latest price (priceDay of `at`): which priceDays document counts it. */
  day: z.string().length(10),
  p: z.number().positive(),
  s: z.string().min(1),
  at: z.number().int(),
  g: z.string().length(5),
  b: z.string().optional(),
  m: z.string().optional(),
  /** Buckets and days ('bucket|day') that counted an earlier price of this offer: built again with its day. */
  moved: z.array(z.string()).optional(),
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

/** The entry of an offer priced `price` at `at`, for a request's category, cells and signature. */
export function priceEntry(
  request: { category: string; gh4: string; gh5: string; signature: ProductSignature },
  offer: { shop: string; price: number; at: Date },
): PriceEntry {
  const { signature } = request;
  return {
    bucket: priceBucket(request.category, request.gh4, signature.head),
    day: priceDay(offer.at),
    p: offer.price,
    s: offer.shop,
    at: offer.at.getTime(),
    g: request.gh5,
    ...(signature.brand ? { b: word(signature.brand) } : {}),
    ...(signature.model ? { m: word(signature.model) } : {}),
  };
}

/**
 * The (bucket, day) documents an entry leaves when it is replaced by `next` (an edit on a later day, or
 * an offer made again): its own, if different, and any it had left before, as long as a guidance window
 * may still hold them (so at most one a day of the window: a few kB).
 */
export function movedFrom(previous: PriceEntry | undefined, next: PriceEntry): string[] {
  if (!previous) return [];
  const own = `${previous.bucket}|${previous.day}`;
  const left = new Set(previous.moved ?? []);
  if (previous.bucket !== next.bucket || previous.day !== next.day) left.add(own);
  left.delete(`${next.bucket}|${next.day}`);
  const oldest = addDays(next.day, -PRICE_GUIDANCE.days);
  return [...left].filter((pair) => pair.slice(-10) >= oldest).sort();
}

/** Offers of one product (brand, model) in one gh5 cell: rounded prices and up to 3 of their shops. */
export const priceGroupSchema = z.object({
  g: z.string().length(5),
  b: z.string().optional(),
  m: z.string().optional(),
  v: z.array(z.number()),
  c: z.array(z.number().int().positive()),
  s: z.array(z.string()),
});
export type PriceGroup = z.infer<typeof priceGroupSchema>;

const groupKey = (group: Pick<PriceGroup, "g" | "b" | "m">) => `${group.g}|${group.b ?? ""}|${group.m ?? ""}`;

/**
 * Groups merged by key (cell, brand, model), then capped: the largest groups first until `maxBins`
 * bins, ties by key, so the same input always gives the same document.
 */
export function mergeGroups(maxBins: number, ...lists: readonly (readonly PriceGroup[])[]): PriceGroup[] {
  const byKey = new Map<string, PriceGroup>();
  for (const group of lists.flat()) {
    const key = groupKey(group);
    const known = byKey.get(key);
    byKey.set(
      key,
      known
        ? { ...known, ...mergeHistograms(known, group), s: mergeShops(known.s, group.s) }
        : { ...group, s: mergeShops(group.s) },
    );
  }
  const ordered = [...byKey.entries()]
    .sort(([keyA, a], [keyB, b]) => histogramCount(b) - histogramCount(a) || keyA.localeCompare(keyB))
    .map(([, group]) => group);
  const kept: PriceGroup[] = [];
  let bins = 0;
  for (const group of ordered) {
    if (bins + group.v.length > maxBins) continue;
    bins += group.v.length;
    kept.push(group);
  }
  return kept;
}

/** A day's entries of one bucket as groups: each price rounded, each shop counted once per group. */
export function groupsOfEntries(entries: readonly PriceEntry[]): PriceGroup[] {
  return mergeGroups(
    PRICE_STATS.maxDayBins,
    entries.map((entry) => ({
      g: entry.g,
      ...(entry.b ? { b: entry.b } : {}),
      ...(entry.m ? { m: entry.m } : {}),
      ...histogramOf([entry.p]),
      s: [entry.s],
    })),
  );
}

/** A day's document: one bucket's settled offers of that day. */
export const priceDayDocSchema = z.object({
  bucket: z.string(),
  day: z.string().length(10),
  groups: z.array(priceGroupSchema),
});

/** A summary: one bucket's settled days in the window, merged; `head` is the bucket's (a read checks it). */
export const priceSummarySchema = z.object({
  bucket: z.string(),
  head: z.string(),
  /** The window: the days from `from` through `through` (settled days only). */
  from: z.string().length(10),
  through: z.string().length(10),
  groups: z.array(priceGroupSchema),
  /** The day the job builds it again even without news: when its oldest day leaves the window. */
  rebuildOn: z.string().length(10),
});
export type PriceSummary = z.infer<typeof priceSummarySchema>;

/**
 * The summary of a bucket from its day documents in the window ending `through`; undefined when no day
 * holds an offer (the summary is then deleted). It is built again on `rebuildOn`, when its oldest day
 * has left the window (or earlier, with a new settled day).
 */
export function buildSummary(
  bucket: string,
  through: string,
  days: readonly z.infer<typeof priceDayDocSchema>[],
): PriceSummary | undefined {
  const from = windowStart(through);
  const inWindow = days.filter((day) => day.day >= from && day.day <= through && day.groups.length > 0);
  const oldest = inWindow.map((day) => day.day).sort()[0];
  if (!oldest) return undefined;
  return {
    bucket,
    head: bucketHead(bucket),
    from,
    through,
    groups: mergeGroups(PRICE_STATS.maxSummaryBins, ...inWindow.map((day) => day.groups)),
    // The first run whose window (settledThrough) no longer holds the oldest day.
    rebuildOn: addDays(oldest, PRICE_GUIDANCE.days + PRICE_STATS.settleDays),
  };
}

/** A group's place: its gh5 cell's centre (about 5 km a side). */
export function groupPlace(group: Pick<PriceGroup, "g">): LatLng {
  const bounds = decodeGeohashBounds(group.g);
  return { lat: (bounds.minLat + bounds.maxLat) / 2, lng: (bounds.minLng + bounds.maxLng) / 2 };
}

/**
 * What a guidance read counts from the summaries it opened: the groups of a similar product within
 * PRICE_GUIDANCE.radiusKm of the place, their histograms added and their shops joined. A document that
 * does not parse, or holds another head, counts nothing.
 */
export function guidanceOffers(
  summaries: readonly unknown[],
  query: { signature: ProductSignature; place: LatLng },
  distanceKm: (a: LatLng, b: LatLng) => number,
): { histogram: PriceHistogram; shops: string[] } {
  const groups = summaries.flatMap((data) => {
    const parsed = priceSummarySchema.safeParse(data);
    return parsed.success && parsed.data.head === word(query.signature.head) ? parsed.data.groups : [];
  });
  const counted = groups.filter(
    (group) =>
      similarSignatures(
        {
          head: query.signature.head,
          ...(group.b ? { brand: group.b } : {}),
          ...(group.m ? { model: group.m } : {}),
        },
        {
          head: query.signature.head,
          ...(query.signature.brand ? { brand: word(query.signature.brand) } : {}),
          ...(query.signature.model ? { model: word(query.signature.model) } : {}),
        },
      ) && distanceKm(groupPlace(group), query.place) <= PRICE_GUIDANCE.radiusKm,
  );
  return {
    histogram: mergeHistograms(...counted),
    shops: mergeShops(...counted.map((group) => group.s)),
  };
}
