import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { type CompleteTransactionOutput, completeTransactionInputSchema } from "@/domain/boundary/callables";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { DEAL_END_REFUSALS } from "@/domain/marketplace/deal-end";
import { applyRating, type RatingSummary, ratingLedgerId, ratingOutcome } from "@/domain/marketplace/rating";
import { reviewCountsUntil } from "@/domain/marketplace/review-rules";
import {
  assertRequestTransition,
  isCompletedRequest,
  OFFER_STATUS,
  REQUEST_STATUS,
} from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { reviewDocument } from "@/domain/people/shop-page";
import { type RollupStaging, recordAfterCommit, stageSaleCompleted } from "../analytics/rollups";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { emailProvenInAuth } from "../lib/email-proven";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { countDealChange } from "../notifications/unread-counts";
import { parseUserDoc, profileDoc, profileRef, userRef } from "../profiles/user-record";
import {
  assertCustomer,
  assertTransition,
  type DealDeps,
  offerRef,
  readConversations,
  readOffer,
  readRequest,
  requestRef,
  runDeal,
  timestamp,
  touchConversations,
} from "./deal-store";

/** The parsed input: rating is a Rating (1-5), feedback trimmed. */
export type CompleteTransactionRequest = z.output<typeof completeTransactionInputSchema>;

export type CompleteTransactionDeps = DealDeps & {
  /** The buyer proved their e-mail (Auth: verified or Google); only then does a rating count. */
  emailProven: (uid: string) => Promise<boolean>;
};

/** The shop's average and count as stored (users/{uid} or profiles/{uid}). */
export function ratingSummary(data: DocumentData | undefined): Partial<RatingSummary> | undefined {
  if (!data) return undefined;
  const { averageRating, totalRatings } = data;
  return {
    ...(typeof averageRating === "number" ? { averageRating } : {}),
    ...(typeof totalRatings === "number" ? { totalRatings } : {}),
  };
}

/** The mean as it stands, for a rating that does not count. */
function unchanged(current: Partial<RatingSummary> | undefined): RatingSummary {
  return { averageRating: current?.averageRating ?? 0, totalRatings: current?.totalRatings ?? 0 };
}

/** When this buyer's rating of this shop last entered its average (ratingsGiven), if ever. */
function lastCountedAt(data: DocumentData | undefined): Date | undefined {
  const at = data?.lastRatedAt;
  return at instanceof Timestamp ? at.toDate() : undefined;
}

/**
 * completeTransaction({requestId, rating, feedback?}) → {requestId, merchantAverageRating}, one
 * transaction (spec §4 Completing): the request in_progress → completed with completedAt,
 * completedOfferId (its acceptedOfferId), customerRating and customerFeedback; the accepted offer gets
 * the rating, the feedback and ratedAt; users/{merchantId} gets successfulMatches + 1. The rating enters
 * the merchant's average only when it counts (rating.ts ratingOutcome: the buyer proved their e-mail,
 * and none of their ratings of this shop counted in the last 30 days, as ratingsGiven/{buyer}_{shop}
 * records): then averageRating moves as a running mean (applyRating) with totalRatings + 1 on
 * users/{merchantId} and on the public projection profiles/{merchantId}, and the ledger's lastRatedAt
 * moves. users/{merchantId} is the source of the mean; the profile's figures are used only when the
 * user document is missing. `ratingCounted` tells the caller which happened (and
 * `ratingUncountedReason` why not, so the buyer reads what would make the next one count). A buyer who proved their
 * e-mail also leaves a review on the shop's page, profiles/{merchantId}/reviews/{requestId} (the stars,
 * the comment, the date and the buyer's first name from users/{buyer}), whether or not the rating
 * entered the average this time: the cooldown keeps one buyer from moving the mean, not from saying
 * how a real purchase went. A purchase the shop verified at its till (verifyPickup: verifiedPurchaseAt on
 * the offer alone) is already completed: its rating is then only recorded (once), needs no proven e-mail,
 * always leaves a review marked verifiedPurchase, and enters the average under the same 30-day window.
 */
