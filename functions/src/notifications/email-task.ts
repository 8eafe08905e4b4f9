import * as logger from "firebase-functions/logger";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import type { MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { guardedTask } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { logUnexpectedError } from "../lib/error-log";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { type EmailTask, emailTaskSchema } from "./email-queue";
import { deliverEmail, type EmailOutcome, type NotifyDeps } from "./notify";
import { deliverPush } from "./push";
import { type PushSender, pushSenderFor } from "./push-sender";

/** Thrown for a delivery that failed, so Cloud Tasks tries the task again after its backoff. */
export class EmailDeliveryRetry extends Error {}

/**
 * One queued notification (email-queue.ts): first its push (push.ts deliverPush, once), then deliverEmail claims it, sends it and marks it sent,
 * or finds it sent, skipped or being sent already and does nothing. A failed delivery goes back to
 * pending and throws, so the queue retries it with backoff; after the last attempt the emailRetries
 * sweep is the net. The task holds only the notification's path.
 */
export async function deliverQueuedEmail(
  deps: NotifyDeps & { mail: MailTransport; push?: PushSender },
  task: EmailTask,
): Promise<EmailOutcome> {
  const ref = deps.db.doc(task.path);
  if (deps.push) await deliverPush({ db: deps.db, push: deps.push }, ref);
  const outcome = await deliverEmail(deps, ref);
  if (outcome === "failed") throw new EmailDeliveryRetry(`e-mail not delivered: ${task.path}`);
  return outcome;
}

/** The recipient of a queued e-mail: users/{uid}/notifications/{id}. */
function recipientOf(data: unknown): string | undefined {
  const task = emailTaskSchema.safeParse(data);
  return task.success ? task.data.path.split("/")[1] : undefined;
}

export const deliverNotificationEmail = guardedTask<EmailTask>(
  ACCOUNT_GUARD.account,
  sized("deliverNotificationEmail", {
    region,
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 60, maxBackoffSeconds: 3600, maxDoublings: 4 },
    // The SMTP pool's connections across the instances the queue may run at once.
    rateLimits: { maxConcurrentDispatches: 30, maxDispatchesPerSecond: 20 },
  }),
  recipientOf,
  async (request) => {
    const task = emailTaskSchema.safeParse(request.data);
    if (!task.success) {
      // A malformed task can never succeed: log it and let it go instead of retrying it.
      logUnexpectedError("deliverNotificationEmail: malformed task", task.error, {
        issues: task.error.issues.length,
      });
      return;
    }
    const db = adminDb();
    const outcome = await deliverQueuedEmail(
      { db, now: await clockFor(db), mail: smtpTransport, push: pushSenderFor(db) },
      task.data,
    );
    logger.info("Notification e-mail", { outcome });
  },
);
