import {
  type DocumentData,
  FieldPath,
  type Firestore,
  type QueryDocumentSnapshot,
  Timestamp,
} from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY } from "@/domain/core/limits";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { NOTIFICATION_EXPIRY_WINDOW_MS } from "@/domain/notifications/notifications";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
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

/** notificationState/{this}: {expiresAt, requestId} of the last request the expiry warnings handled. */
export const EXPIRY_WARNINGS_CURSOR_ID = "cursor-expiryWarnings";

/**
 * Where the last run stopped, if it is still ahead of `now` (an older one covers nothing still due) and
 * was written before `now` (the emulators' test clock may be set back: then the whole window is read).
 */
function expiryCursor(data: DocumentData | undefined, now: Date) {
  const { expiresAt, requestId, updatedAt } = data ?? {};
  if (!(expiresAt instanceof Timestamp) || typeof requestId !== "string") return undefined;
  if (updatedAt instanceof Timestamp && updatedAt.toMillis() > now.getTime()) return undefined;
  return expiresAt.toMillis() > now.getTime() ? { expiresAt, requestId } : undefined;
}

/**
 * Active requests expiring within the next NOTIFICATION_EXPIRY_WINDOW_MS: their buyer is warned once
 * per expiry date. The window moves: each run reads, in pages by (expiresAt, id), only the requests
 * whose expiry entered it since the last request handled, whose position is kept in a cursor document
 * after each page; nothing is read twice. None is missed, because every writer of expiresAt
 * (publication, renewal, a cancelled deal: request-life.ts) sets it REQUEST_LIFETIME_MS ahead, beyond
 * the window's far end, so a renewed request comes round again before its new date; documents older
 * than the field get it from backfillExpiresAt. A page whose warning fails stops the run before it, for
 * the next run to try again (the event key makes a repeat write nothing).
 */
export async function sendExpiryWarnings(deps: NotifyDeps & SweepPaging): Promise<string[]> {
  const { db } = deps;
  const now = deps.now();
  const cursorRef = db.collection(COLLECTIONS.notificationState).doc(EXPIRY_WARNINGS_CURSOR_ID);
  const cursor = expiryCursor((await cursorRef.get()).data(), now);
  const inWindow = db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.status, "==", REQUEST_STATUS.active)
    .where(REQUEST_FIELDS.expiresAt, ">", Timestamp.fromDate(now))
    .where(
      REQUEST_FIELDS.expiresAt,
      "<=",
      Timestamp.fromMillis(now.getTime() + NOTIFICATION_EXPIRY_WINDOW_MS),
    )
    .orderBy(REQUEST_FIELDS.expiresAt)
    .orderBy(FieldPath.documentId());
  const warned: string[] = [];
  await forEachPage(
    cursor ? inWindow.startAfter(cursor.expiresAt, cursor.requestId) : inWindow,
    deps,
    async (docs) => {
      const outcomes = await inParallel(docs, SWEEP_CONCURRENCY, (doc) => warnExpiring(deps, doc));
      const failed = outcomes.indexOf(false);
      const handled = failed === -1 ? docs : docs.slice(0, failed);
      warned.push(...handled.filter((_, index) => outcomes[index] === true).map((doc) => doc.id));
      const last = handled.at(-1);
      if (last) {
        await cursorRef.set({
          expiresAt: last.get(REQUEST_FIELDS.expiresAt),
          requestId: last.id,
          updatedAt: Timestamp.fromDate(now),
        });
      }
      return failed === -1;
    },
  );
  return warned;
}

/** One buyer's warning: true when notified, "skip" for a document without its buyer, false on a failure. */
async function warnExpiring(deps: NotifyDeps, doc: QueryDocumentSnapshot): Promise<boolean | "skip"> {
  const data = doc.data();
  const expiresAt = toDate(data.expiresAt);
  if (!expiresAt || typeof data.customerId !== "string") return "skip";
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
    return true;
  } catch (error) {
    logger.warn("expiryWarnings: not notified", { requestId: doc.id, error: String(error) });
    return false;
  }
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
