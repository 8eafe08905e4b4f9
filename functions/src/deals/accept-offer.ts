import { Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import {
  type AcceptOfferInput,
  type AcceptOfferOutput,
  acceptOfferInputSchema,
} from "@/domain/boundary/callables";
import { COLLECTIONS, OFFER_FIELDS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { sameAcceptedTerms } from "@/domain/marketplace/accepted-terms";
import {
  DEAL_END_REFUSALS,
  DEAL_SYSTEM_LINES,
  dealClosesAt,
  holdFingerprint,
  shopHoldTerms,
} from "@/domain/marketplace/deal-end";
import { DEAL_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { holdUntilFor } from "@/domain/marketplace/pickup-hold";
import {
  assertOfferTransition,
  assertRequestTransition,
  OFFER_STATUS,
  REQUEST_STATUS,
} from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { type RollupStaging, recordAfterCommit, stageDealAccepted } from "../analytics/rollups";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "../notifications/email-queue";
import {
  offerAcceptedEvent,
  offerRejectedEvent,
  productNameOf,
  readParticipants,
} from "../notifications/events";
import { deliverAfterCommit, type NotifyingDeps, stageNotification } from "../notifications/notify";
import { profileRef } from "../profiles/user-record";
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
import { stageSystemLine } from "./system-lines";
import { stagePickupCode } from "./verify-pickup";

/**
 * acceptOffer({offerId, terms}) → {requestId, offerId}, one transaction (spec §4 Accepting): the offer
 * pending → accepted with acceptedAt; its request active → in_progress with acceptedOfferId; every other
 * pending offer of the request → rejected with a polite reason. The pending offers are read by a query
 * inside the transaction, so a concurrent accept (or a new offer) makes one of the two retry and then
 * fail on the state machine: exactly one offer is ever accepted per request. `terms` are the price,
 * description and delivery options the buyer saw: a pending offer the shop has edited meanwhile is
 * refused (DEAL_MESSAGES.offerChanged), not accepted; so is one whose hold, pickup address or hours
 * changed since the buyer's screen showed them (terms.hold, deal-end.ts holdFingerprint:
 * DEAL_END_REFUSALS.holdChanged). The deal gets dealClosesAt (it ends by itself, unverified, after
 * DEAL_OPEN_MS) and a system line in its chat. The others are marked `boughtElsewhere` (their
 * shops read 'Acquistato altrove'), and the deal gets its one-time pickup code (verify-pickup.ts),
 * readable by the buyer alone.
 */
export async function acceptOfferFor(
  uid: string,
  input: AcceptOfferInput,
  deps: DealDeps & NotifyingDeps,
): Promise<AcceptOfferOutput> {
  const { db } = deps;
  const targetRef = offerRef(db, input.offerId);
  const result = await db.runTransaction(async (tx) => {
    const offer = readOffer(await tx.get(targetRef));
    const requestDoc = requestRef(db, offer.requestId);
    const requestSnap = await tx.get(requestDoc);
    const request = readRequest(requestSnap);
    assertCustomer(request, uid);
    assertTransition(assertRequestTransition(request.status, REQUEST_STATUS.inProgress));
    assertTransition(assertOfferTransition(offer.status, OFFER_STATUS.accepted));
    if (!sameAcceptedTerms(input.terms, offer)) {
      throw new HttpsError("failed-precondition", DEAL_MESSAGES.offerChanged);
    }

    const pending = await tx.get(
      db
        .collection(COLLECTIONS.offers)
        .where(OFFER_FIELDS.requestId, "==", request.id)
        .where(OFFER_FIELDS.status, "==", OFFER_STATUS.pending),
    );
    const others = pending.docs.filter((doc) => doc.id !== offer.id);
    const conversations = await readConversations(tx, db, [offer.id, ...others.map((doc) => doc.id)]);
    const { customerName } = await readParticipants(tx, db, offer.id);
    // The hold the shop chose (by default until its closing time the next day it is open), at the
    // address and with the hours the buyer's screen showed: any change since, and the buyer reads again.
    const shop = shopHoldTerms((await tx.get(profileRef(db, offer.merchantId))).get("shop"));
    const holdNow = holdFingerprint({ holdChoice: offer.holdChoice, ...shop });
    if (input.terms.hold !== holdNow)
      throw new HttpsError("failed-precondition", DEAL_END_REFUSALS.holdChanged);

    const now = timestamp(deps);
    const holdUntil = Timestamp.fromDate(holdUntilFor(offer.holdChoice, shop.weeklyHours, now.toDate()));
    // holdReminderSentAt: null marks the reminder before the hold ends as due (hold-reminders.ts).
    tx.update(targetRef, {
      status: OFFER_STATUS.accepted,
      acceptedAt: now,
      holdUntil,
      holdReminderSentAt: null,
      // Every deal ends: unverified by then, closeStaleDeals closes it (deal-end.ts).
      dealClosesAt: Timestamp.fromDate(dealClosesAt(now.toDate())),
      updatedAt: now,
    });
    tx.update(requestDoc, { status: REQUEST_STATUS.inProgress, acceptedOfferId: offer.id, updatedAt: now });
    for (const other of others) {
      tx.update(other.ref, {
        status: OFFER_STATUS.rejected,
        rejectedAt: now,
        rejectionReason: DEAL_MESSAGES.otherOfferAccepted,
        boughtElsewhere: true,
        updatedAt: now,
      });
    }
    stagePickupCode(
      tx,
      db,
      {
        offerId: offer.id,
        requestId: request.id,
        customerId: request.customerId,
        merchantId: offer.merchantId,
      },
      now,
    );
    touchConversations(
      tx,
      conversations.filter((ref) => ref.id !== offer.id),
      now,
    );
    const dealChat = conversations.filter((ref) => ref.id === offer.id);
    stageSystemLine(tx, dealChat, { uid, side: "customer" }, DEAL_SYSTEM_LINES.accepted, now);
    const requestData = requestSnap.data() ?? {};
    const rollup: RollupStaging = (writer) =>
      stageDealAccepted(writer, db, requestData, { merchantId: offer.merchantId, at: now.toDate() });
    // The shops hear of it with the same commit: the winner, and each shop turned down by it.
    const productName = productNameOf(requestSnap);
    const notifications = [
      stageNotification(
        tx,
        db,
        offerAcceptedEvent({ merchantId: offer.merchantId, offerId: offer.id, customerName, productName }),
        deps.now(),
      ),
      ...others.map((other) =>
        stageNotification(
          tx,
          db,
          offerRejectedEvent({
            merchantId: String(other.get(OFFER_FIELDS.merchantId)),
            offerId: other.id,
            productName,
            reason: DEAL_MESSAGES.otherOfferAccepted,
          }),
          deps.now(),
        ),
      ),
    ];
    return { output: { requestId: request.id, offerId: offer.id }, notifications, rollup };
  });
  await Promise.all([deliverAfterCommit(deps, result.notifications), recordAfterCommit(db, result.rollup)]);
  return result.output;
}

/** One acceptOffer call by a signed-in caller: the input checked as sent, then the transaction. */
export function acceptOfferCall(
  uid: string,
  data: unknown,
  deps: DealDeps & NotifyingDeps,
): Promise<AcceptOfferOutput> {
  return acceptOfferFor(uid, parseCallableInput(acceptOfferInputSchema, data), deps);
}

export const acceptOffer = guardedCall(
  ACCOUNT_GUARD.account,
  sized("acceptOffer", callableOptions),
  (request): Promise<AcceptOfferOutput> =>
    runDeal("acceptOffer", request.auth?.uid, ERROR_MESSAGES.acceptOffer, (uid) =>
      acceptOfferCall(uid, request.data, {
        db: adminDb(),
        now: () => new Date(),
        emailQueue: cloudEmailQueue(),
      }),
    ),
);
