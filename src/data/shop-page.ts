import type { Unsubscribe } from "firebase/firestore";
import { collection, type Firestore, getDocs, limit, orderBy, query } from "firebase/firestore/lite";
import { COLLECTIONS, OFFER_FIELDS, REVIEW_FIELDS, SUBCOLLECTIONS } from "@/domain/collections";
import { REQUEST_QUERY_LIMIT } from "@/domain/limits";
import type { Offer } from "@/domain/offer";
import { type Review, reviewSchema } from "@/domain/shop-page";
import { isPresent, parseDocument } from "./document";
import { getLiteDb } from "./firestore-lite";
import { type Listener, lazyListen } from "./listen";
import { parseOffer } from "./offer-documents";

/**
 * The shop's page and the buyer's request page. The shop's public data is on profiles/{uid}
 * (./profiles.ts getPublicProfile, its `shop` part); its reviews are profiles/{uid}/reviews/{requestId},
 * written by completeTransaction and readable by any signed-in user, a bounded page at a time.
 */

/**
 * The shop's newest reviews (at most `max`, never more than the rules' list bound). The app's database
 * by default; tests pass a signed-in one.
 */
export async function listShopReviews(shopId: string, max: number, db?: Firestore): Promise<Review[]> {
  const snapshot = await getDocs(
    query(
      collection(db ?? (await getLiteDb()), COLLECTIONS.profiles, shopId, SUBCOLLECTIONS.reviews),
      orderBy(REVIEW_FIELDS.createdAt, "desc"),
      limit(Math.min(max, REQUEST_QUERY_LIMIT)),
    ),
  );
  return snapshot.docs
    .map((document) =>
      parseDocument(reviewSchema, document.data(), document.id, `Recensione ${document.id} ignorata`),
    )
    .filter(isPresent);
}

/**
 * Every offer on one of the buyer's requests, live (the request page's comparison): rules
 * `customerId == uid`, bounded; index customerId + requestId + createdAt desc (firestore.indexes.json).
 * A request has at most 20 pending offers, so one page of REQUEST_QUERY_LIMIT holds them all.
 */
export function subscribeToRequestOffers(
  requestId: string,
  customerId: string,
  listener: Listener<Offer[]>,
): Unsubscribe {
  return lazyListen(
    (fs, db, fail) =>
      fs.onSnapshot(
        fs.query(
          fs.collection(db, COLLECTIONS.offers),
          fs.where(OFFER_FIELDS.customerId, "==", customerId),
          fs.where(OFFER_FIELDS.requestId, "==", requestId),
          fs.orderBy(OFFER_FIELDS.createdAt, "desc"),
          fs.limit(REQUEST_QUERY_LIMIT),
        ),
        (snapshot) =>
          listener.next(
            snapshot.docs
              .map((document) => parseOffer(document.id, document.data({ serverTimestamps: "estimate" })))
              .filter(isPresent),
          ),
        fail,
      ),
    listener.error,
  );
}
