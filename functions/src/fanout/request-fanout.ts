import { FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import { onDocumentWritten } from "firebase-functions/firestore";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS } from "@/domain/core/collections";
import { requestCategorySchema } from "@/domain/core/enums";
import { DIGEST_INBOX_TTL_MS, MERCHANT_ZONE_RADIUS_KM } from "@/domain/core/limits";
import { latLngSchema } from "@/domain/geo/geo";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { NOTIFICATION_DIGEST_INTERVAL_MS } from "@/domain/notifications/notifications";
import {
  cellInboxId,
  digestWindow,
  type InboxRequest,
  type ReachableRequest,
  requestInboxCells,
} from "@/domain/notifications/shop-reach";
import { recordRequestWrite } from "../analytics/rollups";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { cloudDigestQueue, type DigestQueue } from "./digest-queue";

export interface FanOutDeps {
  db: Firestore;
  now: () => Date;
  digests: DigestQueue;
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

/**
 * Publishing a request: it is merged into the hour inbox of each cell of its cover in its category
 * (digestInbox/{cell}_{category}_{hour}, shop-reach.ts: ≤ 30 merges in one batch, idempotent, so a
 * redelivered trigger adds nothing) and one task per cell, category and hour is queued for the hour's
 * end (its id makes a second enqueue a no-op), and one push task per cell due now (the shops' devices
 * hear of it within a minute, request-push.ts). No shop is read: the cost of a publication does not grow
 * with the shops nearby; each cell's task finds its shops (cell-digest.ts). Returns the cells written.
 */
export async function fanOutRequest(
  deps: FanOutDeps,
  request: ReachableRequest,
  productName: string,
): Promise<string[]> {
  const { db } = deps;
  const window = digestWindow(deps.now());
  const expireAt = Timestamp.fromMillis(window.sendAt.getTime() + DIGEST_INBOX_TTL_MS);
  const cells = requestInboxCells(request);
  const entry: InboxRequest = {
    id: request.id,
    customerId: request.customerId,
    category: request.category,
    actionRadius: request.actionRadius,
    location: { lat: request.location.lat, lng: request.location.lng },
    productName,
  };
  const batch = db.batch();
  for (const cell of cells)
    batch.set(
      db.collection(COLLECTIONS.digestInbox).doc(cellInboxId(cell, request.category, window.key)),
      { cell, category: request.category, requests: FieldValue.arrayUnion(entry), expireAt },
      { merge: true },
    );
  await batch.commit();
  await deps.digests.cells(cells, request.category, window);
  await deps.digests.pushes(cells, request.category, window.key, request.id);
  return cells;
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
    const cells = await fanOutRequest(
      { db, now, digests: cloudDigestQueue() },
      request,
      String(after?.productName ?? ""),
    );
    logger.info("Request fan-out", { requestId: request.id, cells: cells.length });
  },
);
