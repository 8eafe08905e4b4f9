import { REQUEST_FIELDS } from "@/domain/core/collections";
import {
  type FeedExecutor,
  type FeedKey,
  type FetchedDoc,
  fetchNearbyPage,
  type NearbyPage,
  type NearbyParams,
} from "@/domain/geo/geo-feed";
import type { Request } from "@/domain/marketplace/request";
import { feedQuerySpec, skippedFeedDocument } from "./feed-query";
import {
  decodeFields,
  decodeValue,
  exactTimeOf,
  type RestCredentials,
  type RestDatabase,
  type RestTypedDocument,
  runTypedQueryOverRest,
  type Value,
} from "./firestore-rest";
import type { QuerySpec } from "./query-spec";
import { parseRequest } from "./request-parsing";
import { inSlices } from "./slices";

/**
 * The merchant feed read over Firestore's REST API with the ID token this device kept
 * (./device-session.ts), the same plan and sub-queries as Firestore Lite's (./requests.ts,
 * ./feed-query.ts): the shop's feed is on screen before Firebase has downloaded
 * (docs/content-bench.md). The rules judge each query as they judge Lite's. No Firebase import.
 */

/** A field's typed value by its dotted path (`location.lat`). */
function fieldAt(fields: Record<string, Value>, path: string): Value | undefined {
  const [head, ...rest] = path.split(".");
  const value = head === undefined ? undefined : fields[head];
  if (rest.length === 0 || value === undefined) return value;
  return fieldAt(value.mapValue?.fields ?? {}, rest.join("."));
}

function numberAt(fields: Record<string, Value>, path: string): number | null {
  const value = fieldAt(fields, path);
  const plain = value === undefined ? undefined : decodeValue(value);
  return typeof plain === "number" ? plain : null;
}

/** The document's place in the feed's order, its stored time to the nanosecond; null if a field is unusable. */
export function restFeedKey({ id, fields }: RestTypedDocument): FeedKey | null {
  const createdAt = exactTimeOf(fieldAt(fields, REQUEST_FIELDS.createdAt));
  const actionRadius = numberAt(fields, REQUEST_FIELDS.actionRadius);
  const lat = numberAt(fields, REQUEST_FIELDS.lat);
  const lng = numberAt(fields, REQUEST_FIELDS.lng);
  if (!createdAt || actionRadius === null || lat === null || lng === null) return null;
  return { ...createdAt, actionRadius, lat, lng, id };
}

/**
 * A sub-query's answer already on its way, if any: on a page load the route has started the first
 * round over REST (src/features/browse/api/first-reads.ts), each answer taken once.
 */
export type EarlyAnswers = (spec: QuerySpec) => Promise<RestTypedDocument[]> | undefined;

/** Runs feed sub-queries over REST with `credentials` (`database`: the build's unless given). */
export function restFeedExecutor(
  credentials: RestCredentials,
  database?: RestDatabase,
  early?: EarlyAnswers,
): FeedExecutor<Request> {
  return async ({ subQuery, filters, after, limit }) => {
    const spec = feedQuerySpec(subQuery, filters, after, limit);
    const documents = await (early?.(spec) ?? runTypedQueryOverRest(spec, credentials, database));
    const fetched = await inSlices(documents, (document): FetchedDoc<Request> | null => {
      const key = restFeedKey(document);
      if (key) return { key, item: parseRequest(document.id, decodeFields(document.fields)) };
      skippedFeedDocument(document.id);
      return null;
    });
    const docs = fetched.filter((doc): doc is FetchedDoc<Request> => doc !== null);
    return { docs, reads: Math.max(1, documents.length), exhausted: documents.length < limit };
  };
}

/** One page of the merchant feed over REST (./requests.ts `fetchNearbyRequests` is the same over Lite). */
export function fetchNearbyRequestsOverRest(
  params: NearbyParams<Request>,
  credentials: RestCredentials,
  early?: EarlyAnswers,
): Promise<NearbyPage<Request>> {
  return fetchNearbyPage(restFeedExecutor(credentials, undefined, early), params);
}
