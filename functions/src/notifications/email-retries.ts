import { type QueryDocumentSnapshot, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { SUBCOLLECTIONS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY } from "@/domain/core/limits";
import {
  NOTIFICATION_EMAIL_BACKOFF_MS,
  NOTIFICATION_EMAIL_CLAIM_MS,
  NOTIFICATION_EMAIL_MAX_ATTEMPTS,
  NOTIFICATION_EMAIL_RETRY_BATCH,
  NOTIFICATION_EMAIL_RETRY_WINDOW_MS,
  NOTIFICATION_EMAIL_STATUS,
  NOTIFICATION_FIELDS,
} from "@/domain/notifications/notifications";
import type { MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { type DeliveryOutcome, deliverEmail, type NotifyDeps } from "./notify";

export type RetryOutcome = DeliveryOutcome | "postponed" | "abandoned";

/** What a failed try leaves on the notification: a later try (doubling waits), or given up. */
type Failure = { gaveUp: boolean; retryAt: Timestamp };

function afterFailure(attempts: number, now: number): Failure {
  return {
    gaveUp: attempts >= NOTIFICATION_EMAIL_MAX_ATTEMPTS,
    retryAt: Timestamp.fromMillis(now + NOTIFICATION_EMAIL_BACKOFF_MS * 2 ** (attempts - 1)),
  };
}

/**
 * One user's e-mails of a page, one after another: once one fails, the rest wait with it (untried,
 * their attempts unchanged), in this page and the run's next ones (`failing`: uid → its next try), or
 * are given up with it: a failing address costs one SMTP try per run, not one per e-mail.
 */
async function retryUser(
  deps: NotifyDeps & { mail: MailTransport },
  docs: QueryDocumentSnapshot[],
  failing: Map<string, Failure>,
): Promise<RetryOutcome[]> {
  const outcomes: RetryOutcome[] = [];
  const uid = docs[0]?.ref.parent.parent?.id ?? "";
  for (const doc of docs) {
    const earlier = failing.get(uid);
    if (earlier) {
      await doc.ref.update(
        earlier.gaveUp
          ? { [NOTIFICATION_FIELDS.emailStatus]: NOTIFICATION_EMAIL_STATUS.failed }
          : {
              [NOTIFICATION_FIELDS.emailStatus]: NOTIFICATION_EMAIL_STATUS.waiting,
              [NOTIFICATION_FIELDS.emailRetryAt]: earlier.retryAt,
            },
      );
      outcomes.push(earlier.gaveUp ? "abandoned" : "postponed");
      continue;
    }
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliverEmail(deps, doc.ref);
    } catch (error) {
      outcome = "failed";
      logger.warn("emailRetries: e-mail step failed", { path: doc.ref.path, error: String(error) });
    }
    if (outcome !== "failed") {
      outcomes.push(outcome);
      continue;
    }
    const attempts = Number(doc.get(NOTIFICATION_FIELDS.emailAttempts) ?? 0) + 1;
    const next = afterFailure(attempts, deps.now().getTime());
    await doc.ref.update(
      next.gaveUp
        ? {
            [NOTIFICATION_FIELDS.emailStatus]: NOTIFICATION_EMAIL_STATUS.failed,
            [NOTIFICATION_FIELDS.emailAttempts]: attempts,
          }
        : {
            [NOTIFICATION_FIELDS.emailStatus]: NOTIFICATION_EMAIL_STATUS.waiting,
            [NOTIFICATION_FIELDS.emailAttempts]: attempts,
            [NOTIFICATION_FIELDS.emailRetryAt]: next.retryAt,
          },
    );
    failing.set(uid, next);
    outcomes.push(next.gaveUp ? "abandoned" : "failed");
  }
  return outcomes;
}

/**
 * The e-mails their flows did not send: a notification is written in the event's own transaction and
 * its e-mail goes right after the commit, so an SMTP failure (it goes back to `pending`) or a function
 * stopped between the two (it stays `pending`, or `sending` with a stale claim) would leave it unsent.
 * Every 10 minutes this sweep tries, through deliverEmail (the same claim, preferences and rate limits,
 * so it is still sent at most once): each such e-mail of the last NOTIFICATION_EMAIL_RETRY_WINDOW_MS
 * older than a claim's lifetime (not ones their flow is sending now), and each `waiting` one whose
 * emailRetryAt has come. A try that fails moves the e-mail out of the first query to `waiting`, with a
 * doubling wait, and after NOTIFICATION_EMAIL_MAX_ATTEMPTS to `failed`, out of both: a failing address
 * never holds the places of others. Both queries are read in pages with a cursor, within the time budget.
 */
export async function retryPendingEmails(
  deps: NotifyDeps & SweepPaging & { mail: MailTransport },
): Promise<Record<RetryOutcome, number>> {
  const now = deps.now().getTime();
  const notifications = deps.db.collectionGroup(SUBCOLLECTIONS.notifications);
  const due = notifications
    .where(NOTIFICATION_FIELDS.emailStatus, "==", NOTIFICATION_EMAIL_STATUS.waiting)
    .where(NOTIFICATION_FIELDS.emailRetryAt, "<=", Timestamp.fromMillis(now))
    .orderBy(NOTIFICATION_FIELDS.emailRetryAt);
  const stuck = notifications
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
    .orderBy(NOTIFICATION_FIELDS.createdAt);
  const outcomes: Record<RetryOutcome, number> = {
    sent: 0,
    skipped: 0,
    already: 0,
    failed: 0,
    postponed: 0,
    abandoned: 0,
  };
  const failing = new Map<string, Failure>();
  for (const query of [due, stuck]) {
    const walk = await forEachPage(
      query,
      deps,
      async (docs) => {
        const byUser = new Map<string, QueryDocumentSnapshot[]>();
        for (const doc of docs) {
          const uid = doc.ref.parent.parent?.id ?? "";
          byUser.set(uid, [...(byUser.get(uid) ?? []), doc]);
        }
        const results = await inParallel([...byUser.values()], SWEEP_CONCURRENCY, (mine) =>
          retryUser(deps, mine, failing),
        );
        for (const outcome of results.flat()) outcomes[outcome] += 1;
      },
      NOTIFICATION_EMAIL_RETRY_BATCH,
    );
    if (!walk.complete) break;
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
