import {
  type DocumentData,
  FieldPath,
  type Firestore,
  type Query,
  Timestamp,
} from "firebase-admin/firestore";
import { COLLECTIONS, REQUEST_FIELDS } from "../../src/domain/core/collections";
import type { FeedExecutor, FeedItem, FeedKey, FetchedDoc } from "../../src/domain/geo/geo-feed";
import { type Request, requestSchema } from "../../src/domain/marketplace/request";
import { REQUEST_STATUS } from "../../src/domain/marketplace/state-machine";

/**
 * The feed executor over firebase-admin (REST, `preferRest`, as the functions use it): the same
 * sub-queries as the browser executor in src/data/requests.ts (same filters, same order, same cursor),
 * run as the admin identity. Used by the integration test and `npm run bench:geo`.
 */

/** Firestore → domain values (Timestamps become Dates, at any depth). */
function fromAdmin(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromAdmin);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromAdmin(inner)]));
  }
  return value;
}

/** Checks a document with the domain schema, as the app's converter does; null (and a warning) if bad. */
export function parseAdminRequest(id: string, data: DocumentData): Request | null {
  const parsed = requestSchema.safeParse({ ...(fromAdmin(data) as object), id });
  if (parsed.success) return parsed.data;
  console.warn(`Request ${id} skipped: invalid data`);
  return null;
}

function feedKeyOf(id: string, data: DocumentData): FeedKey | null {
  const createdAt: unknown = data.createdAt;
  const actionRadius: unknown = data.actionRadius;
  const location = data.location as { lat?: unknown; lng?: unknown } | undefined;
  const lat = location?.lat;
  const lng = location?.lng;
  if (!(createdAt instanceof Timestamp) || typeof actionRadius !== "number") return null;
  if (typeof lat !== "number" || typeof lng !== "number") return null;
  return { seconds: createdAt.seconds, nanoseconds: createdAt.nanoseconds, actionRadius, lat, lng, id };
}

export type AdminFeedExecutor<T extends FeedItem> = FeedExecutor<T> & { queries: number; reads: number };

export function adminFeedExecutor<T extends FeedItem = Request>(
  db: Firestore,
  parse: (id: string, data: DocumentData) => T | null = parseAdminRequest as unknown as (
    id: string,
    data: DocumentData,
  ) => T | null,
  collectionPath: string = COLLECTIONS.requests,
): AdminFeedExecutor<T> {
  const executor = (async ({ subQuery, filters, after, limit }) => {
    let q: Query = db.collection(collectionPath).where(REQUEST_FIELDS.status, "==", REQUEST_STATUS.active);
    if (filters.category) q = q.where(REQUEST_FIELDS.category, "==", filters.category);
    if (filters.urgency) q = q.where(REQUEST_FIELDS.urgency, "==", filters.urgency);
    q = q.where(subQuery.field, "in", [...subQuery.cells]);
    if (subQuery.minActionRadiusKm !== null)
      q = q.where(REQUEST_FIELDS.actionRadius, ">=", subQuery.minActionRadiusKm);
    if (subQuery.bounds) {
      const { minLat, maxLat, minLng, maxLng } = subQuery.bounds;
      q = q
        .where(REQUEST_FIELDS.lat, ">=", minLat)
        .where(REQUEST_FIELDS.lat, "<=", maxLat)
        .where(REQUEST_FIELDS.lng, ">=", minLng)
        .where(REQUEST_FIELDS.lng, "<=", maxLng);
    }
    q = q
      .orderBy(REQUEST_FIELDS.createdAt, "desc")
      .orderBy(REQUEST_FIELDS.actionRadius, "desc")
      .orderBy(REQUEST_FIELDS.lat, "desc")
      .orderBy(REQUEST_FIELDS.lng, "desc")
      .orderBy(FieldPath.documentId(), "desc");
    if (after) {
      q = q.startAfter(
        new Timestamp(after.seconds, after.nanoseconds),
        after.actionRadius,
        after.lat,
        after.lng,
        after.id,
      );
    }
    const snapshot = await q.limit(limit).get();
    const docs: FetchedDoc<T>[] = [];
    for (const document of snapshot.docs) {
      const data = document.data();
      const key = feedKeyOf(document.id, data);
      if (key) docs.push({ key, item: parse(document.id, data) });
    }
    const reads = Math.max(1, snapshot.size);
    executor.queries += 1;
    executor.reads += reads;
    return { docs, reads, exhausted: snapshot.size < limit };
  }) as AdminFeedExecutor<T>;
  executor.queries = 0;
  executor.reads = 0;
  return executor;
}
