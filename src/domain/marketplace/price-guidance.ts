import { z } from "zod";
import { requestCategorySchema } from "../core/enums.ts";
import { idSchema } from "../core/fields.ts";
import { PRODUCT_NAME_MAX_LENGTH } from "../core/limits.ts";
import { latLngSchema } from "../geo/geo.ts";
import { PRICE_BANDS, type PriceBand, type PriceRange } from "./price-guidance-messages.ts";

/**
 * Local price guidance: what shops nearby offered for similar products, shown only when enough offers
 * from enough shops back it, from prices rounded and at least a day old, so that no one shop's price can
 * be read from it, not even by asking before and after one offer. The priceGuidance callable
 * (functions/src/market/price-guidance.ts) reads the summaries (price-stats.ts); this module is the
 * pure math: rounding, the threshold, the range and the bands.
 */
export const PRICE_GUIDANCE = {
  /** At least this many offers… */
  minOffers: 5,
  /** …from at least this many different shops. */
  minShops: 3,
  /** Offers made within this distance of the buyer (or the request the shop answers). */
  radiusKm: 15,
  /** Offers made in the last days. */
  days: 90,
  /**
   * The range runs from this share of the offers to its mirror (nearest rank): up to 10 offers it is the
   * lowest and the highest, past that one odd price does not stretch it.
   */
  rangeShare: 0.1,
  /** A price (mid-rank) below this share of the offers is 'tra il 20 % più basso'; above 1 − it, 'più alto'. */
  bandShare: 0.2,
} as const;

/**
 * How prices are rounded before anything is kept or answered: below `below` €, to the nearest `step`
 * (2-10 % of the price), so a price edited by a few cents changes nothing anyone can read.
 */
export const PRICE_ROUNDING: readonly { below: number; step: number }[] = [
  { below: 10, step: 0.5 },
  { below: 50, step: 1 },
  { below: 200, step: 5 },
  { below: 1000, step: 10 },
  { below: 5000, step: 50 },
  { below: Number.POSITIVE_INFINITY, step: 100 },
];

/** A price rounded to its step (PRICE_ROUNDING), never below the step: 24,90 → 25; 197,40 → 195. */
export function roundPrice(price: number): number {
  const step = PRICE_ROUNDING.find((rule) => price < rule.below)?.step ?? 100;
  const rounded = Math.round(price / step) * step;
  return Math.max(step, Math.round(rounded * 100) / 100);
}

/** Rounded prices, ascending, and how many offers were at each: what ranges and bands are read from. */
export type PriceHistogram = { v: number[]; c: number[] };

/** The histogram of prices, each rounded (roundPrice). */
export function histogramOf(prices: readonly number[]): PriceHistogram {
  return mergeHistograms(...prices.map((price) => ({ v: [roundPrice(price)], c: [1] })));
}

/** Histograms added together (their counts summed by price). */
export function mergeHistograms(...histograms: readonly PriceHistogram[]): PriceHistogram {
  const counts = new Map<number, number>();
  for (const histogram of histograms) {
    histogram.v.forEach((value, index) => {
      counts.set(value, (counts.get(value) ?? 0) + (histogram.c[index] ?? 0));
    });
  }
  const values = [...counts.keys()].sort((a, b) => a - b);
  return { v: values, c: values.map((value) => counts.get(value) ?? 0) };
}

/** How many offers a histogram holds. */
export function histogramCount(histogram: PriceHistogram): number {
  return histogram.c.reduce((sum, count) => sum + count, 0);
}

/** The price at a share of the offers, nearest rank: the ⌈share × n⌉-th cheapest (the cheapest at 0). */
export function priceAtShare(histogram: PriceHistogram, share: number): number {
  const rank = Math.max(1, Math.ceil(share * histogramCount(histogram)));
  let seen = 0;
  for (const [index, value] of histogram.v.entries()) {
    seen += histogram.c[index] ?? 0;
    if (seen >= rank) return value;
  }
  return histogram.v.at(-1) ?? 0;
}

