import { collection, getDocs, limit, orderBy, query, where } from "firebase/firestore/lite";
import { COLLECTIONS, OFFER_FIELDS } from "@/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "@/domain/core/limits";
import type { Offer } from "@/domain/marketplace/offer";
import { countUpToLimit, getLiteDb, liteQuery } from "./firestore-lite";
import { readOfferSnapshots as readSnapshots } from "./offer-documents";
import { customerOffersQuery } from "./page-queries";

/**
 * offers/{id} as the buyer reads them (the shops' side, and every write, are in ./offers.ts): the
 * offers received on their requests, newest first, one-shot and live, counted, and those on one request.
 * Rules: `customerId == uid`, every list bounded by REQUEST_QUERY_LIMIT; indexes customerId + createdAt
 * desc and customerId + requestId + createdAt desc (firestore.indexes.json).
 */

/**
 * The buyer's side of offers (spec §2 customer dashboard, /requests): the newest `max` offers received on
 * the buyer's requests (at most REQUEST_QUERY_LIMIT, the rules' bound), a one-shot read. Rules allow the
 * query by `customerId == uid`; index customerId + createdAt desc (firestore.indexes.json).
 */
export async function listCustomerOffers(customerId: string, max: number): Promise<Offer[]> {
  const snapshot = await getDocs(liteQuery(await getLiteDb(), customerOffersQuery(customerId, max)));
  return readSnapshots(snapshot.docs);
}

/**
 * How many offers the buyer has received (an aggregation, counted up to REQUEST_QUERY_LIMIT like every
 * list the rules allow: the dashboard shows "50+" from there). Read only when the newest-offers list is
 * full; below that, the list is the count.
 */
export function countCustomerOffers(customerId: string): Promise<number> {
  return countUpToLimit(COLLECTIONS.offers, where(OFFER_FIELDS.customerId, "==", customerId));
}

/** The newest offers on one of the buyer's requests (rules: `customerId == uid`, bounded). */
export async function listOffersForRequest(requestId: string, customerId: string): Promise<Offer[]> {
  const snapshot = await getDocs(
    query(
      collection(await getLiteDb(), COLLECTIONS.offers),
      where(OFFER_FIELDS.customerId, "==", customerId),
      where(OFFER_FIELDS.requestId, "==", requestId),
      orderBy(OFFER_FIELDS.createdAt, "desc"),
      limit(REQUEST_QUERY_LIMIT),
    ),
  );
  return readSnapshots(snapshot.docs);
}
