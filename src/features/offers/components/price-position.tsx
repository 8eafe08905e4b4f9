import { PricePositionHint } from "@/components/marketplace/price-guidance";
import type { Request } from "@/domain/marketplace/request";
import { usePriceGuidance } from "@/lib/price-guidance";

/**
 * Where the shop's price sits among similar offers near the request, while it types:
 * 'Il tuo prezzo è più alto del 80 % delle offerte simili in zona'; nothing under the threshold.
 */
export function PricePosition({ request, price }: { request: Request; price: number }) {
  const guidance = usePriceGuidance({
    category: request.category,
    productName: request.productName,
    location: { lat: request.location.lat, lng: request.location.lng },
    ...(Number.isFinite(price) && price > 0 ? { price } : {}),
  });
  const percent = Number.isFinite(price) && price > 0 ? guidance.data?.abovePercent : null;
  return <PricePositionHint percent={percent} />;
}
