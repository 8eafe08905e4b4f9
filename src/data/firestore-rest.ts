import { env } from "@/config/env";
import {
  DOCUMENT_ID_FIELD,
  type DocumentPath,
  type ExactTime,
  isExactTime,
  type QuerySpec,
} from "./query-spec";
import { countRestRead } from "./rest-reads";

/**
 * A page's first read over Firestore's REST API (`documents:runQuery`, a document's GET), with the ID token this device
 * kept (./device-session.ts): it needs no Firebase SDK, so it can go out as the page starts instead of
 * after Firebase Auth has loaded and checked the session (docs/content-bench.md). The rules apply as to
 * any read (the token is the user's). What it answers is what Firestore Lite's documents hold, as plain
 * values (Timestamps as Dates), for the same parsers (./document.ts `parseDocument`). No Firebase import.
 */

/** A document as read: its id and its fields as plain values. */
export type RestDocument = { id: string; data: Record<string, unknown> };

/** The credentials of one read. */
export type RestCredentials = { idToken: string; appCheckToken?: string };

/** Firestore's typed value (https://firebase.google.com/docs/firestore/reference/rest/v1/Value). */
export type Value = {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number | string;
  timestampValue?: string;
  stringValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: Value[] };
  mapValue?: { fields?: Record<string, Value> };
};

/** A typed value → the plain value the SDKs' documents hold (Timestamps as Dates, for ./document.ts). */
export function decodeValue(value: Value): unknown {
  if ("stringValue" in value) return value.stringValue;
  if ("integerValue" in value) return Number(value.integerValue);
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("booleanValue" in value) return value.booleanValue;
  if ("timestampValue" in value) return new Date(String(value.timestampValue));
  if ("mapValue" in value) return decodeFields(value.mapValue?.fields);
  if ("arrayValue" in value) return (value.arrayValue?.values ?? []).map(decodeValue);
  if ("geoPointValue" in value) {
    return { latitude: value.geoPointValue?.latitude ?? 0, longitude: value.geoPointValue?.longitude ?? 0 };
  }
  if ("referenceValue" in value) return value.referenceValue;
  if ("bytesValue" in value) return Uint8Array.from(atob(String(value.bytesValue)), (c) => c.charCodeAt(0));
  return null;
}

export function decodeFields(fields: Record<string, Value> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([key, inner]) => [key, decodeValue(inner)]));
}

/** A stored time to the nanosecond, from its typed value (a Date would keep milliseconds); null if none. */
export function exactTimeOf(value: Value | undefined): ExactTime | null {
  const text = value?.timestampValue;
  if (typeof text !== "string") return null;
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
  const whole = match ? Date.parse(`${match[1]}Z`) : Number.NaN;
  if (!match || Number.isNaN(whole)) return null;
  return { seconds: whole / 1000, nanoseconds: Number((match[2] ?? "").padEnd(9, "0")) };
}

/** An ExactTime as a typed value, to the nanosecond. */
function exactTimeValue({ seconds, nanoseconds }: ExactTime): Value {
  const whole = new Date(seconds * 1000).toISOString().slice(0, 19);
  return { timestampValue: `${whole}.${String(nanoseconds).padStart(9, "0")}Z` };
}

/** A plain value of a query's filter → Firestore's typed value. */
export function encodeValue(value: unknown): Value {
  if (value === null || value === undefined) return { nullValue: null };
  if (isExactTime(value)) return exactTimeValue(value);
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { booleanValue: value };
  if (typeof value === "number") {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeValue) } };
  throw new TypeError(`A query value of this kind cannot be sent: ${String(value)}`);
}

const OPERATORS = {
  "==": "EQUAL",
  "!=": "NOT_EQUAL",
  "<": "LESS_THAN",
  "<=": "LESS_THAN_OR_EQUAL",
  ">": "GREATER_THAN",
  ">=": "GREATER_THAN_OR_EQUAL",
  in: "IN",
  "array-contains": "ARRAY_CONTAINS",
} as const;

/** Where the documents are: the build's database (`env`), or another (the integration tests' emulator). */
export type RestDatabase = { origin: string; projectId: string };

/** The build's database: the emulator's when the build talks to the emulators. */
const buildDatabase = (): RestDatabase => ({
  origin: env.emulators
    ? `http://${env.emulators.firestore.host}:${env.emulators.firestore.port}`
    : "https://firestore.googleapis.com",
  projectId: env.firebase.projectId,
});

/** The database's path, as a document reference names it. */
const databasePath = ({ projectId }: RestDatabase) => `projects/${projectId}/databases/(default)/documents`;

