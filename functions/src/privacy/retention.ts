import type { Firestore } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, CONVERSATION_FIELDS, OFFER_FIELDS, REQUEST_FIELDS } from "@/domain/collections";
import { retentionCutoff } from "@/domain/legal";
import { REQUEST_STATUS } from "@/domain/state-machine";
import { adminDb } from "../lib/admin";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";

/** Requests handled per query page (each with its offers, conversations and messages). */
const PAGE = 100;

export interface RetentionDeps {
  db: Firestore;
  now: () => Date;
}

/**
 * Deletes what the privacy notice says we keep no longer (RETENTION_MONTHS): every request closed
 * (completed, cancelled or expired) and last updated before the cutoff, with its private place, its offers and
 * their conversations with every message. Active and in-progress requests are never touched, whatever
 * their age. Returns the ids of the requests deleted.
 */
export async function runRetention(deps: RetentionDeps): Promise<string[]> {
  const { db } = deps;
  const cutoff = Timestamp.fromDate(retentionCutoff(deps.now()));
  const deleted: string[] = [];
  for (;;) {
    const due = await db
      .collection(COLLECTIONS.requests)
      .where(REQUEST_FIELDS.status, "in", [
        REQUEST_STATUS.completed,
        REQUEST_STATUS.cancelled,
        REQUEST_STATUS.expired,
      ])
      .where(REQUEST_FIELDS.updatedAt, "<", cutoff)
      .limit(PAGE)
      .get();
    if (due.empty) break;
    for (const request of due.docs) {
      const [offers, conversations] = await Promise.all([
        db.collection(COLLECTIONS.offers).where(OFFER_FIELDS.requestId, "==", request.id).get(),
        db.collection(COLLECTIONS.conversations).where(CONVERSATION_FIELDS.requestId, "==", request.id).get(),
      ]);
      for (const conversation of conversations.docs) await db.recursiveDelete(conversation.ref);
      for (const offer of offers.docs) await db.recursiveDelete(offer.ref);
      await db.recursiveDelete(request.ref);
      deleted.push(request.id);
    }
    if (due.size < PAGE) break;
  }
  return deleted;
}

/** Every night at 03:30 (Rome): the retention sweep. */
export const retentionSweep = onSchedule(
  sized("retentionSweep", { schedule: "30 3 * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const deleted = await runRetention({ db: adminDb(), now: () => new Date() });
    logger.info("Retention sweep", { requestsDeleted: deleted.length });
  },
);
