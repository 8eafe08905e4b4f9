import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchPriceGuidance } from "@/data/price-guidance";
import { callableErrorCode } from "@/domain/boundary/errors";
import { parseRequestCategory } from "@/domain/core/enums";
import type { LatLng } from "@/domain/geo/geo";
import type { PriceGuidanceInput, PriceGuidanceOutput } from "@/domain/marketplace/price-guidance";
import { PRICE_GUIDANCE_MESSAGES } from "@/domain/marketplace/price-guidance-messages";
import { errorCode } from "@/domain/people/auth-errors";

/** An answer, and the server's refusal to show in its place (the hourly limit reached). */
export type PriceGuidanceView = PriceGuidanceOutput & { notice?: string };

const NOTHING: PriceGuidanceOutput = { range: null, position: null };
const STALE_MS = 5 * 60 * 1000;

/** A value that settles: the last one after `delayMs` without change (a price being typed). */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The callable's answer. A failure only loses the hint (logged), never an error toast: guidance is a
 * help, not a step; the hourly limit is said in the hint's place.
 */
function askGuidance(input: PriceGuidanceInput): Promise<PriceGuidanceView> {
  return fetchPriceGuidance(input).catch((error: unknown) => {
    // The callable's only resource-exhausted is the hourly limit: its text, from the same catalogue.
    if (callableErrorCode(errorCode(error)) === "resource-exhausted") {
      return { ...NOTHING, notice: PRICE_GUIDANCE_MESSAGES.tooManyRequests };
    }
    console.error("I prezzi in zona non sono leggibili", error);
    return NOTHING;
  });
}

/**
 * The buyer's range for a product at a place: asked once the product, its category and the place are
 * known, after 600 ms without typing. Under the threshold the callable answers nulls.
 */
export function usePriceRange(query: { category?: string; productName?: string; location?: LatLng }) {
  const productName = useSettled(query.productName, 600);
  // Algo's draft holds whatever category it read: only one of the product's counts.
  const category = parseRequestCategory(query.category);
  const { location } = query;
  const product = productName?.trim();
  return useQuery({
    queryKey: ["price-guidance", category, product, location?.lat, location?.lng],
    queryFn: () =>
      askGuidance({
        category: category ?? "generale",
        productName: product ?? "",
        location: location ?? { lat: 0, lng: 0 },
      }),
    enabled: Boolean(category && product && location),
    staleTime: STALE_MS,
    placeholderData: (previous) => previous,
  });
}

/**
 * A shop's band for a price on a request it may offer on: asked 600 ms after the price stops changing.
 * The server reads the request's product and place itself.
 */
export function usePricePosition(requestId: string, price: number | undefined) {
  const settled = useSettled(price, 600);
  const valid = settled !== undefined && Number.isFinite(settled) && settled > 0;
  return useQuery({
    queryKey: ["price-guidance", "position", requestId, settled],
    queryFn: () => askGuidance({ requestId, price: settled ?? 0 }),
    enabled: valid,
    staleTime: STALE_MS,
    placeholderData: (previous) => previous,
  });
}
