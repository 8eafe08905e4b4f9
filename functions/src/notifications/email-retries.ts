import { Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { SUBCOLLECTIONS } from "@/domain/collections";
import {
  NOTIFICATION_EMAIL_CLAIM_MS,
  NOTIFICATION_EMAIL_RETRY_BATCH,
  NOTIFICATION_EMAIL_RETRY_WINDOW_MS,
  NOTIFICATION_EMAIL_STATUS,
  NOTIFICATION_FIELDS,
} from "@/domain/notifications";
import { smtpTransport } from "../email/send";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { deliverEmail, type EmailOutcome, type NotifyDeps } from "./notify";

/**
 * The e-mails their flows did not send: a notification is written in the event's own transaction and
 * its e-mail goes right after the commit, so an SMTP failure (it goes back to `pending`) or a function
 * stopped between the two (it stays `pending`, or `sending` with a stale claim) would leave it unsent.
 * Every 10 minutes this sweep tries each such e-mail of the last NOTIFICATION_EMAIL_RETRY_WINDOW_MS once
 * more, through deliverEmail: the same claim, preferences and rate limits, so it is still sent at most
 * once. Only notifications older than a claim's lifetime are taken, not ones their flow is sending now.
 */
export async function retryPendingEmails(deps: NotifyDeps): Promise<Record<EmailOutcome, number>> {
  const now = deps.now().getTime();
  const stuck = await deps.db
    .collectionGroup(SUBCOLLECTIONS.notifications)
    .where(NOTIFICATION_FIELDS.emailStatus, "in", [
      NOTIFICATION_EMAIL_STATUS.pending,
      NOTIFICATION_EMAIL_STATUS.sending,
    ])
    .where(
      NOTIFICATION_FIELDS.createdAt,
      ">=",
      Timestamp.fromMillis(now - NOTIFICATION_EMAIL_RETRY_WINDOW_MS),
    )
    .where(NOTIFICATION_FIELDS.createdAt, "<=", Timestamp.fromMillis(now - NOTIFICATION_EMAIL_CLAIM_MS))
    .limit(NOTIFICATION_EMAIL_RETRY_BATCH)
    .get();
  const outcomes: Record<EmailOutcome, number> = { sent: 0, skipped: 0, already: 0, failed: 0 };
  for (const doc of stuck.docs) {
    try {
      outcomes[await deliverEmail(deps, doc.ref)] += 1;
    } catch (error) {
      outcomes.failed += 1;
      logger.warn("emailRetries: e-mail step failed", { path: doc.ref.path, error: String(error) });
    }
  }
  return outcomes;
}

/** Every 10 minutes: the notification e-mails still unsent (see retryPendingEmails). */
export const emailRetries = onSchedule(
  sized("emailRetries", { schedule: "every 10 minutes", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const outcomes = await retryPendingEmails({ db, now: await clockFor(db), mail: smtpTransport });
    logger.info("Notification e-mail retries", outcomes);
  },
);
