import { FieldPath, FieldValue, type Firestore, type Query, Timestamp } from "firebase-admin/firestore";
import { onDocumentWritten } from "firebase-functions/firestore";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS, SHOP_INDEX_FIELDS } from "@/domain/core/collections";
import { requestCategorySchema } from "@/domain/core/enums";
import { DIGEST_INBOX_TTL_MS, FANOUT_SHOP_PAGE, MERCHANT_ZONE_RADIUS_KM } from "@/domain/core/limits";
import { latLngSchema } from "@/domain/geo/geo";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { NOTIFICATION_DIGEST_INTERVAL_MS } from "@/domain/notifications/notifications";
import {
  digestInboxId,
  digestWindow,
  type ReachableRequest,
  reachQueries,
  shopHearsOf,
  shopIndexSchema,
} from "@/domain/notifications/shop-reach";
import { recordRequestWrite } from "../analytics/rollups";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { cloudDigestQueue, type DigestQueue } from "./digest-task";

export interface FanOutDeps {
  db: Firestore;
  now: () => Date;
  digests: DigestQueue;
  pageSize?: number;
}

/** A request document's reachable fields, or null when it cannot reach anyone (malformed, not active). */
export function reachableRequest(
  id: string,
  data: FirebaseFirestore.DocumentData | undefined,
): ReachableRequest | null {
  if (!data || data.status !== REQUEST_STATUS.active) return null;
  const location = latLngSchema.safeParse(data.location);
  const category = requestCategorySchema.safeParse(data.category);
  if (!location.success || !category.success || typeof data.customerId !== "string") return null;
  const actionRadius = Number(data.actionRadius);
  return {
    id,
    customerId: data.customerId,
    category: category.data,
    actionRadius: Number.isFinite(actionRadius) && actionRadius > 0 ? actionRadius : MERCHANT_ZONE_RADIUS_KM,
    location: location.data,
  };
}

/** Every shop id one shop-index query returns, page by page (ordered by id, so pages never overlap). */
async function* shopPages(query: Query, pageSize: number) {
  let page = await query.orderBy(FieldPath.documentId()).limit(pageSize).get();
  for (;;) {
    yield page.docs;
    const last = page.docs.at(-1);
    if (page.size < pageSize || !last) return;
    page = await query.orderBy(FieldPath.documentId()).startAfter(last.id).limit(pageSize).get();
  }
}

/**
 * Publishing a request reaches the shops that should hear of it (shop-reach.ts): the shop index is read
 * only in the request's cells and category, each reached shop's hour inbox records the request (merged
 * idempotently: a redelivered trigger adds nothing), and one digest task per shop and hour is queued for
 * the hour's end (its id makes a second enqueue a no-op). Returns the shops reached.
 */
export async function fanOutRequest(
  deps: FanOutDeps,
  request: ReachableRequest,
  productName: string,
): Promise<string[]> {
  const { db } = deps;
  const window = digestWindow(deps.now());
  const expireAt = Timestamp.fromMillis(window.sendAt.getTime() + DIGEST_INBOX_TTL_MS);
  const reached: string[] = [];
  for (const { field, cells } of reachQueries(request)) {
    const query = db
      .collection(COLLECTIONS.shopIndex)
      .where(SHOP_INDEX_FIELDS.categories, "array-contains", request.category)
      .where(field, "in", cells);
    for await (const docs of shopPages(query, deps.pageSize ?? FANOUT_SHOP_PAGE)) {
      const batch = db.batch();
      const shops: string[] = [];
      for (const doc of docs) {
        const entry = shopIndexSchema.safeParse(doc.data());
        if (!entry.success || !shopHearsOf(request, doc.id, entry.data)) continue;
        shops.push(doc.id);
        batch.set(
          db.collection(COLLECTIONS.digestInbox).doc(digestInboxId(doc.id, window.key)),
          {
            uid: doc.id,
            windowStart: Timestamp.fromDate(window.start),
            requestIds: FieldValue.arrayUnion(request.id),
            productNames: FieldValue.arrayUnion(productName),
            expireAt,
          },
          { merge: true },
        );
      }
      if (shops.length === 0) continue;
      await batch.commit();
      await deps.digests.enqueue(shops, window);
      reached.push(...shops);
    }
  }
  return reached;
}

/**
 * A request that just became able to reach shops: published now, or active again after a renewal. A
 * document written active with an old createdAt is history (the demo seed, an import): it reached its
 * shops when it was published, so writing it again tells no one.
 */
export function becameReachable(
  before: FirebaseFirestore.DocumentData | undefined,
  after: FirebaseFirestore.DocumentData | undefined,
  now: Date,
): boolean {
  if (after?.status !== REQUEST_STATUS.active || before?.status === REQUEST_STATUS.active) return false;
  if (before !== undefined) return true;
  const createdAt = after.createdAt instanceof Timestamp ? after.createdAt.toMillis() : Number.NaN;
  return now.getTime() - createdAt < NOTIFICATION_DIGEST_INTERVAL_MS;
}

export const onRequestWritten = onDocumentWritten(
  sized("onRequestWritten", { document: `${COLLECTIONS.requests}/{requestId}`, region }),
  async (event) => {
    const before = event.data?.before.data();
    const after = event.data?.after.data();
    const db = adminDb();
    const now = await clockFor(db);
    // The market dashboard counts the publication (analytics/rollups.ts); the fan-out goes on regardless.
    await recordRequestWrite(db, before, after, now(), NOTIFICATION_DIGEST_INTERVAL_MS);
    if (!becameReachable(before, after, now())) return;
    const request = reachableRequest(event.params.requestId, after);
    if (!request) return;
    const reached = await fanOutRequest(
      { db, now, digests: cloudDigestQueue() },
      request,
      String(after?.productName ?? ""),
    );
    logger.info("Request fan-out", { requestId: request.id, shops: reached.length });
  },
);
