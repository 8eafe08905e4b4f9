import { customerOffersQuery, customerRequestsQuery } from "@/data/page-queries";
import { REQUEST_QUERY_LIMIT } from "@/domain/core/limits";
import { startFirstReads } from "@/lib/start-first-reads";

// The buyer screens' first reads (/customer, /requests), as the route starts them on a page load before
// Firebase has loaded (src/lib/first-read.ts); ./customer-data.ts reads the same queries. A chunk of
// its own with no zod and no Firebase, so it arrives long before either.

/** Requests read for the dashboard stats and /requests: the buyer's newest (the rules bound every list). */
export const CUSTOMER_REQUESTS_MAX = REQUEST_QUERY_LIMIT;
/** Offers read for the same screens: the newest received. */
export const CUSTOMER_OFFERS_MAX = REQUEST_QUERY_LIMIT;

export const customerRequestsFirstQuery = (uid: string) => customerRequestsQuery(uid, CUSTOMER_REQUESTS_MAX);
export const customerOffersFirstQuery = (uid: string) => customerOffersQuery(uid, CUSTOMER_OFFERS_MAX);

/**
 * Starts both reads over REST when this device holds `uid`'s valid session, and the download of their
 * parsers (./customer-data.ts parses with them), so neither waits for the other.
 */
export function startCustomerFirstReads(uid: string): void {
  if (!startFirstReads(uid, [customerRequestsFirstQuery(uid), customerOffersFirstQuery(uid)])) return;
  void import("@/data/request-parsing").catch(() => undefined); // the read loads it again and reports
  void import("@/data/offer-documents").catch(() => undefined);
}
