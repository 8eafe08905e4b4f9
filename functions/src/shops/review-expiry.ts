import { type DocumentReference, FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { SUBCOLLECTIONS } from "@/domain/core/collections";
import { isRating } from "@/domain/marketplace/rating";
import {
  REVIEW_COUNTS_UNTIL_FIELD,
  REVIEW_EXPIRY_PAGE_SIZE,
  removeRating,
} from "@/domain/marketplace/review-rules";
import { ratingSummary } from "../deals/complete-transaction";
import { adminDb } from "../lib/admin";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { profileRef, userRef } from "../profiles/user-record";

export interface ReviewExpiryDeps extends SweepPaging {
  db: Firestore;
  now: () => Date;
}

/**
 * Takes one counted review out of its shop's average (users/{shop} and profiles/{shop}, removeRating)
 * and marks it `uncountedAt`, in one transaction; a review that no longer counts is left as it is, so a
 * second run (or the sweep after a removal) changes nothing. `remove` deletes the review instead of
 * marking it (an admin removed it). Returns whether the average moved.
 */
export async function uncountReview(
  db: Firestore,
  review: DocumentReference,
  at: Date,
  remove = false,
): Promise<boolean> {
  const shopId = review.parent.parent?.id;
  if (!shopId) return false;
  return db.runTransaction(async (tx) => {
    const [reviewSnap, userSnap, profileSnap] = await tx.getAll(
      review,
      userRef(db, shopId),
      profileRef(db, shopId),
    );
    if (!reviewSnap?.exists) return false;
    const rating = reviewSnap.get("rating");
    const counted = reviewSnap.get(REVIEW_COUNTS_UNTIL_FIELD) instanceof Timestamp && isRating(rating);
    if (counted) {
      const source = userSnap?.exists ? userSnap.data() : profileSnap?.data();
      const next = removeRating(ratingSummary(source), rating);
      if (userSnap?.exists) tx.update(userSnap.ref, { ...next });
      if (profileSnap?.exists) tx.update(profileSnap.ref, { ...next });
    }
    if (remove) tx.delete(review);
    else if (counted) {
      tx.update(review, {
        [REVIEW_COUNTS_UNTIL_FIELD]: FieldValue.delete(),
        uncountedAt: Timestamp.fromDate(at),
      });
    }
    return counted;
  });
}

/**
 * The 24-month rule (review-rules.ts REVIEW_COUNTS_MONTHS): every review whose countsUntil has passed,
 * over the collection group's index on countsUntil, a page at a time within the sweep's time budget.
 * Each one handled loses countsUntil, so the next run's query starts where this one stopped (resumable,
 * idempotent). Returns how many left the average.
 */
export async function runReviewExpiry(deps: ReviewExpiryDeps): Promise<number> {
  const now = deps.now();
  const due = deps.db
    .collectionGroup(SUBCOLLECTIONS.reviews)
    .where(REVIEW_COUNTS_UNTIL_FIELD, "<=", Timestamp.fromDate(now))
    .orderBy(REVIEW_COUNTS_UNTIL_FIELD);
  let expired = 0;
  await forEachPage(
    due,
    deps,
    async (docs) => {
      const moved = await inParallel(docs, 4, (doc) => uncountReview(deps.db, doc.ref, now));
      expired += moved.filter(Boolean).length;
    },
    REVIEW_EXPIRY_PAGE_SIZE,
  );
  return expired;
}

/** Every night at 03:40: the reviews whose 24 months ran out leave their shops' averages. */
export const reviewExpirySweep = onSchedule(
  sized("reviewExpirySweep", { schedule: "40 3 * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const expired = await runReviewExpiry({ db: adminDb(), now: () => new Date() });
    logger.info("Review expiry sweep", { reviewsExpired: expired });
  },
);
