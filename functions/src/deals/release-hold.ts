import type { Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { SUBCOLLECTIONS } from "@/domain/core/collections";
import { buildMessageWrite } from "@/domain/marketplace/message-document";
import {
  HOLD_MESSAGES,
  HOLD_REFUSALS,
  type HoldReleasedBy,
  type ReleaseHoldInput,
  type ReleaseHoldOutput,
  releaseHoldInputSchema,
} from "@/domain/marketplace/pickup-hold";
import { OFFER_STATUS, REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { readPublicName } from "../requests/request-life-store";
import {
  conversationRef,
  type DealDeps,
  offerRef,
  readOffer,
  readRequest,
  requestRef,
  runDeal,
  timestamp,
} from "./deal-store";

/**
 * releaseHold({offerId, reason}) → {offerId, releasedBy}, one transaction: the buyer (no longer coming)
 * or the shop (can no longer keep the item aside) lets the hold of an accepted deal go, with a reason.
 * Only the deal's two parties, only while its offer is the request's accepted one, not once the pickup
 * is verified, once. The offer gets holdReleasedAt, holdReleasedBy and holdReleaseReason (fields no
 * client may write, firestore.rules), and the reason goes into the deal's conversation in the caller's
 * name, so both sides read it live. The deal itself stays in progress: the buyer may still cancel it
 * (cancelDeal) or, if the item is still there, collect it.
 */
export async function releaseHoldFor(
  uid: string,
  input: ReleaseHoldInput,
  deps: DealDeps,
): Promise<ReleaseHoldOutput> {
  const { db } = deps;
  const { offerId, reason } = parseCallableInput(releaseHoldInputSchema, input);
  const ref = offerRef(db, offerId);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const offer = readOffer(snapshot);
    const request = readRequest(await tx.get(requestRef(db, offer.requestId)));
    let releasedBy: HoldReleasedBy;
    if (uid === offer.merchantId) releasedBy = "merchant";
    else if (uid === request.customerId) releasedBy = "customer";
    else throw new HttpsError("permission-denied", HOLD_REFUSALS.notYourDeal);
    const held =
      offer.status === OFFER_STATUS.accepted &&
      request.status === REQUEST_STATUS.inProgress &&
      request.acceptedOfferId === offer.id;
    if (snapshot.get("verifiedPurchaseAt"))
      throw new HttpsError("failed-precondition", HOLD_REFUSALS.alreadyVerified);
    if (!held) throw new HttpsError("failed-precondition", HOLD_REFUSALS.notHeld);
    if (snapshot.get("holdReleasedAt"))
      throw new HttpsError("failed-precondition", HOLD_REFUSALS.alreadyReleased);

    const chatRef = conversationRef(db, offer.id);
    const [chat, senderName] = await Promise.all([tx.get(chatRef), readPublicName(tx, db, uid)]);
    const now = timestamp(deps);
    tx.update(ref, {
      holdReleasedAt: now,
      holdReleasedBy: releasedBy,
      holdReleaseReason: reason,
      updatedAt: now,
    });
    if (chat.exists) {
      const messageRef = chatRef.collection(SUBCOLLECTIONS.messages).doc();
      const write = buildMessageWrite(
        uid,
        {
          conversationId: chatRef.id,
          senderName,
          senderType: releasedBy,
          content: `${HOLD_MESSAGES.releasedChat[releasedBy]} ${reason}`,
        },
        (): Timestamp => now,
        messageRef.id,
      );
      tx.create(messageRef, write.message);
      tx.update(chatRef, write.conversationUpdate);
    }
    return { offerId: offer.id, releasedBy };
  });
}

export const releaseHold = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("releaseHold", callableOptions),
  (request): Promise<ReleaseHoldOutput> =>
    runDeal("releaseHold", request.auth?.uid, HOLD_REFUSALS.releaseFailed, (uid) =>
      releaseHoldFor(uid, request.data as ReleaseHoldInput, { db: adminDb(), now: () => new Date() }),
    ),
);
