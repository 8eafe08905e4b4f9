import {
  FieldPath,
  FieldValue,
  type Firestore,
  type QueryDocumentSnapshot,
  Timestamp,
} from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, OFFER_FIELDS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY } from "@/domain/core/limits";
import { HOLD_REMINDER_LEAD_MS } from "@/domain/marketplace/pickup-hold";
import { OFFER_STATUS } from "@/domain/marketplace/state-machine";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { cloudEmailQueue } from "../notifications/email-queue";
import { holdEndingEvent } from "../notifications/events";
import { type NotifyDeps, notify } from "../notifications/notify";

/**
 * The reminder before a hold ends ('Ritira … entro …'). acceptOffer writes holdReminderSentAt: null
 * with holdUntil, so the sweep's query reads only offers whose reminder is still due and whose hold ends
 * within HOLD_REMINDER_LEAD_MS (index: holdReminderSentAt, holdUntil, __name__), in pages with a
 * cursor. Each one leaves the query once handled: the time the buyer was told, or the field removed when
 * there is nothing to remind (the hold was released, the pickup verified, the deal no longer accepted,
 * or the hold already over). A rerun reads nothing. The notification's key is the offer and its hold's
 * end, so a run that stops between notify() and the mark writes nothing twice; its e-mail goes through
 * the task queue (notify.ts), never waited on here.
 */
export async function sendHoldReminders(deps: NotifyDeps & SweepPaging): Promise<string[]> {
  const { db } = deps;
  const now = deps.now();
  const due = db
    .collection(COLLECTIONS.offers)
    .where(OFFER_FIELDS.holdReminderSentAt, "==", null)
    .where(OFFER_FIELDS.holdUntil, "<=", Timestamp.fromMillis(now.getTime() + HOLD_REMINDER_LEAD_MS))
    .orderBy(OFFER_FIELDS.holdUntil)
    .orderBy(FieldPath.documentId());
  const reminded: string[] = [];
  await forEachPage(due, deps, async (docs) => {
    const outcomes = await inParallel(docs, SWEEP_CONCURRENCY, (doc) => remindOne(deps, doc, now));
    reminded.push(...docs.filter((_, index) => outcomes[index] === true).map((doc) => doc.id));
  });
  return reminded;
}

/** True when the buyer was reminded, "skip" when there was nothing to remind, false on a failure. */
async function remindOne(deps: NotifyDeps, doc: QueryDocumentSnapshot, now: Date): Promise<boolean | "skip"> {
  const data = doc.data();
  const holdUntil = data.holdUntil instanceof Timestamp ? data.holdUntil.toDate() : undefined;
  const live =
    data.status === OFFER_STATUS.accepted &&
    !data.holdReleasedAt &&
    !data.verifiedPurchaseAt &&
    typeof data.customerId === "string" &&
    holdUntil !== undefined &&
    holdUntil.getTime() > now.getTime();
  try {
    if (!live || !holdUntil) {
      await doc.ref.update({ [OFFER_FIELDS.holdReminderSentAt]: FieldValue.delete() });
      return "skip";
    }
    await notify(
      deps,
      holdEndingEvent({
        customerId: String(data.customerId),
        offerId: doc.id,
        merchantName: String(data.merchantName ?? "Il negozio"),
        productName: String(data.productName ?? ""),
        holdUntil,
      }),
    );
    await doc.ref.update({ [OFFER_FIELDS.holdReminderSentAt]: Timestamp.fromDate(now) });
    return true;
  } catch (error) {
    // Left due: the next run tries again (the notification's key makes a repeat write nothing).
    logger.warn("holdReminders: not reminded", { offerId: doc.id, error: String(error) });
    return false;
  }
}

async function scheduledDeps(): Promise<NotifyDeps> {
  const db: Firestore = adminDb();
  return { db, now: await clockFor(db), emailQueue: cloudEmailQueue() };
}

/** Every 30 minutes: holds ending within the next few hours. */
export const holdReminders = onSchedule(
  sized("holdReminders", { schedule: "*/30 * * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const reminded = await sendHoldReminders(await scheduledDeps());
    logger.info("Hold reminders", { offers: reminded.length });
  },
);
