import type { Firestore } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS } from "@/domain/core/collections";
import {
  digestEmailIntervalMs,
  NOTIFICATION_SETTINGS_IDS,
  notificationPreferencesSchema,
} from "@/domain/notifications/notifications";
import {
  cellInboxId,
  cellInboxSchema,
  requestsHeardBy,
  shopInboxCells,
  shopIndexSchema,
} from "@/domain/notifications/shop-reach";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedTask, taskUid } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { logUnexpectedError } from "../lib/error-log";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "../notifications/email-queue";
import { requestsNearbyEvent } from "../notifications/events";
import { type NotifyDeps, notificationSettingsRef, notify } from "../notifications/notify";
import { pushSenderFor } from "../notifications/push-sender";
import { reachCell } from "./cell-digest";
import { cloudDigestQueue, type DigestTask, digestTaskSchema, type ShopDigestTask } from "./digest-queue";
import { pushNewRequest, pushOpeningSummary, pushRecordRef } from "./request-push";

export {
  type CellTask,
  type DigestQueue,
  type DigestTask,
  digestQueueOver,
  type ShopDigestTask,
} from "./digest-queue";

/**
 * The hourly digest of one shop, queued by its cell's task (cell-digest.ts) once the hour has ended:
 * the shop's index entry and its own cells' inboxes in each of its categories (with notify()'s check,
 * 2 + 3 × categories reads, whatever the shops or requests nearby), the requests it hears of checked
 * exactly, then one requests_nearby notification for the hour (its id is the hour: a repeated task writes
 * nothing more) whose e-mail goes to the mail queue. Returns how many requests it counted.
 */
export async function deliverShopDigest(
  deps: NotifyDeps & { db: Firestore },
  task: ShopDigestTask,
): Promise<number> {
  const { db } = deps;
  const entry = shopIndexSchema.safeParse(
    (await db.collection(COLLECTIONS.shopIndex).doc(task.uid).get()).data(),
  );
  if (!entry.success) return 0; // no longer a verified shop
  const refs = entry.data.categories.flatMap((category) =>
    shopInboxCells(entry.data).map((cell) =>
      db.collection(COLLECTIONS.digestInbox).doc(cellInboxId(cell, category, task.windowKey)),
    ),
  );
  const inboxes = (await db.getAll(...refs)).flatMap((doc) => {
    const inbox = cellInboxSchema.safeParse(doc.data());
    return inbox.success ? [inbox.data] : [];
  });
  const heard = requestsHeardBy(task.uid, entry.data, inboxes);
  const first = heard[0];
  if (!first) return 0;
  // E-mail is the fallback of push: the requests a push already carried to a device are not e-mailed,
  // and the digest e-mail goes at most twice a day unless the shop chose hourly (its preferences).
  const [settings, ...records] = await db.getAll(
    notificationSettingsRef(db, task.uid, NOTIFICATION_SETTINGS_IDS.preferences),
    ...heard.map((request) => pushRecordRef(db, task.uid, request.id)),
  );
  const unpushed = heard.filter((_, index) => records[index]?.get("reached") !== true);
  const preferences = notificationPreferencesSchema.safeParse(settings?.data() ?? {});
  const event = requestsNearbyEvent({
    merchantId: task.uid,
    hourStart: new Date(`${task.windowKey}:00:00.000Z`),
    count: heard.length,
    firstProductName: (unpushed[0] ?? first).productName,
    emailIntervalMs: digestEmailIntervalMs(preferences.success ? preferences.data.digest : undefined),
  });
  await notify(deps, unpushed.length === 0 ? { ...event, emailSkipped: true } : event);
  return heard.length;
}

export const sendShopDigest = guardedTask<DigestTask>(
  ACCOUNT_GUARD.shop,
  sized("sendShopDigest", {
    region,
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 30, maxBackoffSeconds: 600 },
    // firebase-tools' Cloud Tasks emulator dispatches at once and starts a worker process per dispatch
    // in flight: a request's ≤ 30 cell tasks, 30 processes loading the bundle at once on a small
    // machine, time out; there 4 at a time.
    rateLimits: {
      maxConcurrentDispatches: process.env.FUNCTIONS_EMULATOR === "true" ? 4 : 50,
      maxDispatchesPerSecond: 100,
    },
  }),
  // A shop's digest task carries its uid (the guard drops it for a suspended or refused shop); a cell's
  // task has none and acts for nobody.
  taskUid,
  async (request) => {
    const task = digestTaskSchema.safeParse(request.data);
    if (!task.success) {
      logUnexpectedError("sendShopDigest: malformed task", task.error, { issues: task.error.issues.length });
      return;
    }
    const db = adminDb();
    const queue = cloudDigestQueue();
    if ("cell" in task.data) {
      const pushing = task.data.requestId !== undefined;
      const deps = { db, now: await clockFor(db), push: pushSenderFor(db), queue };
      const shops = await reachCell(
        {
          db,
          onReach: async (uids, key, requests) => {
            const request = requests[0];
            if (!pushing) await queue.shops(uids, key);
            else if (request) await pushNewRequest(deps, uids, request);
          },
        },
        task.data,
      );
      logger.info(pushing ? "Cell push" : "Cell digest", { shops: shops.length });
      return;
    }
    if ("opening" in task.data) {
      const reached = await pushOpeningSummary({ db, push: pushSenderFor(db) }, task.data);
      logger.info("Opening summary", { reached });
      return;
    }
    const count = await deliverShopDigest(
      { db, now: await clockFor(db), emailQueue: cloudEmailQueue() },
      task.data,
    );
    logger.info("Shop digest", { requests: count });
  },
);
