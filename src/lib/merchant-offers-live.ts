import type { News } from "@/domain/notifications/unread-counts";
import { useRefreshOnNews } from "./news";

/** Every query about a shop's offers lives under this key (the dashboard's counts and list, /offers). */
export const merchantOffersKey = (uid: string) => ["offers", uid] as const;

/**
 * A buyer's decision on an offer (accepted, rejected, a deal cancelled) reaches the shop as a
 * notification; a rating as a deal's change.
 */
export const decisionNews = (news: News) => news.notifications || news.deals;

/**
 * The shop's offer screens read again when a notification arrives for the shop (src/lib/news.ts): when
 * the buyer accepts, rejects or cancels, the counts and lists under merchantOffersKey are read again,
 * with no listener of their own; and when the tab comes back into view, and after the shop's own changes.
 */
export function useLiveMerchantOffers(uid: string): void {
  useRefreshOnNews(uid, merchantOffersKey(uid), { wanted: decisionNews });
}
