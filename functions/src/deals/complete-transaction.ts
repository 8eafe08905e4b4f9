import type { DocumentData } from "firebase-admin/firestore";
import { onCall } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { z } from "zod";
import { type CompleteTransactionOutput, completeTransactionInputSchema } from "@/domain/callables";
import { ERROR_MESSAGES } from "@/domain/messages";
import { applyRating, type RatingSummary } from "@/domain/rating";
import { assertRequestTransition, OFFER_STATUS, REQUEST_STATUS } from "@/domain/state-machine";
import { adminDb } from "../lib/admin";
import { region } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
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

function ratingSummary(data: DocumentData | undefined): Partial<RatingSummary> | undefined {
  if (!data) return undefined;
  const { averageRating, totalRatings } = data;
  return {
    ...(typeof averageRating === "number" ? { averageRating } : {}),
    ...(typeof totalRatings === "number" ? { totalRatings } : {}),
  };
}

/**
 * completeTransaction({requestId, rating, feedback?}) → {requestId, merchantAverageRating}, one
 * transaction (spec §4 Completing): the request in_progress → completed with completedAt,
 * completedOfferId (its acceptedOfferId), customerRating and customerFeedback; the accepted offer gets
 * the rating, the feedback and ratedAt; the merchant's averageRating moves as a running mean
 * (applyRating) with totalRatings + 1 on users/{merchantId} (also successfulMatches + 1) and on the
 * public projection profiles/{merchantId}. users/{merchantId} is the source of the mean; the profile's
 * figures are used only when the user document is missing.
 */
export async function completeTransactionFor(
  uid: string,
  input: CompleteTransactionRequest,
  deps: DealDeps,
): Promise<CompleteTransactionOutput> {
  const { db } = deps;
  const requestDoc = requestRef(db, input.requestId);
  const feedback = input.feedback?.trim();
  return db.runTransaction(async (tx) => {
    const request = readRequest(await tx.get(requestDoc));
    assertCustomer(request, uid);
    assertTransition(assertRequestTransition(request.status, REQUEST_STATUS.completed));
    if (!request.acceptedOfferId) throw new Error(`${requestDoc.path}: in progress without acceptedOfferId`);
    const acceptedRef = offerRef(db, request.acceptedOfferId);
    const offer = readOffer(await tx.get(acceptedRef));
    if (offer.requestId !== request.id || offer.status !== OFFER_STATUS.accepted) {
      throw new Error(`${acceptedRef.path}: not the accepted offer of ${requestDoc.path}`);
    }

    const merchantUserRef = userRef(db, offer.merchantId);
    const merchantProfileRef = profileRef(db, offer.merchantId);
    const [userSnap, profileSnap] = await tx.getAll(merchantUserRef, merchantProfileRef);
    const userData = userSnap?.data();
    const profileData = profileSnap?.data();
    const conversations = await readConversations(tx, db, [offer.id]);

    const next = applyRating(ratingSummary(userData ?? profileData), input.rating);
    const now = timestamp(deps);
    const rated = feedback ? { customerFeedback: feedback } : {};
    tx.update(requestDoc, {
      status: REQUEST_STATUS.completed,
      completedAt: now,
      completedOfferId: offer.id,
      customerRating: input.rating,
      ...rated,
      updatedAt: now,
    });
    tx.update(acceptedRef, { customerRating: input.rating, ...rated, ratedAt: now, updatedAt: now });

    if (userData) {
      const matches = userData.successfulMatches;
      tx.update(merchantUserRef, {
        averageRating: next.averageRating,
        totalRatings: next.totalRatings,
        successfulMatches: (typeof matches === "number" && Number.isInteger(matches) ? matches : 0) + 1,
      });
    } else {
      logger.warn("completeTransaction: merchant user document missing", { merchantId: offer.merchantId });
    }
    if (profileData) {
      tx.update(merchantProfileRef, { averageRating: next.averageRating, totalRatings: next.totalRatings });
    } else {
      // No projection yet: write it whole from the user document, ratings included.
      const read = parseUserDoc(userData);
      if (read.ok) tx.set(merchantProfileRef, profileDoc({ ...read.user, ...next }));
      else logger.warn("completeTransaction: merchant profile not written", { merchantId: offer.merchantId });
    }
    touchConversations(tx, conversations, now);
    return { requestId: request.id, merchantAverageRating: next.averageRating };
  });
}

/** One completeTransaction call by a signed-in caller: the input checked as sent, then the transaction. */
export function completeTransactionCall(
  uid: string,
  data: unknown,
  deps: DealDeps,
): Promise<CompleteTransactionOutput> {
  return completeTransactionFor(uid, parseCallableInput(completeTransactionInputSchema, data), deps);
}

export const completeTransaction = onCall(
  { region },
  (request): Promise<CompleteTransactionOutput> =>
    runDeal("completeTransaction", request.auth?.uid, ERROR_MESSAGES.completeTransaction, (uid) =>
      completeTransactionCall(uid, request.data, { db: adminDb(), now: () => new Date() }),
    ),
);
