import { priceGuidanceInputSchema, priceGuidanceOutputSchema } from "@/domain/marketplace/price-guidance";
import { callable } from "./callables";

/**
 * Local price guidance: the priceGuidance callable (functions/src/market/price-guidance.ts). The
 * aggregates behind it are closed to clients; the callable answers a range (and, to a shop that may offer
 * on the request, a price's band) only above the threshold, else nulls; past the hourly limit it refuses.
 */
export const fetchPriceGuidance = callable(
  "priceGuidance",
  priceGuidanceInputSchema,
  priceGuidanceOutputSchema,
);
