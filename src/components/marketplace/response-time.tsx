import { RESPONSE_TIME_MESSAGES } from "@/domain/market/response-time-messages";
import { cn } from "@/lib/cn";
import { useShopResponseStats } from "@/lib/shop-response-time";

/**
 * 'Di solito risponde entro un'ora': the shop's coarse response time (src/domain/market/response-time.ts),
 * read after the card has painted; nothing while it is unknown or under 5 answers in 30 days.
 */
export function ResponseTime({ shopId, className }: { shopId: string; className?: string }) {
  const bucket = useShopResponseStats(shopId).data?.responseBucket;
  if (!bucket) return null;
  return <p className={cn("text-sm text-slate-700", className)}>{RESPONSE_TIME_MESSAGES.usually(bucket)}</p>;
}
