import type { Firestore } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { z } from "zod";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/core/collections";
import { REQUEST_STATUS } from "@/domain/marketplace/request-status";
import { digestInboxId, digestInboxSchema } from "@/domain/notifications/shop-reach";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedTask, taskUid } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { logUnexpectedError } from "../lib/error-log";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "../notifications/email-queue";
import { requestsNearbyEvent } from "../notifications/events";
import { type NotifyDeps, notify } from "../notifications/notify";
import { cloudTaskQueue, type TaskQueue, taskIdFor } from "../tasks/task-queue";

/**
 * The hourly digest of one shop: the fan-out (request-fanout.ts) recorded the hour's requests that
 * reached it in digestInbox/{uid}_{hour} and queued this task for the hour's end. It writes one
 * requests_nearby notification for that hour (its id is the hour: a repeated task writes nothing more)
 * and hands the e-mail to the mail queue. One document read per shop and hour, whatever the country's size.
 */
export const DIGEST_TASK_FUNCTION = "sendShopDigest";

export const digestTaskSchema = z.object({
  uid: z.string().min(1).max(128),
  windowKey: z.string().length(13),
});
export type DigestTask = z.infer<typeof digestTaskSchema>;

export interface DigestQueue {
  enqueue(shopIds: readonly string[], window: { key: string; sendAt: Date }): Promise<void>;
}

/** Seconds after the hour's end the digest waits, so the hour's last fan-outs have landed. */
const DIGEST_GRACE_SECONDS = 60;

/** A DigestQueue over any task queue: one task per shop and hour, due when the hour ends. */
export function digestQueueOver(
  queue: TaskQueue<DigestTask>,
  now: () => Date = () => new Date(),
): DigestQueue {
  return {
    async enqueue(shopIds, window) {
      const delay =
        Math.max(0, Math.ceil((window.sendAt.getTime() - now().getTime()) / 1000)) + DIGEST_GRACE_SECONDS;
      await Promise.all(
        shopIds.map((uid) =>
          queue.enqueue(
            { uid, windowKey: window.key },
            { id: taskIdFor(`digest:${uid}:${window.key}`), scheduleDelaySeconds: delay },
          ),
        ),
      );
    },
  };
}

let cloudQueue: DigestQueue | undefined;

export function cloudDigestQueue(): DigestQueue {
  cloudQueue ??= digestQueueOver(cloudTaskQueue<DigestTask>(DIGEST_TASK_FUNCTION));
  return cloudQueue;
}

/** Sends the digest of `task`'s shop and hour; returns how many requests it counted (0: nothing to send). */
export async function deliverShopDigest(
  deps: NotifyDeps & { db: Firestore },
  task: DigestTask,
): Promise<number> {
  const inbox = await deps.db
    .collection(COLLECTIONS.digestInbox)
    .doc(digestInboxId(task.uid, task.windowKey))
    .get();
  const parsed = digestInboxSchema.safeParse(inbox.data());
  if (!parsed.success || parsed.data.requestIds.length === 0) return 0;
  // Only the requests still open to shops: one held by its buyer's suspension (or closed meanwhile)
  // is left out. The inbox holds one hour's requests, so this read is bounded by the fan-out's cap.
  const requests = await deps.db.getAll(
    ...parsed.data.requestIds.map((id) => deps.db.collection(COLLECTIONS.requests).doc(id)),
  );
  const open = requests.filter((request) => request.get(REQUEST_FIELDS.status) === REQUEST_STATUS.active);
  const firstName = open[0]?.get("productName");
  const first = typeof firstName === "string" && firstName ? firstName : parsed.data.productNames[0];
  if (open.length === 0 || first === undefined) return 0;
  await notify(
    deps,
    requestsNearbyEvent({
      merchantId: task.uid,
      hourStart: new Date(`${task.windowKey}:00:00.000Z`),
      count: open.length,
      firstProductName: first,
    }),
  );
  return open.length;
}

export const sendShopDigest = guardedTask<DigestTask>(
  ACCOUNT_GUARD.shop,
  sized("sendShopDigest", {
    region,
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 30, maxBackoffSeconds: 600 },
    rateLimits: { maxConcurrentDispatches: 50, maxDispatchesPerSecond: 100 },
  }),
  taskUid,
  async (request) => {
    const task = digestTaskSchema.safeParse(request.data);
    if (!task.success) {
      logUnexpectedError("sendShopDigest: malformed task", task.error, { issues: task.error.issues.length });
      return;
    }
    const db = adminDb();
    const count = await deliverShopDigest(
      { db, now: await clockFor(db), emailQueue: cloudEmailQueue() },
      task.data,
    );
    logger.info("Shop digest", { requests: count });
  },
);