/** The path of the documents a query runs over: the database's, or its parent document's. */
const queryParentPath = (spec: QuerySpec, database: RestDatabase) =>
  spec.parent ? `${databasePath(database)}/${spec.parent}` : databasePath(database);

/** A cursor's values: the id ordered by DOCUMENT_ID_FIELD as a reference to the document. */
function cursorValues(spec: QuerySpec, values: readonly unknown[], database: RestDatabase): Value[] {
  return values.map((value, index) =>
    spec.orderBy[index]?.[0] === DOCUMENT_ID_FIELD
      ? { referenceValue: `${queryParentPath(spec, database)}/${spec.collection}/${String(value)}` }
      : encodeValue(value),
  );
}

/** The query as `runQuery`'s `structuredQuery`. */
export function structuredQuery(
  spec: QuerySpec,
  database: RestDatabase = buildDatabase(),
): Record<string, unknown> {
  const filters = spec.where.map(([fieldPath, op, value]) => ({
    fieldFilter: { field: { fieldPath }, op: OPERATORS[op], value: encodeValue(value) },
  }));
  const where =
    filters.length === 0
      ? undefined
      : filters.length === 1
        ? filters[0]
        : { compositeFilter: { op: "AND", filters } };
  return {
    from: [{ collectionId: spec.collection }],
    ...(where ? { where } : {}),
    ...(spec.orderBy.length > 0
      ? {
          orderBy: spec.orderBy.map(([fieldPath, direction]) => ({
            field: { fieldPath },
            direction: direction === "desc" ? "DESCENDING" : "ASCENDING",
          })),
        }
      : {}),
    ...(spec.startAfter
      ? { startAt: { values: cursorValues(spec, spec.startAfter, database), before: false } }
      : {}),
    limit: spec.limit,
  };
}

type RunQueryAnswer = { document?: { name: string; fields?: Record<string, Value> } }[];

/** A document as the answer holds it: its id and its typed fields. */
export type RestTypedDocument = { id: string; fields: Record<string, Value> };

/** Runs `spec` with the user's credentials; rejects on any answer but a success (the caller falls back). */
export async function runQueryOverRest(
  spec: QuerySpec,
  credentials: RestCredentials,
  database: RestDatabase = buildDatabase(),
): Promise<RestDocument[]> {
  const documents = await runTypedQueryOverRest(spec, credentials, database);
  return documents.map(({ id, fields }) => ({ id, data: decodeFields(fields) }));
}

/** `runQueryOverRest`, the fields left typed (a cursor needs a stored time to the nanosecond). */
export function runTypedQueryOverRest(
  spec: QuerySpec,
  credentials: RestCredentials,
  database: RestDatabase = buildDatabase(),
): Promise<RestTypedDocument[]> {
  return countRestRead(runQuery(spec, credentials, database));
}

/** The headers that carry the user's credentials. */
const credentialHeaders = ({ idToken, appCheckToken }: RestCredentials): Record<string, string> => ({
  Authorization: `Bearer ${idToken}`,
  ...(appCheckToken ? { "X-Firebase-AppCheck": appCheckToken } : {}),
});

/** The id at the end of a document's name. */
const idOf = (name: string) => name.slice(name.lastIndexOf("/") + 1);

async function runQuery(
  spec: QuerySpec,
  credentials: RestCredentials,
  database: RestDatabase,
): Promise<RestTypedDocument[]> {
  const response = await fetch(`${database.origin}/v1/${queryParentPath(spec, database)}:runQuery`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...credentialHeaders(credentials) },
    body: JSON.stringify({ structuredQuery: structuredQuery(spec, database) }),
  });
  if (!response.ok) throw new Error(`runQuery answered ${response.status}`);
  const answer = (await response.json()) as RunQueryAnswer;
  return answer.flatMap(({ document }) =>
    document ? [{ id: idOf(document.name), fields: document.fields ?? {} }] : [],
  );
}

/**
 * One document by its path with the user's credentials: null when it does not exist; rejects on a
 * refusal or any other failure (the caller falls back: to Lite, a document the rules hide is missing too).
 */
export function getDocumentOverRest(
  { document }: DocumentPath,
  credentials: RestCredentials,
  database: RestDatabase = buildDatabase(),
): Promise<RestDocument | null> {
  return countRestRead(getDocument(document, credentials, database));
}

async function getDocument(
  path: string,
  credentials: RestCredentials,
  database: RestDatabase,
): Promise<RestDocument | null> {
  const response = await fetch(`${database.origin}/v1/${databasePath(database)}/${path}`, {
    headers: credentialHeaders(credentials),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`a document's read answered ${response.status}`);
  const found = (await response.json()) as { name: string; fields?: Record<string, Value> };
  return { id: idOf(found.name), data: decodeFields(found.fields) };
}
