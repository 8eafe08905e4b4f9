import { COLLECTIONS, REQUEST_FIELDS } from "@/domain/core/collections";
import type { FeedKey } from "@/domain/geo/geo-feed";
import type { GeoSubQuery } from "@/domain/geo/geo-feed-plan";
import { REQUEST_STATUS } from "@/domain/marketplace/request-status";
import { DOCUMENT_ID_FIELD, exactTime, type QuerySpec } from "./query-spec";

/**
 * One sub-query of the merchant feed (architecture §4), written once for both of its paths: Firestore
 * Lite (./requests.ts) and REST before Firebase has loaded (./feed-over-rest.ts). Every sub-query
 * orders by the same fields (createdAt, actionRadius, location.lat, location.lng, id; all descending),
 * so their results merge into one feed and a cursor from one is valid for all. Composite indexes:
 * firestore.indexes.json. No Firebase import.
 */
export function feedQuerySpec(
  subQuery: GeoSubQuery,
  filters: { category?: string | undefined; urgency?: string | undefined },
  after: FeedKey | null,
  max: number,
): QuerySpec {
  const where: [string, QuerySpec["where"][number][1], unknown][] = [
    [REQUEST_FIELDS.status, "==", REQUEST_STATUS.active],
  ];
  if (filters.category) where.push([REQUEST_FIELDS.category, "==", filters.category]);
  if (filters.urgency) where.push([REQUEST_FIELDS.urgency, "==", filters.urgency]);
  where.push([subQuery.field, "in", [...subQuery.cells]]);
  if (subQuery.minActionRadiusKm !== null) {
    where.push([REQUEST_FIELDS.actionRadius, ">=", subQuery.minActionRadiusKm]);
  }
  if (subQuery.bounds) {
    const { minLat, maxLat, minLng, maxLng } = subQuery.bounds;
    where.push(
      [REQUEST_FIELDS.lat, ">=", minLat],
      [REQUEST_FIELDS.lat, "<=", maxLat],
      [REQUEST_FIELDS.lng, ">=", minLng],
      [REQUEST_FIELDS.lng, "<=", maxLng],
    );
  }
  return {
    collection: COLLECTIONS.requests,
    where,
    orderBy: [
      [REQUEST_FIELDS.createdAt, "desc"],
      [REQUEST_FIELDS.actionRadius, "desc"],
      [REQUEST_FIELDS.lat, "desc"],
      [REQUEST_FIELDS.lng, "desc"],
      [DOCUMENT_ID_FIELD, "desc"],
    ],
    ...(after
      ? {
          startAfter: [
            exactTime(after.seconds, after.nanoseconds),
            after.actionRadius,
            after.lat,
            after.lng,
            after.id,
          ],
        }
      : {}),
    limit: max,
  };
}

/** A feed document whose ordering fields are unusable is left out of the feed, with a warning. */
export function skippedFeedDocument(id: string): void {
  console.warn(`Richiesta ${id} ignorata: campi di ordinamento non validi`);
}
