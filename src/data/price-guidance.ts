import { priceGuidanceInputSchema, priceGuidanceOutputSchema } from "@/domain/marketplace/price-guidance";
import { callable } from "./callables";

/**
 * Local price guidance: the priceGuidance callable (functions/src/market/price-stats.ts).
 * The aggregates behind it (priceStats) are closed to clients; the callable answers a range and a
 * price's position only above the threshold, else nulls.
 */
export const fetchPriceGuidance = callable(
  "priceGuidance",
  priceGuidanceInputSchema,
  priceGuidanceOutputSchema,
);
