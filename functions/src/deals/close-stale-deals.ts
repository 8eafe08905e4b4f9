import { FieldPath, FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { paths } from "@/config/paths";
import { COLLECTIONS, OFFER_FIELDS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY } from "@/domain/core/limits";
import { DEAL_CLOSE_PAGE, DEAL_SYSTEM_LINES } from "@/domain/marketplace/deal-end";
import { OFFER_STATUS, REQUEST_STATUS, storedRequestStatusSchema } from "@/domain/marketplace/state-machine";
import { NOTIFICATION_KIND } from "@/domain/notifications/notifications";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { cloudEmailQueue } from "../notifications/email-queue";
import { deliverAfterCommit, type NotifyDeps, stageNotification } from "../notifications/notify";
import { readConversations, requestRef } from "./deal-store";
import { stageSystemLine } from "./system-lines";

/**
 * Every deal ends (deal-end.ts): an accepted deal neither verified nor otherwise ended by its
 * dealClosesAt (acceptOffer: DEAL_OPEN_MS after the accept) is closed here. The query reads only offers
 * whose dealClosesAt has passed (index: dealClosesAt, __name__), DEAL_CLOSE_PAGE at a time with a cursor,
 * until the run's time budget; each handled offer leaves the query (verifyPickup, cancelDeal and
 * markNoShow remove the field too), so a rerun resumes where this one stopped and reads nothing twice.
 * Closing, one transaction per deal: the offer accepted → expired (dealClosedAt), the request
 * in_progress → expired with expiresAt now (the buyer may renew it, renewRequest), a system line in the
 * chat, and both sides told (deal_closed, bell and e-mail after the commit).
 */
export async function closeStaleDeals(deps: NotifyDeps & SweepPaging): Promise<string[]> {
  const { db } = deps;
  const due = db
    .collection(COLLECTIONS.offers)
    .where(OFFER_FIELDS.dealClosesAt, "<=", Timestamp.fromDate(deps.now()))
    .orderBy(OFFER_FIELDS.dealClosesAt)
    .orderBy(FieldPath.documentId());
  const closed: string[] = [];
  await forEachPage(
    due,
    deps,
    async (docs) => {
      const outcomes = await inParallel(docs, SWEEP_CONCURRENCY, (doc) =>
        closeOne(deps, doc.id).catch((error: unknown) => {
          logger.warn("closeStaleDeals: not closed", { offerId: doc.id, error: String(error) });
          return false;
        }),
      );
      closed.push(...docs.filter((_, index) => outcomes[index]).map((doc) => doc.id));
    },
    DEAL_CLOSE_PAGE,
  );
  return closed;
}

/** Closes one deal if it is still open and due (re-read in its transaction); true when it closed. */
async function closeOne(deps: NotifyDeps, offerId: string): Promise<boolean> {
  const { db } = deps;
  const offerDoc = db.collection(COLLECTIONS.offers).doc(offerId);
  const outcome = await db.runTransaction(async (tx) => {
    const offer = await tx.get(offerDoc);
    const now = Timestamp.fromDate(deps.now());
    const closesAt = offer.get(OFFER_FIELDS.dealClosesAt);
    if (!(closesAt instanceof Timestamp) || closesAt.toMillis() > now.toMillis()) return null;
    const requestId = String(offer.get("requestId"));
    const requestDoc = requestRef(db, requestId);
    const request = await tx.get(requestDoc);
    const open =
      offer.get("status") === OFFER_STATUS.accepted &&
      !offer.get("verifiedPurchaseAt") &&
      storedRequestStatusSchema.safeParse(request.get("status")).data === REQUEST_STATUS.inProgress &&
      request.get("acceptedOfferId") === offerId;
    if (!open) {
      // Nothing to close (ended another way): the offer leaves the query.
      tx.update(offerDoc, { [OFFER_FIELDS.dealClosesAt]: FieldValue.delete() });
      return null;
    }
    const chats = await readConversations(tx, db, [offerId]);
    tx.update(offerDoc, {
      status: OFFER_STATUS.expired,
      dealClosedAt: now,
      [OFFER_FIELDS.dealClosesAt]: FieldValue.delete(),
      updatedAt: now,
    });
    tx.update(requestDoc, {
      status: REQUEST_STATUS.expired,
      acceptedOfferId: FieldValue.delete(),
      dealClosedAt: now,
      expiredAt: now,
      expiresAt: now,
      updatedAt: now,
    });
    const customerId = String(request.get("customerId"));
    const merchantId = String(offer.get("merchantId"));
    stageSystemLine(tx, chats, { uid: merchantId, side: "merchant" }, DEAL_SYSTEM_LINES.closed, now);
    const productName = String(request.get("productName") ?? offer.get("productName") ?? "");
    const notifications = (
      [
        [customerId, "customer"],
        [merchantId, "merchant"],
      ] as const
    ).map(([uid, side]) =>
      stageNotification(
        tx,
        db,
        {
          uid,
          kind: NOTIFICATION_KIND.dealClosed,
          eventKey: offerId,
          params: { productName, side },
          link: side === "customer" ? paths.customerDashboard.getHref() : paths.conversation.getHref(offerId),
        },
        deps.now(),
      ),
    );
    return { notifications };
  });
  if (!outcome) return false;
  await deliverAfterCommit(deps, outcome.notifications);
  return true;
}

async function scheduledDeps(): Promise<NotifyDeps> {
  const db: Firestore = adminDb();
  return { db, now: await clockFor(db), emailQueue: cloudEmailQueue() };
}

/** Every hour: deals accepted DEAL_OPEN_MS ago and never verified. */
export const closeDeals = onSchedule(
  sized("closeDeals", { schedule: "every 60 minutes", timeZone: "Europe/Rome", region }),
  async () => {
    const closed = await closeStaleDeals(await scheduledDeps());
    logger.info("Stale deals closed", { offers: closed.length });
  },
);
