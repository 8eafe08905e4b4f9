import { merchantOffersQuery } from "@/data/page-queries";
import { MERCHANT_DASHBOARD_OFFERS } from "@/domain/core/limits";
import { startFirstReads } from "@/lib/start-first-reads";

// The shop's dashboard's first read (its latest offers), as the route starts it on a page load before
// Firebase has loaded (src/lib/first-read.ts); ./dashboard.ts reads the same query. A chunk of its own
// with no zod and no Firebase, so it arrives long before either.

export const recentOffersFirstQuery = (uid: string) => merchantOffersQuery(uid, MERCHANT_DASHBOARD_OFFERS);

/**
 * Starts the read over REST when this device holds `uid`'s valid session, and the download of what
 * turns its documents into the dashboard's rows, so neither waits for the other.
 */
export function startMerchantFirstReads(uid: string): void {
  if (!startFirstReads(uid, [recentOffersFirstQuery(uid)])) return;
  void import("@/data/offer-documents").catch(() => undefined); // the read loads it again and reports
  void import("@/data/merchant-offer-rows").catch(() => undefined);
}
