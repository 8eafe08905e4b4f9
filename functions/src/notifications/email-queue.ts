import type { DocumentReference } from "firebase-admin/firestore";
import { z } from "zod";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { cloudTaskQueue, type TaskQueue } from "../tasks/task-queue";

/**
 * Notification e-mails leave the request path: a callable (or trigger, or sweep) commits its
 * notification documents and hands each one's e-mail to this queue; `deliverNotificationEmail`
 * (email-task.ts) sends it with retries and backoff, over a pooled SMTP transport. The task carries only
 * the notification's path: the recipient, text and preferences are read when it runs (deliverEmail's
 * claim), so a task never holds personal data and a repeated task sends nothing twice.
 */
export const EMAIL_TASK_FUNCTION = "deliverNotificationEmail";

export const emailTaskSchema = z.object({
  path: z.string().regex(new RegExp(`^${COLLECTIONS.users}/[^/]+/${SUBCOLLECTIONS.notifications}/[^/]+$`)),
  /** A later round for the same e-mail (emailRetries) gets a task of its own. */
  round: z.string().max(40).optional(),
});
export type EmailTask = z.infer<typeof emailTaskSchema>;

export interface EmailQueue {
  enqueue(refs: readonly DocumentReference[], round?: string): Promise<void>;
}

/**
 * An EmailQueue over any task queue (Cloud Tasks in production, a recorder in tests). The tasks are not
 * named: the notification's claim (deliverEmail: pending → sending → sent) already makes a second task
 * for the same e-mail send nothing, and a name would be refused for an hour after its task ran, also
 * when the notification was deleted and written anew (an account erased and made again, the local
 * stack's reseeded demo data), which would leave that e-mail unsent.
 */
export function emailQueueOver(queue: TaskQueue<EmailTask>): EmailQueue {
  return {
    async enqueue(refs, round) {
      await Promise.all(refs.map((ref) => queue.enqueue({ path: ref.path, ...(round ? { round } : {}) })));
    },
  };
}

let cloudQueue: EmailQueue | undefined;

/** The production queue (and the local stack's, through the Cloud Tasks emulator). */
export function cloudEmailQueue(): EmailQueue {
  cloudQueue ??= emailQueueOver(cloudTaskQueue<EmailTask>(EMAIL_TASK_FUNCTION));
  return cloudQueue;
}
