/**
 * A bounded query in a form both of a page's read paths run: Firestore Lite (./firestore-lite.ts
 * `liteQuery`) and the first read over REST (./firestore-rest.ts), so a query is written once. Values are
 * the app's plain ones (strings, numbers, booleans, Dates, arrays of them); `limit` is required: the
 * rules bound every list (architecture §4).
 */
export type FilterOp = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "array-contains";

export type QuerySpec = {
  collection: string;
  where: readonly (readonly [field: string, op: FilterOp, value: unknown])[];
  orderBy: readonly (readonly [field: string, direction: "asc" | "desc"])[];
  limit: number;
};

/** The same query as a stable string (the key a first read is found by). */
export const querySpecKey = (spec: QuerySpec): string => JSON.stringify(spec);
