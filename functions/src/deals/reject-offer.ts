import {
  type RejectOfferInput,
  type RejectOfferOutput,
  rejectOfferInputSchema,
} from "@/domain/boundary/callables";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { assertOfferTransition, OFFER_STATUS } from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "../notifications/email-queue";
import { offerRejectedEvent, productNameOf } from "../notifications/events";
import { deliverAfterCommit, type NotifyingDeps, stageNotification } from "../notifications/notify";
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

/**
 * rejectOffer({offerId, reason?}) → {offerId}, one transaction (spec §4 Rejecting): the request's
 * customer moves a pending offer to rejected with rejectedAt and the reason (trimmed; an empty one is
 * not stored). The request itself does not change.
 */
export async function rejectOfferFor(
  uid: string,
  input: RejectOfferInput,
  deps: DealDeps & NotifyingDeps,
): Promise<RejectOfferOutput> {
  const { db } = deps;
  const targetRef = offerRef(db, input.offerId);
  const reason = input.reason?.trim();
  const result = await db.runTransaction(async (tx) => {
    const offer = readOffer(await tx.get(targetRef));
    const requestSnap = await tx.get(requestRef(db, offer.requestId));
    const request = readRequest(requestSnap);
    assertCustomer(request, uid);
    assertTransition(assertOfferTransition(offer.status, OFFER_STATUS.rejected));
    const conversations = await readConversations(tx, db, [offer.id]);

    const now = timestamp(deps);
    tx.update(targetRef, {
      status: OFFER_STATUS.rejected,
      rejectedAt: now,
      updatedAt: now,
      ...(reason ? { rejectionReason: reason } : {}),
    });
    touchConversations(tx, conversations, now);
    const notification = stageNotification(
      tx,
      db,
      offerRejectedEvent({
        merchantId: offer.merchantId,
        offerId: offer.id,
        productName: productNameOf(requestSnap),
        reason,
      }),
      deps.now(),
    );
    return { output: { offerId: offer.id }, notification };
  });
  await deliverAfterCommit(deps, [result.notification]);
  return result.output;
}

/** One rejectOffer call by a signed-in caller: the input checked as sent, then the transaction. */
export function rejectOfferCall(
  uid: string,
  data: unknown,
  deps: DealDeps & NotifyingDeps,
): Promise<RejectOfferOutput> {
  return rejectOfferFor(uid, parseCallableInput(rejectOfferInputSchema, data), deps);
}

export const rejectOffer = guardedCall(
  ACCOUNT_GUARD.account,
  sized("rejectOffer", callableOptions),
  (request): Promise<RejectOfferOutput> =>
    runDeal("rejectOffer", request.auth?.uid, ERROR_MESSAGES.rejectOffer, (uid) =>
      rejectOfferCall(uid, request.data, {
        db: adminDb(),
        now: () => new Date(),
        emailQueue: cloudEmailQueue(),
      }),
    ),
);
