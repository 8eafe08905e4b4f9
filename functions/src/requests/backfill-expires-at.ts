import type { Firestore } from "firebase-admin/firestore";
import { FieldPath, Timestamp } from "firebase-admin/firestore";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/core/collections";
import { requestExpiresAt } from "@/domain/marketplace/request-life";
import { forEachPage, type SweepPaging } from "../lib/sweep-pages";

/**
 * Once, before the expiry sweep without its createdAt query is deployed: every request written before
 * `expiresAt` existed gets expiresAt = createdAt + the lifetime (what effectiveExpiresAt read for it),
 * so the sweep and the expiry warnings find it by that field alone. Walks the whole collection in pages
 * by document id (a field that is missing cannot be queried), writing through one BulkWriter.
 * Idempotent: a document that has the field is left as it is, so a second run writes nothing.
 * Run by scripts/admin/backfill-expires-at.ts. Returns how many documents it read and wrote.
 */
export async function backfillExpiresAt(
  db: Firestore,
  paging: SweepPaging = {},
): Promise<{ read: number; written: number; complete: boolean }> {
  const writer = db.bulkWriter();
  const writes: Promise<unknown>[] = [];
  const walk = await forEachPage(
    db.collection(COLLECTIONS.requests).orderBy(FieldPath.documentId()),
    // A one-off run from a terminal: no function timeout to stay within.
    { budgetMs: Number.POSITIVE_INFINITY, ...paging },
    async (docs) => {
      for (const doc of docs) {
        const createdAt = doc.get(REQUEST_FIELDS.createdAt);
        if (doc.get(REQUEST_FIELDS.expiresAt) !== undefined || !(createdAt instanceof Timestamp)) continue;
        const expiresAt = Timestamp.fromDate(requestExpiresAt(createdAt.toDate()));
        writes.push(writer.update(doc.ref, { [REQUEST_FIELDS.expiresAt]: expiresAt }));
      }
    },
  );
  await writer.close();
  await Promise.all(writes);
  return { read: walk.read, written: writes.length, complete: walk.complete };
}