export async function completeTransactionFor(
  uid: string,
  input: CompleteTransactionRequest,
  deps: CompleteTransactionDeps,
): Promise<CompleteTransactionOutput> {
  const { db } = deps;
  const requestDoc = requestRef(db, input.requestId);
  const feedback = input.feedback?.trim();
  // Auth is outside Firestore: asked once, before the transaction (which may run several times).
  // A failed lookup only keeps the rating out of the average; the deal still completes.
  const emailProven = await deps.emailProven(uid).catch((error: unknown) => {
    logger.warn("completeTransaction: e-mail check failed, rating not counted", {
      uid,
      error: String(error),
    });
    return false;
  });
  const result = await db.runTransaction(async (tx) => {
    const requestSnap = await tx.get(requestDoc);
    const request = readRequest(requestSnap);
    assertCustomer(request, uid);
    // A deal the shop verified at its till is already completed (verifyPickup): only its rating follows.
    const verifiedOfferId = isCompletedRequest(request.status)
      ? requestSnap.get("completedOfferId")
      : undefined;
    if (typeof verifiedOfferId !== "string") {
      assertTransition(assertRequestTransition(request.status, REQUEST_STATUS.completed));
    }
    const dealOfferId = typeof verifiedOfferId === "string" ? verifiedOfferId : request.acceptedOfferId;
    if (!dealOfferId) throw new Error(`${requestDoc.path}: in progress without acceptedOfferId`);
    const acceptedRef = offerRef(db, dealOfferId);
    const offerSnap = await tx.get(acceptedRef);
    const offer = readOffer(offerSnap);
    if (offer.requestId !== request.id || offer.status !== OFFER_STATUS.accepted) {
      throw new Error(`${acceptedRef.path}: not the accepted offer of ${requestDoc.path}`);
    }
    // The verification belongs to this offer alone (never to the request: a later deal is not verified).
    const verifiedPurchase = offerSnap.get("verifiedPurchaseAt") instanceof Timestamp;
    const rateOnly = typeof verifiedOfferId === "string";
    if (rateOnly && !verifiedPurchase) {
      assertTransition(assertRequestTransition(request.status, REQUEST_STATUS.completed));
    }
    if (rateOnly && offerSnap.get("ratedAt") !== undefined) {
      throw new HttpsError("failed-precondition", DEAL_END_REFUSALS.alreadyRated);
    }

    const merchantUserRef = userRef(db, offer.merchantId);
    const merchantProfileRef = profileRef(db, offer.merchantId);
    const ledgerRef = db.collection(COLLECTIONS.ratingsGiven).doc(ratingLedgerId(uid, offer.merchantId));
    const buyerRef = userRef(db, uid);
    const [userSnap, profileSnap, ledgerSnap, buyerSnap] = await tx.getAll(
      merchantUserRef,
      merchantProfileRef,
      ledgerRef,
      buyerRef,
    );
    const userData = userSnap?.data();
    const profileData = profileSnap?.data();
    const conversations = await readConversations(tx, db, [offer.id]);

    const now = timestamp(deps);
    // The shop checked the pickup code at the till (verifyPickup): the rating needs no proven e-mail and
    // the review says 'Acquisto verificato'; it counts only outside the 30-day window all the same.
    const outcome = ratingOutcome({
      emailProven,
      verifiedPurchase,
      lastCountedAt: lastCountedAt(ledgerSnap?.data()),
      now: now.toDate(),
    });
    const { counted } = outcome;
    const current = ratingSummary(userData ?? profileData);
    const next = counted ? applyRating(current, input.rating) : unchanged(current);
    const rating = counted ? { averageRating: next.averageRating, totalRatings: next.totalRatings } : {};
    const rated = feedback ? { customerFeedback: feedback } : {};
    tx.update(requestDoc, {
      ...(rateOnly ? {} : { status: REQUEST_STATUS.completed, completedAt: now, completedOfferId: offer.id }),
      customerRating: input.rating,
      ...rated,
      updatedAt: now,
    });
    tx.update(acceptedRef, { customerRating: input.rating, ...rated, ratedAt: now, updatedAt: now });
    // The shop's open screens (its chat, its offers) read the rated deal again.
    countDealChange(tx, db, offer.merchantId);

    if (userData && rateOnly) {
      if (counted) tx.update(merchantUserRef, rating);
    } else if (userData) {
      const matches = userData.successfulMatches;
      tx.update(merchantUserRef, {
        ...rating,
        successfulMatches: (typeof matches === "number" && Number.isInteger(matches) ? matches : 0) + 1,
      });
    } else {
      logger.warn("completeTransaction: merchant user document missing", { merchantId: offer.merchantId });
    }
    if (profileData) {
      if (counted) tx.update(merchantProfileRef, rating);
    } else {
      // No projection yet: write it whole from the user document, ratings included.
      const read = parseUserDoc(userData);
      if (read.ok) tx.set(merchantProfileRef, profileDoc({ ...read.user, ...rating }));
      else logger.warn("completeTransaction: merchant profile not written", { merchantId: offer.merchantId });
    }
    if (counted) tx.set(ledgerRef, { buyerId: uid, merchantId: offer.merchantId, lastRatedAt: now });
    if (emailProven || verifiedPurchase) {
      const buyer = buyerSnap?.data() ?? {};
      const review = reviewDocument({
        rating: input.rating,
        comment: feedback,
        buyer: {
          firstName: typeof buyer.firstName === "string" ? buyer.firstName : undefined,
          displayName: typeof buyer.displayName === "string" ? buyer.displayName : undefined,
        },
        at: now,
        verifiedPurchase,
        // A counted rating leaves the average 24 months on (reviewExpirySweep).
        countsUntil: counted ? Timestamp.fromDate(reviewCountsUntil(now.toDate())) : undefined,
      });
      tx.set(merchantProfileRef.collection(SUBCOLLECTIONS.reviews).doc(request.id), review);
    }
    touchConversations(tx, conversations, now);
    const requestData = requestSnap.data() ?? {};
    // A verified deal was counted as completed by verifyPickup.
    const rollup: RollupStaging = (writer) => {
      if (!rateOnly) stageSaleCompleted(writer, db, requestData);
    };
    const output: CompleteTransactionOutput = {
      requestId: request.id,
      merchantAverageRating: next.averageRating,
      ratingCounted: counted,
      ...(outcome.counted ? {} : { ratingUncountedReason: outcome.reason }),
    };
    return { output, rollup };
  });
  await recordAfterCommit(db, result.rollup);
  return result.output;
}

/** One completeTransaction call by a signed-in caller: the input checked as sent, then the transaction. */
export function completeTransactionCall(
  uid: string,
  data: unknown,
  deps: CompleteTransactionDeps,
): Promise<CompleteTransactionOutput> {
  return completeTransactionFor(uid, parseCallableInput(completeTransactionInputSchema, data), deps);
}

export const completeTransaction = guardedCall(
  ACCOUNT_GUARD.account,
  sized("completeTransaction", callableOptions),
  (request): Promise<CompleteTransactionOutput> =>
    runDeal("completeTransaction", request.auth?.uid, ERROR_MESSAGES.completeTransaction, (uid) =>
      completeTransactionCall(uid, request.data, {
        db: adminDb(),
        now: () => new Date(),
        emailProven: emailProvenInAuth,
      }),
    ),
);
