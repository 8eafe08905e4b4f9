import type { Firestore } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { z } from "zod";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { composeEmail, type MailTransport } from "../email/send";
import { smtpTransport } from "../email/smtp-transport";
import { guardedTask, taskUid } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { logUnexpectedError } from "../lib/error-log";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { parseUserDoc, userRef } from "../profiles/user-record";
import { cloudTaskQueue, type TaskQueue, taskIdFor } from "../tasks/task-queue";

/**
 * The welcome e-mail of an account made by a magic link (verifyMagicLink creates its users document on
 * the server; password and Google sign-ups ask /api/send-email from the browser). The sign-in does not
 * wait on SMTP: it hands the new account's uid to a task queue (the seam of the notification e-mails,
 * tasks/task-queue.ts) and `deliverWelcomeEmail` sends it, with retries. The task carries only the uid:
 * the address, name and role (Clemente for buyers, Leonardo for shops) are read when it runs, and its
 * id comes from the uid, so one account gets one welcome.
 */
export const WELCOME_TASK_FUNCTION = "deliverWelcomeEmail";

export const welcomeTaskSchema = z.object({ uid: z.string().min(1).max(128) });
export type WelcomeTask = z.infer<typeof welcomeTaskSchema>;

export interface WelcomeQueue {
  enqueue(uid: string): Promise<void>;
}

/** A WelcomeQueue over any task queue (Cloud Tasks in production, a recorder in tests). */
export function welcomeQueueOver(queue: TaskQueue<WelcomeTask>): WelcomeQueue {
  return { enqueue: (uid) => queue.enqueue({ uid }, { id: taskIdFor(`welcome#${uid}`) }) };
}

let cloudQueue: WelcomeQueue | undefined;

/** The production queue (and the local stack's, through the Cloud Tasks emulator). */
export function cloudWelcomeQueue(): WelcomeQueue {
  cloudQueue ??= welcomeQueueOver(cloudTaskQueue<WelcomeTask>(WELCOME_TASK_FUNCTION));
  return cloudQueue;
}

export interface WelcomeDeps {
  db: Firestore;
  mail: MailTransport;
}

/**
 * Sends the welcome to users/{uid}'s address with its name and role. Rejects when the transport refused
 * it (the queue tries again); "skipped" when the account is gone or its document unreadable.
 */
export async function sendWelcome(deps: WelcomeDeps, uid: string): Promise<"sent" | "skipped"> {
  const read = parseUserDoc((await userRef(deps.db, uid).get()).data());
  if (!read.ok) {
    if (read.reason === "invalid")
      logUnexpectedError("welcome e-mail: users document does not match the schema", undefined, {
        uid,
        detail: read.detail,
      });
    return "skipped";
  }
  const { email, displayName, userType } = read.user;
  await deps.mail.send(composeEmail(email, { type: "welcome", displayName, userType }));
  return "sent";
}

/**
 * A new account's welcome, from the sign-in's path: queued; when the queue cannot take it, sent here
 * (late beats never). Never throws: the sign-in goes on whatever happens to the e-mail.
 */
export async function welcomeNewAccount(deps: WelcomeDeps & { welcomeQueue: WelcomeQueue }, uid: string) {
  try {
    await deps.welcomeQueue.enqueue(uid);
    return;
  } catch (error) {
    logUnexpectedError("welcome e-mail: not queued, sending it inline", error, { uid });
  }
  try {
    await sendWelcome(deps, uid);
  } catch (error) {
    logUnexpectedError("welcome e-mail: not sent", error, { uid });
  }
}

export const deliverWelcomeEmail = guardedTask<WelcomeTask>(
  ACCOUNT_GUARD.account,
  sized("deliverWelcomeEmail", {
    region,
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 60, maxBackoffSeconds: 3600, maxDoublings: 4 },
    rateLimits: { maxConcurrentDispatches: 10, maxDispatchesPerSecond: 10 },
  }),
  taskUid,
  async (request) => {
    const task = welcomeTaskSchema.safeParse(request.data);
    if (!task.success) {
      // A malformed task can never succeed: log it and let it go instead of retrying it.
      logUnexpectedError("deliverWelcomeEmail: malformed task", task.error, {
        issues: task.error.issues.length,
      });
      return;
    }
    const outcome = await sendWelcome({ db: adminDb(), mail: smtpTransport }, task.data.uid);
    logger.info("Welcome e-mail", { outcome });
  },
);
