import {
  collection,
  type DocumentSnapshot,
  documentId,
  type Firestore,
  getDocs,
  orderBy,
  type QueryConstraint,
  query,
  startAfter,
  Timestamp,
  where,
} from "firebase/firestore/lite";
import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/core/collections";
import {
  type FeedExecutor,
  type FeedKey,
  type FetchedDoc,
  fetchNearbyPage,
  type NearbyCursor,
  type NearbyPage,
  type NearbyParams,
} from "@/domain/geo/geo-feed";
import type { GeoSubQuery } from "@/domain/geo/geo-feed-plan";
import type { Request } from "@/domain/marketplace/request";
import { type RequestStatus, storedRequestStatuses } from "@/domain/marketplace/state-machine";
import { feedQuerySpec, skippedFeedDocument } from "./feed-query";
import { countUpToLimit, getLiteDb, liteConstraints, liteQuery } from "./firestore-lite";
import { customerRequestsQuery } from "./page-queries";
import { readRequestSnapshot as readSnapshot, readRequestSnapshots as readSnapshots } from "./request-by-id";
import { inSlices, yieldToMain } from "./slices";

export { getRequest } from "./request-by-id";
export { parseRequest } from "./request-parsing";

/**
 * requests/{id} (spec §3, architecture §4): parser, reads, the buyer's cancellation and the merchant
 * feed. Requests are published by algoChat only (the rules refuse a client's create).
 * Reads are checked with the domain schema; a malformed document is skipped with a warning (a list never
 * breaks on one bad document) and reads as missing when asked for by id.
 *
 * Over Firestore Lite (REST, one-shot): these screens need no listener, and the full SDK would push the
 * merchant pages past their 300 kB initial-JS budget (architecture §8). Screens read a request again on
 * the user's news (src/lib/news.ts) rather than following it.
 */

/**
 * The owner closes their own active request: the closeRequest callable (its pending offers expire with
 * it; clients write no statuses).
 */
export async function cancelRequest(id: string, reason?: string): Promise<void> {
  const { closeRequest } = await import("./request-life");
  await closeRequest(reason ? { requestId: id, reason } : { requestId: id });
}

/** Where a page of the buyer's requests starts: after this request, in createdAt-then-id order. */
export type CustomerRequestsCursor = { createdAt: Date; id: string };

/**
 * The buyer's own newest requests, at most REQUEST_QUERY_LIMIT (rules: `customerId == uid` makes the
 * query allowed, and every list is bounded); with `after`, the page of older ones that follows it
 * (/requests' 'Mostra richieste precedenti'; ties on createdAt are broken by id, in the same index).
 */
export async function listCustomerRequests(
  customerId: string,
  max: number,
  after?: CustomerRequestsCursor,
): Promise<Request[]> {
  const cursor = after
    ? [orderBy(documentId(), "desc"), startAfter(Timestamp.fromDate(after.createdAt), after.id)]
    : [];
  const snapshot = await getDocs(
    liteQuery(await getLiteDb(), customerRequestsQuery(customerId, max), ...cursor),
  );
  return readSnapshots(snapshot.docs);
}

/**
 * How many of the buyer's requests are in `status` (legacy spellings included), an aggregation counted
 * up to REQUEST_QUERY_LIMIT (the rules' bound; the dashboard shows "50+" from there). Read only when the
 * newest-requests list is full; below that, the list is the count.
 */
export function countCustomerRequests(customerId: string, status: RequestStatus): Promise<number> {
  return countUpToLimit(
    COLLECTIONS.requests,
    where(REQUEST_FIELDS.customerId, "==", customerId),
    where(REQUEST_FIELDS.status, "in", [...storedRequestStatuses(status)]),
  );
}

// ---------------------------------------------------------------------------------------------
// Merchant feed (the planner and merger live in src/domain/geo/geo-feed-plan.ts and geo-feed.ts)

/** The feed position of a raw document; null when its sort fields are unusable. */
function feedKeyOf(snapshot: DocumentSnapshot): FeedKey | null {
  const createdAt = snapshot.get(REQUEST_FIELDS.createdAt) as unknown;
  const actionRadius = snapshot.get(REQUEST_FIELDS.actionRadius) as unknown;
  const lat = snapshot.get(REQUEST_FIELDS.lat) as unknown;
  const lng = snapshot.get(REQUEST_FIELDS.lng) as unknown;
  if (!(createdAt instanceof Timestamp) || typeof actionRadius !== "number") return null;
  if (typeof lat !== "number" || typeof lng !== "number") return null;
  return {
    seconds: createdAt.seconds,
    nanoseconds: createdAt.nanoseconds,
    actionRadius,
    lat,
    lng,
    id: snapshot.id,
  };
}

/** One sub-query of the feed as Lite's constraints (./feed-query.ts writes it once for Lite and REST). */
export function feedQueryConstraints(
  subQuery: GeoSubQuery,
  filters: { category?: string | undefined; urgency?: string | undefined },
  after: FeedKey | null,
  max: number,
): QueryConstraint[] {
  return liteConstraints(feedQuerySpec(subQuery, filters, after, max));
}

/** Runs feed sub-queries with Firestore Lite (the app, and the integration test against our emulator). */
export function firestoreFeedExecutor(db: Firestore): FeedExecutor<Request> {
  return async ({ subQuery, filters, after, limit: max }) => {
    // A feed asks several cells at once: each query (its building and its fetch) starts in a task of
    // its own, and the answers are read in slices (./slices.ts), so a phone's main thread is never held
    // by the whole feed in one long task.
    await yieldToMain();
    const snapshot = await getDocs(
      query(collection(db, COLLECTIONS.requests), ...feedQueryConstraints(subQuery, filters, after, max)),
    );
    const fetched = await inSlices(snapshot.docs, (document): FetchedDoc<Request> | null => {
      const key = feedKeyOf(document);
      if (key) return { key, item: readSnapshot(document) };
      skippedFeedDocument(document.id);
      return null;
    });
    const docs = fetched.filter((doc): doc is FetchedDoc<Request> => doc !== null);
    return { docs, reads: Math.max(1, snapshot.size), exhausted: snapshot.size < max };
  };
}

export type NearbyRequest = Request & { distanceKm: number };
export type NearbyRequestsCursor = NearbyCursor<Request>;
export type NearbyRequestsParams = NearbyParams<Request>;
export type NearbyRequestsPage = NearbyPage<Request>;

/**
 * The merchant feed (architecture §4): active requests within `radiusKm` of `center` whose own action
 * radius reaches `center`, newest first, `pageSize` at a time, each with its distance.
 */
export async function fetchNearbyRequests(params: NearbyRequestsParams): Promise<NearbyRequestsPage> {
  return fetchNearbyPage(firestoreFeedExecutor(await getLiteDb()), params);
}
