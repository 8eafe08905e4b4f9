import { z } from "zod";
import { decodeGeohashBounds, encodeGeohash, geohashNeighbours } from "../geo/geohash.ts";
import { PRICE_GUIDANCE, type PricePoint } from "./price-guidance.ts";

/**
 * The price aggregates' documents: priceStats/{category}_{gh4}_{YYYY-MM}, one per category,
 * geohash-4 cell (about 20 × 28 km in Italy) and month, each holding that month's offers in the cell as
 * a map (a hash of the offer id) → entry. Only the functions write them (submitOffer, through functions/src/market/
 * price-stats.ts) and read them (the priceGuidance callable, which applies the threshold); the rules
 * close them to clients. A month per document bounds its size (an entry is about 100 bytes: some 9,000
 * offers a month per category and cell fit under Firestore's 1 MiB) and lets old months go whole: each
 * carries expiresAt (priceStatsExpiry), Firestore's TTL field for the collection (TTL_POLICIES).
 */

/** One offer as kept: price, the shop's hash (never its uid), when (ms), gh5 of the request, signature. */
export const priceStatEntrySchema = z.object({
  p: z.number().positive(),
  s: z.string().min(1),
  at: z.number().int(),
  g: z.string().length(5),
  h: z.string().min(1),
  b: z.string().optional(),
  m: z.string().optional(),
});
export type PriceStatEntry = z.infer<typeof priceStatEntrySchema>;

/** The month key of a time, in UTC: '2026-11'. */
export function priceStatsMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/**
 * When a month's document may go (its TTL field, expiresAt): the first day after the month plus the
 * guidance window (PRICE_GUIDANCE.days) and a day, so every read that could still count its offers is
 * over. Firestore deletes it some time after (within days), which only makes it outlive that.
 */
export function priceStatsExpiry(month: string): Date {
  const [year = 1970, monthNumber = 1] = month.split("-").map(Number);
  const nextMonth = Date.UTC(year, monthNumber, 1);
  return new Date(nextMonth + (PRICE_GUIDANCE.days + 1) * 24 * 60 * 60 * 1000);
}

export function priceStatsDocId(category: string, gh4: string, month: string): string {
  return `${category}_${gh4}_${month}`;
}

/** The months a guidance read covers: this one and the ones back to PRICE_GUIDANCE.days ago. */
export function guidanceMonths(now: Date): string[] {
  const months = new Set<string>();
  const day = 24 * 60 * 60 * 1000;
  for (let back = 0; back <= PRICE_GUIDANCE.days; back += 15) {
    months.add(priceStatsMonth(new Date(now.getTime() - back * day)));
  }
  months.add(priceStatsMonth(new Date(now.getTime() - PRICE_GUIDANCE.days * day)));
  return [...months];
}

/**
 * The documents a guidance read opens for a place: its gh4 cell and the eight around it (a cell is
 * at least ~19 km a side, so they hold every point within PRICE_GUIDANCE.radiusKm), for each month.
 */
export function guidanceDocIds(category: string, place: { lat: number; lng: number }, now: Date): string[] {
  const cell = encodeGeohash(place.lat, place.lng, 4);
  const cells = [cell, ...Object.values(geohashNeighbours(cell))];
  return cells.flatMap((gh4) => guidanceMonths(now).map((month) => priceStatsDocId(category, gh4, month)));
}

/** An entry as a price point: its place is its gh5 cell's centre (about 5 km a side). */
export function entryPoint(entry: PriceStatEntry): PricePoint {
  const bounds = decodeGeohashBounds(entry.g);
  return {
    price: entry.p,
    shop: entry.s,
    at: new Date(entry.at),
    place: { lat: (bounds.minLat + bounds.maxLat) / 2, lng: (bounds.minLng + bounds.maxLng) / 2 },
    signature: {
      head: entry.h,
      ...(entry.b ? { brand: entry.b } : {}),
      ...(entry.m ? { model: entry.m } : {}),
    },
  };
}

/** The entries of a stored document that parse, with their keys (a bad one is skipped, not fatal). */
export function documentEntries(data: unknown): [key: string, entry: PriceStatEntry][] {
  const offers = (data as { offers?: unknown } | undefined)?.offers;
  if (!offers || typeof offers !== "object") return [];
  return Object.entries(offers).flatMap(([key, value]) => {
    const parsed = priceStatEntrySchema.safeParse(value);
    return parsed.success ? [[key, parsed.data] as [string, PriceStatEntry]] : [];
  });
}

/**
 * The entries of the documents a guidance read opens, each offer once. An offer made again in the same
 * month replaces its entry in place; made again in a later month (the request renewed) it is written
 * in that month's document under the same key, and the older entry is left where it was: only the
 * newest entry of a key counts, at its new price.
 */
export function latestEntries(documents: readonly unknown[]): PriceStatEntry[] {
  const byKey = new Map<string, PriceStatEntry>();
  for (const data of documents) {
    for (const [key, entry] of documentEntries(data)) {
      const known = byKey.get(key);
      if (!known || entry.at > known.at) byKey.set(key, entry);
    }
  }
  return [...byKey.values()];
}
