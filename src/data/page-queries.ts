import { COLLECTIONS, OFFER_FIELDS, REQUEST_FIELDS } from "@/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "@/domain/core/limits";
import type { QuerySpec } from "./query-spec";

/**
 * The queries a page's first read runs, written once for both of its paths: the data modules run them
 * with Firestore Lite (./requests.ts, ./received-offers.ts, ./offers.ts), the route starts them over REST on a page
 * load (src/lib/first-read.ts). No Firebase and no zod, so a route can start them before either loads.
 */

/** The buyer's newest requests (rules: customerId == uid, bounded; index customerId + createdAt desc). */
export const customerRequestsQuery = (customerId: string, max: number): QuerySpec => ({
  collection: COLLECTIONS.requests,
  where: [[REQUEST_FIELDS.customerId, "==", customerId]],
  orderBy: [[REQUEST_FIELDS.createdAt, "desc"]],
  limit: Math.min(max, REQUEST_QUERY_LIMIT),
});

/** The newest offers on the buyer's requests (rules: customerId == uid; index customerId + createdAt desc). */
export const customerOffersQuery = (customerId: string, max: number): QuerySpec => ({
  collection: COLLECTIONS.offers,
  where: [[OFFER_FIELDS.customerId, "==", customerId]],
  orderBy: [[OFFER_FIELDS.createdAt, "desc"]],
  limit: Math.min(max, REQUEST_QUERY_LIMIT),
});

/** The shop's newest offers (rules: merchantId == uid, bounded; index merchantId + createdAt desc). */
export const merchantOffersQuery = (merchantId: string, max: number): QuerySpec => ({
  collection: COLLECTIONS.offers,
  where: [[OFFER_FIELDS.merchantId, "==", merchantId]],
  orderBy: [[OFFER_FIELDS.createdAt, "desc"]],
  limit: Math.min(max, REQUEST_QUERY_LIMIT),
});
