import type { BulkWriter, Firestore, Query, QueryDocumentSnapshot } from "firebase-admin/firestore";
import { FieldPath, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, CONVERSATION_FIELDS, OFFER_FIELDS, REQUEST_FIELDS } from "@/domain/core/collections";
import { RETENTION_CHILD_PAGE_SIZE, RETENTION_PAGE_SIZE, SWEEP_CONCURRENCY } from "@/domain/core/limits";
import { retentionCutoff } from "@/domain/legal/legal";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { adminDb } from "../lib/admin";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { clearDeletedConversation } from "../notifications/unread-counts";

export interface RetentionDeps extends SweepPaging {
  db: Firestore;
  now: () => Date;
  /** Offers or conversations of one request per query page (RETENTION_CHILD_PAGE_SIZE). */
  childPageSize?: number;
}

/** Every document `query` matches, in pages by id (bounded reads, however many a request has). */
async function docsOf(query: Query, pageSize: number): Promise<QueryDocumentSnapshot[]> {
  const found: QueryDocumentSnapshot[] = [];
  await forEachPage(
    query.orderBy(FieldPath.documentId()),
    { pageSize, budgetMs: Number.POSITIVE_INFINITY },
    async (docs) => found.push(...docs),
  );
  return found;
}

/** Who takes part in a conversation (each may have it in their unread counts). */
function participantsOf(conversation: QueryDocumentSnapshot): string[] {
  return [CONVERSATION_FIELDS.customerId, CONVERSATION_FIELDS.merchantId]
    .map((field) => conversation.get(field))
    .filter((uid): uid is string => typeof uid === "string" && uid !== "");
}

/**
 * One closed request and what hangs off it, through the shared BulkWriter (batched, not one awaited
 * delete after another): its offers (no sub-collections: plain deletes) and conversations with their
 * messages (and their entries in both participants' unread counts) first, the request with its private
 * place and photos last, so a run stopped halfway leaves the request to be found again by the next one.
 */
async function deleteRequestTree(
  deps: RetentionDeps,
  writer: BulkWriter,
  request: QueryDocumentSnapshot,
): Promise<void> {
  const { db } = deps;
  const pageSize = deps.childPageSize ?? RETENTION_CHILD_PAGE_SIZE;
  const [offers, conversations] = await Promise.all([
    docsOf(db.collection(COLLECTIONS.offers).where(OFFER_FIELDS.requestId, "==", request.id), pageSize),
    docsOf(
      db.collection(COLLECTIONS.conversations).where(CONVERSATION_FIELDS.requestId, "==", request.id),
      pageSize,
    ),
  ]);
  await Promise.all([
    ...offers.map((offer) => writer.delete(offer.ref)),
    ...conversations.flatMap((chat) => [
      db.recursiveDelete(chat.ref, writer),
      ...clearDeletedConversation(writer, db, participantsOf(chat), chat.id),
    ]),
  ]);
  await db.recursiveDelete(request.ref, writer);
}

/**
 * Deletes what the privacy notice says we keep no longer (RETENTION_MONTHS): every request closed
 * (completed, cancelled or expired) and last updated before the cutoff, with its private place, its offers and
 * their conversations with every message. Active and in-progress requests are never touched, whatever
 * their age. Pages of the due query (by updatedAt, a cursor past the last one) until the time budget;
 * the rest is due again the next night. Returns the ids of the requests deleted.
 *
 * Not Firestore TTL: a TTL policy deletes one document, never its sub-collections (the private place,
 * the photos, a chat's messages), and a request's date moves when it is renewed or its deal reopened.
 */
export async function runRetention(deps: RetentionDeps): Promise<string[]> {
  const { db } = deps;
  const cutoff = Timestamp.fromDate(retentionCutoff(deps.now()));
  const due = db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.status, "in", [
      REQUEST_STATUS.completed,
      REQUEST_STATUS.cancelled,
      REQUEST_STATUS.expired,
    ])
    .where(REQUEST_FIELDS.updatedAt, "<", cutoff)
    .orderBy(REQUEST_FIELDS.updatedAt);
  const writer = db.bulkWriter();
  const deleted: string[] = [];
  try {
    await forEachPage(
      due,
      deps,
      async (docs) => {
        await inParallel(docs, SWEEP_CONCURRENCY, async (request) => {
          await deleteRequestTree(deps, writer, request);
          deleted.push(request.id);
        });
      },
      RETENTION_PAGE_SIZE,
    );
  } finally {
    await writer.close();
  }
  return deleted;
}

/**
 * Every hour at minute 30: the retention sweep. Hourly, not nightly: at the national model ~20,000
 * requests fall due a day and one run deletes ~5,000 within its budget (docs/scale.md, Sweeps); a run
 * with nothing due reads one empty page.
 */
export const retentionSweep = onSchedule(
  sized("retentionSweep", { schedule: "30 * * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const deleted = await runRetention({ db: adminDb(), now: () => new Date() });
    logger.info("Retention sweep", { requestsDeleted: deleted.length });
  },
);
