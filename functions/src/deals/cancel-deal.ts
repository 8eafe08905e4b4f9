import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { paths } from "@/config/paths";
import { SUBCOLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { buildMessageWrite } from "@/domain/marketplace/message-document";
import {
  type CancelDealInput,
  cancelDealInputSchema,
  type RequestLifeOutput,
  requestExpiresAt,
} from "@/domain/marketplace/request-life";
import { REQUEST_LIFE_MESSAGES } from "@/domain/marketplace/request-life-messages";
import {
  assertOfferTransition,
  assertRequestTransition,
  OFFER_STATUS,
  REQUEST_STATUS,
} from "@/domain/marketplace/state-machine";
import { NOTIFICATION_KIND } from "@/domain/notifications/notifications";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "../notifications/email-queue";
import { deliverEmailQuietly, type NotifyDeps, stageNotification } from "../notifications/notify";
import { lifeDeps } from "../requests/request-actions";
import { readLifeRequest, readPublicName } from "../requests/request-life-store";
import { assertTransition, conversationRef, offerRef, readOffer, requestRef, runDeal } from "./deal-store";

/**
 * cancelDeal({requestId, reason}) → {requestId, status, expiresAt}, one transaction: the buyer calls off
 * the deal they accepted, with a reason from DEAL_CANCEL_REASONS. The accepted offer → cancelled
 * ('Annullata', with cancelledAt and cancelReason); the request in_progress → active again for 7 days
 * from now (acceptedOfferId removed, dealCancelledAt); the shop is told twice: a message in the deal's
 * conversation in the buyer's name ('Ho annullato l'accordo. Motivo: …', the conversation then closes
 * as the offer is no longer open) and a deal_cancelled notification (bell and e-mail, notify.ts), whose
 * e-mail goes after the commit. Other shops' offers were rejected at acceptance and stay so.
 */
export async function cancelDealFor(
  uid: string,
  input: CancelDealInput,
  deps: NotifyDeps,
): Promise<RequestLifeOutput> {
  const { db } = deps;
  const ref = requestRef(db, input.requestId);
  const outcome = await db.runTransaction(async (tx) => {
    const request = readLifeRequest(await tx.get(ref));
    if (request.customerId !== uid)
      throw new HttpsError("permission-denied", ERROR_MESSAGES.permissionDenied);
    assertTransition(assertRequestTransition(request.status, REQUEST_STATUS.active));
    if (!request.acceptedOfferId) throw new Error(`${ref.path}: in progress without acceptedOfferId`);
    const acceptedRef = offerRef(db, request.acceptedOfferId);
    const offer = readOffer(await tx.get(acceptedRef));
    assertTransition(assertOfferTransition(offer.status, OFFER_STATUS.cancelled));
    const chatRef = conversationRef(db, offer.id);
    const [chat, buyerName] = await Promise.all([tx.get(chatRef), readPublicName(tx, db, uid)]);

    const now = deps.now();
    const at = Timestamp.fromDate(now);
    const expiresAt = requestExpiresAt(now);
    tx.update(acceptedRef, {
      status: OFFER_STATUS.cancelled,
      cancelledAt: at,
      cancelReason: input.reason,
      updatedAt: at,
    });
    tx.update(ref, {
      status: REQUEST_STATUS.active,
      acceptedOfferId: FieldValue.delete(),
      dealCancelledAt: at,
      dealCancelReason: input.reason,
      expiresAt: Timestamp.fromDate(expiresAt),
      updatedAt: at,
    });
    if (chat.exists) {
      const messageRef = chatRef.collection(SUBCOLLECTIONS.messages).doc();
      const write = buildMessageWrite(
        uid,
        {
          conversationId: chatRef.id,
          senderName: buyerName,
          senderType: "customer",
          content: `${REQUEST_LIFE_MESSAGES.dealCancelledChat} ${input.reason}`,
        },
        () => at,
        messageRef.id,
      );
      tx.create(messageRef, write.message);
      tx.update(chatRef, write.conversationUpdate);
    }
    const notification = stageNotification(
      tx,
      db,
      {
        uid: offer.merchantId,
        kind: NOTIFICATION_KIND.dealCancelled,
        eventKey: offer.id,
        params: { customerName: buyerName, productName: request.productName, reason: input.reason },
        link: paths.conversation.getHref(offer.id),
      },
      now,
    );
    return { notification, expiresAt };
  });
  await deliverEmailQuietly(deps, outcome.notification);
  return { requestId: ref.id, status: REQUEST_STATUS.active, expiresAt: outcome.expiresAt.toISOString() };
}

export const cancelDeal = guardedCall(
  ACCOUNT_GUARD.account,
  sized("cancelDeal", callableOptions),
  (request): Promise<RequestLifeOutput> =>
    runDeal("cancelDeal", request.auth?.uid, REQUEST_LIFE_MESSAGES.cancelDealFailed, async (uid) =>
      cancelDealFor(uid, parseCallableInput(cancelDealInputSchema, request.data), {
        ...(await lifeDeps()),
        emailQueue: cloudEmailQueue(),
      }),
    ),
);
