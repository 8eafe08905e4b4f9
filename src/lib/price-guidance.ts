import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchPriceGuidance } from "@/data/price-guidance";
import { parseRequestCategory } from "@/domain/core/enums";
import type { LatLng } from "@/domain/geo/geo";
import type { PriceGuidanceOutput } from "@/domain/marketplace/price-guidance";

export type PriceGuidanceQuery = {
  category?: string;
  productName?: string;
  location?: LatLng;
  price?: number;
};

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
 * Local price guidance for a product at a place, and a price's position when one is given:
 * asked once the product, its category and the place are known, after 600 ms without typing.
 * Under the threshold the callable answers nulls; a failure only loses the hint (logged), it is never
 * an error toast: guidance is a help, not a step.
 */
export function usePriceGuidance(query: PriceGuidanceQuery) {
  const price = useSettled(query.price, 600);
  const productName = useSettled(query.productName, 600);
  // Algo's draft holds whatever category it read: only one of the product's counts.
  const category = parseRequestCategory(query.category);
  const { location } = query;
  const ready = Boolean(category && productName?.trim() && location);
  return useQuery({
    queryKey: ["price-guidance", category, productName?.trim(), location?.lat, location?.lng, price],
    queryFn: (): Promise<PriceGuidanceOutput> =>
      fetchPriceGuidance({
        category: category ?? "generale",
        productName: productName ?? "",
        location: location ?? { lat: 0, lng: 0 },
        ...(price && price > 0 ? { price } : {}),
      }).catch((error: unknown) => {
        console.error("I prezzi in zona non sono leggibili", error);
        return { range: null, abovePercent: null };
      }),
    enabled: ready,
    staleTime: 5 * 60 * 1000,
    placeholderData: (previous) => previous,
  });
}
