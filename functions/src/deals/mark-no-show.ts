import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { paths } from "@/config/paths";
import { DEAL_END_REFUSALS, DEAL_SYSTEM_LINES } from "@/domain/marketplace/deal-end";
import {
  type MarkNoShowOutput,
  markNoShowInputSchema,
  NO_SHOW_MESSAGES,
  NO_SHOW_REFUSALS,
} from "@/domain/marketplace/pickup-record";
import { requestExpiresAt } from "@/domain/marketplace/request-life";
import { OFFER_STATUS, REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { NOTIFICATION_KIND } from "@/domain/notifications/notifications";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "../notifications/email-queue";
import { deliverAfterCommit, type NotifyingDeps, stageNotification } from "../notifications/notify";
import {
  type DealDeps,
  offerRef,
  readConversations,
  readOffer,
  readRequest,
  requestRef,
  runDeal,
  timestamp,
} from "./deal-store";
import { countPickup } from "./pickup-record";
import { stageSystemLine } from "./system-lines";

/**
 * markNoShow({offerId}) → {offerId, noShow}, one transaction: the deal's shop marks 'Non ritirato' once
 * the hold's end (holdUntil) passed without a verified pickup, never on a hold the shop released itself
 * (DEAL_END_REFUSALS.shopReleased). It ends the deal: the offer → cancelled with noShowAt (and, if it was
 * still held, the hold's release in the shop's name), the request → active again for 7 days (the buyer
 * may take other offers); the buyer's pickup record counts one missed; a system line in the chat; the
 * buyer is notified (bell and e-mail, after the commit through the queue). Once only, never after a
 * verified pickup.
 */
export async function markNoShowFor(
  uid: string,
  data: unknown,
  deps: DealDeps & NotifyingDeps,
): Promise<MarkNoShowOutput> {
  const { offerId } = parseCallableInput(markNoShowInputSchema, data);
  const { db } = deps;
  const ref = offerRef(db, offerId);
  const outcome = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const offer = readOffer(snapshot);
    if (offer.merchantId !== uid) throw new HttpsError("permission-denied", NO_SHOW_REFUSALS.notYourDeal);
    const requestDoc = requestRef(db, offer.requestId);
    const request = readRequest(await tx.get(requestDoc));
    if (snapshot.get("verifiedPurchaseAt"))
      throw new HttpsError("failed-precondition", NO_SHOW_REFUSALS.alreadyVerified);
    if (snapshot.get("noShowAt")) throw new HttpsError("failed-precondition", NO_SHOW_REFUSALS.alreadyMarked);
    const inProgress =
      offer.status === OFFER_STATUS.accepted &&
      request.status === REQUEST_STATUS.inProgress &&
      request.acceptedOfferId === offer.id;
    if (!inProgress) throw new HttpsError("failed-precondition", NO_SHOW_REFUSALS.notInProgress);
    // Never on a hold the shop let go itself, and only once the hold's own end has passed.
    if (snapshot.get("holdReleasedBy") === "merchant")
      throw new HttpsError("failed-precondition", DEAL_END_REFUSALS.shopReleased);
    const now = timestamp(deps);
    const holdUntil = snapshot.get("holdUntil");
    const ended = holdUntil instanceof Timestamp && holdUntil.toMillis() <= now.toMillis();
    if (!ended) throw new HttpsError("failed-precondition", NO_SHOW_REFUSALS.notEnded);

    const conversations = await readConversations(tx, db, [offer.id]);
    const released = Boolean(snapshot.get("holdReleasedAt"));
    // The deal ends: the offer is called off, the request goes back to the buyer for 7 more days.
    tx.update(ref, {
      status: OFFER_STATUS.cancelled,
      cancelledAt: now,
      noShowAt: now,
      dealClosesAt: FieldValue.delete(),
      ...(released
        ? {}
        : { holdReleasedAt: now, holdReleasedBy: "merchant", holdReleaseReason: NO_SHOW_MESSAGES.mark }),
      updatedAt: now,
    });
    tx.update(requestDoc, {
      status: REQUEST_STATUS.active,
      acceptedOfferId: FieldValue.delete(),
      dealCancelledAt: now,
      expiresAt: Timestamp.fromDate(requestExpiresAt(now.toDate())),
      updatedAt: now,
    });
    countPickup(tx, db, request.customerId, "missed", now);
    stageSystemLine(tx, conversations, { uid, side: "merchant" }, DEAL_SYSTEM_LINES.noShow, now);
    const notification = stageNotification(
      tx,
      db,
      {
        uid: request.customerId,
        kind: NOTIFICATION_KIND.pickupMissed,
        eventKey: offer.id,
        params: {
          merchantName: String(snapshot.get("merchantName") ?? "Il negozio"),
          productName: String(snapshot.get("productName") ?? ""),
        },
        link: paths.conversation.getHref(offer.id),
      },
      deps.now(),
    );
    return { notification };
  });
  await deliverAfterCommit(deps, [outcome.notification]);
  return { offerId, noShow: true };
}

export const markNoShow = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("markNoShow", callableOptions),
  (request): Promise<MarkNoShowOutput> =>
    runDeal("markNoShow", request.auth?.uid, NO_SHOW_REFUSALS.failed, (uid) =>
      markNoShowFor(uid, request.data, {
        db: adminDb(),
        now: () => new Date(),
        emailQueue: cloudEmailQueue(),
      }),
    ),
);
