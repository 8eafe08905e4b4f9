import { FieldPath, type Firestore } from "firebase-admin/firestore";
import { COLLECTIONS, SHOP_INDEX_FIELDS } from "@/domain/core/collections";
import { FANOUT_SHOP_PAGE } from "@/domain/core/limits";
import { geohashFieldName, isGeohashFieldPrecision } from "@/domain/geo/geo-cover";
import {
  cellInboxId,
  cellInboxSchema,
  type InboxRequest,
  requestsHeardBy,
  shopIndexSchema,
} from "@/domain/notifications/shop-reach";
import type { CellTask } from "./digest-queue";

/**
 * What happens to the shops that heard of requests: at the hour's end their digest is queued; for a
 * request just published (a push task) they are pushed it (request-push.ts). Called once per page of
 * shops, each shop once per cell and category: the tasks' ids and the notifications' ids keep a shop to
 * one digest an hour and one push per request.
 */
export type OnReach = (
  shops: readonly string[],
  windowKey: string,
  requests: readonly InboxRequest[],
) => Promise<void>;

export interface CellDigestDeps {
  db: Firestore;
  onReach: OnReach;
  pageSize?: number;
}

/**
 * One cell, category and hour, at the hour's end: its inbox (1 read; nothing more when it is empty),
 * then the shop index in that cell and category, in pages, each shop checked exactly against the
 * inbox's requests (shopHearsOf). The shops that hear of at least one go to `onReach`. Reads: 1 + the
 * cell's shops in the category, once an hour however many requests the hour brought.
 */
export async function reachCell(deps: CellDigestDeps, task: CellTask): Promise<string[]> {
  const { db } = deps;
  const inbox = cellInboxSchema.safeParse(
    (
      await db
        .collection(COLLECTIONS.digestInbox)
        .doc(cellInboxId(task.cell, task.category, task.windowKey))
        .get()
    ).data(),
  );
  // A push task looks at its one request; the hour's task at all of them.
  const requests = task.requestId
    ? (inbox.success ? inbox.data.requests : []).filter((request) => request.id === task.requestId)
    : inbox.success
      ? inbox.data.requests
      : [];
  if (requests.length === 0) return [];
  if (!isGeohashFieldPrecision(task.cell.length)) return [];
  const field = geohashFieldName(task.cell.length);
  const pageSize = deps.pageSize ?? FANOUT_SHOP_PAGE;
  const query = db
    .collection(COLLECTIONS.shopIndex)
    .where(SHOP_INDEX_FIELDS.categories, "array-contains", task.category)
    .where(field, "==", task.cell)
    .orderBy(FieldPath.documentId())
    .limit(pageSize);
  const reached: string[] = [];
  let page = await query.get();
  for (;;) {
    const shops = page.docs.flatMap((doc) => {
      const entry = shopIndexSchema.safeParse(doc.data());
      return entry.success && requestsHeardBy(doc.id, entry.data, [{ requests }]).length > 0 ? [doc.id] : [];
    });
    if (shops.length > 0) await deps.onReach(shops, task.windowKey, requests);
    reached.push(...shops);
    const last = page.docs.at(-1);
    if (page.size < pageSize || !last) return reached;
    page = await query.startAfter(last.id).get();
  }
}
