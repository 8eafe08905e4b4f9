import { z } from "zod";
import { requestCategorySchema } from "../core/enums.ts";
import { PRODUCT_NAME_MAX_LENGTH } from "../core/limits.ts";
import { type LatLng, latLngSchema } from "../geo/geo.ts";
import { formatAlgoAmount } from "../products/budget-text.ts";
import { type ProductSignature, similarSignatures } from "../products/product-similarity.ts";

/**
 * Local price guidance: what shops nearby offered for similar products, shown only when
 * enough offers from enough shops back it that no one shop's price can be read from it. The numbers
 * are computed by the priceGuidance callable over the priceStats aggregates (functions/src/market/
 * price-stats.ts); this module is the pure math both sides share.
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
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One past offer as the aggregates keep it: its price, its shop (hashed), when and roughly where. */
export type PricePoint = {
  price: number;
  shop: string;
  at: Date;
  place: LatLng;
  signature: ProductSignature;
};

/** The range a buyer sees: lowest and highest price, and how many offers back it. */
export type PriceRange = { min: number; max: number; count: number };

/** The offers that count for a product near a place at a time: similar, recent and close enough. */
export function relevantPoints(
  points: readonly PricePoint[],
  query: { signature: ProductSignature; place: LatLng; now: Date },
  distanceKm: (a: LatLng, b: LatLng) => number,
): PricePoint[] {
  const since = query.now.getTime() - PRICE_GUIDANCE.days * DAY_MS;
  return points.filter(
    (point) =>
      point.at.getTime() >= since &&
      point.at.getTime() <= query.now.getTime() &&
      similarSignatures(point.signature, query.signature) &&
      distanceKm(point.place, query.place) <= PRICE_GUIDANCE.radiusKm,
  );
}

/** Enough offers from enough different shops (PRICE_GUIDANCE) to show anything. */
export function meetsThreshold(points: readonly Pick<PricePoint, "shop">[]): boolean {
  return (
    points.length >= PRICE_GUIDANCE.minOffers &&
    new Set(points.map((point) => point.shop)).size >= PRICE_GUIDANCE.minShops
  );
}

/** The range over the points, or undefined under the threshold. */
export function priceRange(points: readonly Pick<PricePoint, "shop" | "price">[]): PriceRange | undefined {
  if (!meetsThreshold(points)) return undefined;
  const prices = points.map((point) => point.price);
  return { min: Math.min(...prices), max: Math.max(...prices), count: prices.length };
}

/**
 * Where a price sits: the share of the offers (in whole percent) strictly cheaper than it, or
 * undefined under the threshold. 100 € among 80, 90, 100, 110, 120 → 40.
 */
export function pricePosition(
  price: number,
  points: readonly Pick<PricePoint, "shop" | "price">[],
): number | undefined {
  if (!meetsThreshold(points)) return undefined;
  const below = points.filter((point) => point.price < price).length;
  return Math.round((below / points.length) * 100);
}

/** An amount as a budget field holds it when the range fills it: '49,9', '1200'. */
export function amountInputText(value: number): string {
  return value.toLocaleString("it-IT", { maximumFractionDigits: 2, useGrouping: false });
}

/** priceGuidance's input: the product, its category and the place it is wanted at; a price to place. */
export const priceGuidanceInputSchema = z.object({
  // An enum, not any text: it names the documents read.
  category: requestCategorySchema,
  productName: z.string().trim().min(1).max(PRODUCT_NAME_MAX_LENGTH),
  location: latLngSchema,
  price: z.number().positive().max(1_000_000).optional(),
});
export type PriceGuidanceInput = z.infer<typeof priceGuidanceInputSchema>;
export const priceGuidanceOutputSchema = z.object({
  range: z.object({ min: z.number(), max: z.number(), count: z.number().int() }).nullable(),
  abovePercent: z.number().int().min(0).max(100).nullable(),
});
export type PriceGuidanceOutput = z.infer<typeof priceGuidanceOutputSchema>;

export const PRICE_GUIDANCE_MESSAGES = {
  range: (range: PriceRange) =>
    `Nella tua zona i negozi hanno offerto da ${formatAlgoAmount(range.min)} a ${formatAlgoAmount(range.max)} € (${range.count} offerte)`,
  position: (percent: number) =>
    percent === 0
      ? "Il tuo prezzo è il più basso tra le offerte simili in zona"
      : `Il tuo prezzo è più alto del ${percent} % delle offerte simili in zona`,
  useRange: "Usa come budget",
  unavailable: "Non è stato possibile leggere i prezzi in zona. Riprova.",
  unmetDemandTitle: "Richieste senza offerte vicino a te",
  unmetDemandEmpty: "Nessuna richiesta senza offerte in zona negli ultimi 7 giorni.",
} as const;