/**
 * Shops kept per group of offers: the threshold needs to know only whether there are at least
 * minShops, and the union of sets cut at minShops is at least minShops exactly when the whole union is.
 */
export function mergeShops(...shops: readonly (readonly string[])[]): string[] {
  return [...new Set(shops.flat())].sort().slice(0, PRICE_GUIDANCE.minShops);
}

/** Enough offers from enough different shops (PRICE_GUIDANCE) to show anything. */
export function meetsThreshold(histogram: PriceHistogram, shops: readonly string[]): boolean {
  return (
    histogramCount(histogram) >= PRICE_GUIDANCE.minOffers && new Set(shops).size >= PRICE_GUIDANCE.minShops
  );
}

/** The range over the offers (rounded prices, PRICE_GUIDANCE.rangeShare), or undefined under the threshold. */
export function priceRange(histogram: PriceHistogram, shops: readonly string[]): PriceRange | undefined {
  if (!meetsThreshold(histogram, shops)) return undefined;
  return {
    min: priceAtShare(histogram, PRICE_GUIDANCE.rangeShare),
    max: priceAtShare(histogram, 1 - PRICE_GUIDANCE.rangeShare),
    count: histogramCount(histogram),
  };
}

/**
 * Where a price sits, as a band, never a number: its mid-rank among the offers (cheaper ones, plus half
 * the equal ones, once rounded) below bandShare is 'low', above 1 − bandShare 'high', else 'middle';
 * undefined under the threshold. 80 among 80, 90, 100, 110, 120 → 0.1: low; 90 → 0.3: middle.
 */
export function priceBand(
  price: number,
  histogram: PriceHistogram,
  shops: readonly string[],
): PriceBand | undefined {
  if (!meetsThreshold(histogram, shops)) return undefined;
  const rounded = roundPrice(price);
  let below = 0;
  let equal = 0;
  histogram.v.forEach((value, index) => {
    const count = histogram.c[index] ?? 0;
    if (value < rounded) below += count;
    else if (value === rounded) equal += count;
  });
  const rank = (below + equal / 2) / histogramCount(histogram);
  if (rank < PRICE_GUIDANCE.bandShare) return "low";
  if (rank > 1 - PRICE_GUIDANCE.bandShare) return "high";
  return "middle";
}

/** An amount as a budget field holds it when the range fills it: '1200', '49,90'. */
export function amountInputText(value: number): string {
  const cents = !Number.isInteger(Math.round(value * 100) / 100);
  return value.toLocaleString("it-IT", {
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
}

/** A buyer's question: the range for a product, its category and the place it is wanted at. */
export const priceRangeQuerySchema = z.object({
  // An enum, not any text: it names the documents read.
  category: requestCategorySchema,
  productName: z.string().trim().min(1).max(PRODUCT_NAME_MAX_LENGTH),
  location: latLngSchema,
});
/**
 * A shop's question: where a price sits for a request it may offer on. The product, category and place
 * are the request's, read on the server, never the caller's.
 */
export const pricePositionQuerySchema = z.object({
  requestId: idSchema,
  price: z.number().positive().max(1_000_000),
});
/** priceGuidance's input: a shop's question (with a request) or a buyer's. */
export const priceGuidanceInputSchema = z.union([pricePositionQuerySchema, priceRangeQuerySchema]);
export type PriceGuidanceInput = z.infer<typeof priceGuidanceInputSchema>;
export type PriceRangeQuery = z.infer<typeof priceRangeQuerySchema>;
export type PricePositionQuery = z.infer<typeof pricePositionQuerySchema>;

export const priceGuidanceOutputSchema = z.object({
  range: z.object({ min: z.number(), max: z.number(), count: z.number().int() }).nullable(),
  position: z.enum(PRICE_BANDS).nullable(),
});
export type PriceGuidanceOutput = z.infer<typeof priceGuidanceOutputSchema>;
