import { PriceRangeHint } from "@/components/marketplace/price-guidance";
import type { LatLng } from "@/domain/geo/geo";
import type { PriceRange } from "@/domain/marketplace/price-guidance-messages";
import { usePriceRange } from "@/lib/price-guidance";

/**
 * What shops nearby offered for this product, under Algo's summary and in 'Compila tu',
 * once the product, its category and the place are known; nothing under the threshold.
 */
export function PriceHint({
  category,
  productName,
  location,
  onUseRange,
}: {
  category: string | undefined;
  productName: string | undefined;
  location: Partial<LatLng> | null | undefined;
  onUseRange?: (range: PriceRange) => void;
}) {
  const place =
    location?.lat !== undefined && location.lng !== undefined
      ? { lat: location.lat, lng: location.lng }
      : undefined;
  const guidance = usePriceRange({
    ...(category ? { category } : {}),
    ...(productName ? { productName } : {}),
    ...(place ? { location: place } : {}),
  });
  return (
    <PriceRangeHint
      range={guidance.data?.range}
      notice={guidance.data?.notice}
      {...(onUseRange ? { onUseRange } : {})}
    />
  );
}
