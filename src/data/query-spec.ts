/**
 * A bounded query in a form both of a page's read paths run: Firestore Lite (./firestore-lite.ts
 * `liteQuery`) and the first read over REST (./firestore-rest.ts), so a query is written once. Values are
 * the app's plain ones (strings, numbers, booleans, Dates, ExactTimes, arrays of them); `limit` is required: the
 * rules bound every list (architecture §4).
 */
export type FilterOp = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "array-contains";

/** The field a query orders by to order by the document's id (the SDKs' `documentId()`). */
export const DOCUMENT_ID_FIELD = "__name__";

/** A stored time to the nanosecond, as a cursor needs it (a Date keeps milliseconds only). */
export type ExactTime = { seconds: number; nanoseconds: number };

export const exactTime = (seconds: number, nanoseconds: number): ExactTime => ({ seconds, nanoseconds });

export const isExactTime = (value: unknown): value is ExactTime =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  typeof (value as ExactTime).seconds === "number" &&
  typeof (value as ExactTime).nanoseconds === "number";

export type QuerySpec = {
  collection: string;
  /** The document `collection` is a subcollection of ("conversations/abc"); none for a top-level one. */
  parent?: string;
  where: readonly (readonly [field: string, op: FilterOp, value: unknown])[];
  orderBy: readonly (readonly [field: string, direction: "asc" | "desc"])[];
  /**
   * A cursor: the query starts after the document with these values of its `orderBy` fields, in their
   * order (an ExactTime for a stored time, the id for DOCUMENT_ID_FIELD).
   */
  startAfter?: readonly unknown[];
  limit: number;
};

/** The same query as a stable string (the key a first read is found by). */
export const querySpecKey = (spec: QuerySpec): string => JSON.stringify(spec);

/** One document by its path ("offers/abc"), as a first read names it. */
export type DocumentPath = { document: string };

export const documentPath = (collection: string, id: string): DocumentPath => ({
  document: `${collection}/${id}`,
});
