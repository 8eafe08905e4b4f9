import {
  collection,
  doc,
  type Firestore,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
} from "firebase/firestore/lite";
import { COLLECTIONS, REVIEW_FIELDS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "@/domain/core/limits";
import { type Review, reviewAnswerUpdate, reviewSchema } from "@/domain/people/review-answer";
import { isPresent, parseDocument } from "./document";
import { getLiteDb } from "./firestore-lite";

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
 * The shop's answer to one of its reviews ('Risposta del negozio'): the first one (`first`) or a change
 * within 48 hours; firestore.rules lets the reviewed shop alone write it, once.
 */
export async function answerReview(
  input: { shopId: string; reviewId: string; text: string; first: boolean },
  db?: Firestore,
): Promise<void> {
  const ref = doc(
    db ?? (await getLiteDb()),
    COLLECTIONS.profiles,
    input.shopId,
    SUBCOLLECTIONS.reviews,
    input.reviewId,
  );
  await updateDoc(ref, reviewAnswerUpdate(input.text, input.first, serverTimestamp));
}
