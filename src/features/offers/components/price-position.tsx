import { PricePositionHint } from "@/components/marketplace/price-guidance";
import type { Request } from "@/domain/marketplace/request";
import { usePricePosition } from "@/lib/price-guidance";

/**
 * Where the shop's price sits among similar offers near the request, while it types: 'Il tuo prezzo è
 * nella media delle offerte simili in zona' (or tra il 20 % più basso / più alto); nothing under the
 * threshold, or for a request the shop may not offer on.
 */
export function PricePosition({ request, price }: { request: Request; price: number }) {
  const typed = Number.isFinite(price) && price > 0 ? price : undefined;
  const guidance = usePricePosition(request.id, typed);
  if (typed === undefined) return null;
  return <PricePositionHint band={guidance.data?.position} notice={guidance.data?.notice} />;
}
