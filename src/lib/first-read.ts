import { type QuerySpec, querySpecKey } from "@/data/query-spec";
import { FIRST_READ_MAX_AGE_MS } from "@/domain/core/limits";

/**
 * A page's first reads before Firebase's SDK (architecture §7, docs/content-bench.md): on a page load
 * a route starts them over Firestore's REST API with the ID token this device kept, as soon as its gate
 * renders (./start-first-reads.ts, a chunk of its own); the page's read (./page-data.ts) takes the answer
 * when it asks for the same query (`takeFirstRead`), once, and reads through the SDK when there is none,
 * when the answer is a refusal or an error (e.g. a token revoked elsewhere), and from then on. This half
 * is only where the reads wait to be taken, small enough for every page's code.
 */

export type RestDocuments = Promise<{ id: string; data: Record<string, unknown> }[]>;

const started = new Map<string, { at: number; documents: RestDocuments }>();

/** Whether a read of `spec` started less than FIRST_READ_MAX_AGE_MS ago (then it is not started again). */
export function hasRecentFirstRead(spec: QuerySpec, now: number = Date.now()): boolean {
  const read = started.get(querySpecKey(spec));
  return read !== undefined && now - read.at <= FIRST_READ_MAX_AGE_MS;
}

/** Keeps a started read of `spec` for the page's read to take. */
export function keepFirstRead(spec: QuerySpec, documents: RestDocuments, now: number = Date.now()): void {
  started.set(querySpecKey(spec), { at: now, documents });
}

/** The documents of the first read started for `spec` (once, while recent), or undefined. */
export function takeFirstRead(spec: QuerySpec, now: number = Date.now()): RestDocuments | undefined {
  const key = querySpecKey(spec);
  const read = started.get(key);
  started.delete(key);
  return read && now - read.at <= FIRST_READ_MAX_AGE_MS ? read.documents : undefined;
}
