import {
  collection,
  connectFirestoreEmulator,
  documentId,
  type Firestore,
  getCount,
  getFirestore,
  limit,
  orderBy,
  type Query,
  type QueryConstraint,
  query,
  startAfter,
  Timestamp,
  where,
} from "firebase/firestore/lite";
import { env } from "@/config/env";
import { REQUEST_QUERY_LIMIT } from "@/domain/core/limits";
import { getFirebaseApp, getReadyAuth } from "./firebase";
import { DOCUMENT_ID_FIELD, isExactTime, type QuerySpec } from "./query-spec";
import { yieldToMain } from "./slices";

/**
 * Firestore Lite (REST, ~26 kB gzip instead of ~136 kB) for one-shot reads and writes on the
 * session's path: a signed-in page needs users/{uid} before it can render, and the full SDK would
 * push every guarded route past its 300 kB initial-JS budget (architecture §8). Live listeners use
 * the full SDK (./firebase.ts getDb, through ./listen.ts), loaded afterwards. Both talk to the same project/emulator.
 */
let pending: Promise<Firestore> | undefined;

function loadLiteDb(): Promise<Firestore> {
  // Auth ready first (./firebase.ts getReadyAuth): every read carries the signed-in user's token.
  pending ??= Promise.all([getFirebaseApp(), getReadyAuth()]).then(([app]) => {
    const db = getFirestore(app);
    if (env.emulators) {
      connectFirestoreEmulator(db, env.emulators.firestore.host, env.emulators.firestore.port);
    }
    return db;
  });
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/**
 * The Lite instance, handed over in a task of its own: each read or write (building its query, calling
 * fetch) then starts in its own task, so a page's first reads, started together, do not add up to one long
 * task on a phone (docs/lighthouse.md at 1a8da11, sixth pass).
 */
export async function getLiteDb(): Promise<Firestore> {
  const db = await loadLiteDb();
  await yieldToMain();
  return db;
}

/**
 * How many documents of `collectionName` match `constraints` (an aggregation: index entries, no
 * documents), counted up to REQUEST_QUERY_LIMIT: the rules bound every list, counts included, so the
 * count stops there and the screens show "50+" (formatCappedCount).
 */
export async function countUpToLimit(
  collectionName: string,
  ...constraints: QueryConstraint[]
): Promise<number> {
  const counted = query(
    collection(await getLiteDb(), collectionName),
    ...constraints,
    limit(REQUEST_QUERY_LIMIT),
  );
  return (await getCount(counted)).data().count;
}

/** A spec's value as Lite takes it: an ExactTime as a Timestamp. */
const liteValue = (value: unknown): unknown =>
  isExactTime(value) ? new Timestamp(value.seconds, value.nanoseconds) : value;

/** `spec` as Lite's constraints (`extra`, e.g. a cursor, goes after its ordering and before its limit). */
export function liteConstraints(spec: QuerySpec, ...extra: QueryConstraint[]): QueryConstraint[] {
  return [
    ...spec.where.map(([field, op, value]) => where(field, op, liteValue(value))),
    ...spec.orderBy.map(([field, direction]) =>
      orderBy(field === DOCUMENT_ID_FIELD ? documentId() : field, direction),
    ),
    ...(spec.startAfter ? [startAfter(...spec.startAfter.map(liteValue))] : []),
    ...extra,
    limit(spec.limit),
  ];
}

/** `spec` as a Lite query (see `liteConstraints`). */
export function liteQuery(db: Firestore, spec: QuerySpec, ...extra: QueryConstraint[]): Query {
  const from = spec.parent ? collection(db, spec.parent, spec.collection) : collection(db, spec.collection);
  return query(from, ...liteConstraints(spec, ...extra));
}
