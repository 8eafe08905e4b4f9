import { type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/collections";
import { NOTIFICATION_EXPIRY_WINDOW_MS } from "@/domain/notifications";
import { effectiveExpiresAt } from "@/domain/request-life";
import { REQUEST_STATUS } from "@/domain/state-machine";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { cloudEmailQueue } from "./email-queue";
import { requestExpiringEvent } from "./events";
import { type NotifyDeps, notify } from "./notify";

/**
 * The scheduled expiry warning. Each run is idempotent: the warning's key is the request and its expiry
 * date, so a repeated or overlapping run writes nothing twice. (The hourly digest of nearby requests is
 * no longer a sweep: each published request reaches its shops through the fan-out, ../fanout/.)
 */

function toDate(value: unknown): Date | undefined {
  return value instanceof Timestamp ? value.toDate() : undefined;
}

/**
 * Active requests expiring within the next NOTIFICATION_EXPIRY_WINDOW_MS: their buyer is warned once
 * per expiry date (a renewed request is warned again before its new date). Found by expiresAt, which
 * every publication writes (request-life.ts); documents older than the field are not warned.
 */
export async function sendExpiryWarnings(deps: NotifyDeps): Promise<string[]> {
  const { db } = deps;
  const now = deps.now();
  const expiring = await db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.expiresAt, ">", Timestamp.fromDate(now))
    .where(
      REQUEST_FIELDS.expiresAt,
      "<=",
      Timestamp.fromMillis(now.getTime() + NOTIFICATION_EXPIRY_WINDOW_MS),
    )
    .get();
  const warned: string[] = [];
  for (const doc of expiring.docs) {
    const data = doc.data();
    const createdAt = toDate(data.createdAt);
    if (data.status !== REQUEST_STATUS.active || !createdAt || typeof data.customerId !== "string") continue;
    const expiresAt = effectiveExpiresAt({ createdAt, expiresAt: toDate(data.expiresAt) });
    const left = expiresAt.getTime() - now.getTime();
    if (left <= 0 || left > NOTIFICATION_EXPIRY_WINDOW_MS) continue;
    try {
      await notify(
        deps,
        requestExpiringEvent({
          customerId: data.customerId,
          requestId: doc.id,
          productName: String(data.productName ?? ""),
          expiresAt,
        }),
      );
      warned.push(doc.id);
    } catch (error) {
      logger.warn("expiryWarnings: not notified", { requestId: doc.id, error: String(error) });
    }
  }
  return warned;
}

async function scheduledDeps(): Promise<NotifyDeps> {
  const db: Firestore = adminDb();
  return { db, now: await clockFor(db), emailQueue: cloudEmailQueue() };
}

/** Every hour: requests entering their last day. */
export const expiryWarnings = onSchedule(
  sized("expiryWarnings", { schedule: "15 * * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const warned = await sendExpiryWarnings(await scheduledDeps());
    logger.info("Expiry warnings", { requests: warned.length });
  },
);
