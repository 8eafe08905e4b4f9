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
/**
 * The queries the page has already asked for, with or without a first read: each is read early at most
 * once per page load. A first read started after the page's own read (its code came first) would
 * otherwise wait in `started` and hand a later read, the one the user's news asks for, its older answer.
 */
const asked = new Set<string>();

/** Whether a first read of `spec` may start: the page has not asked for it yet, and none is on its way. */
export function mayStartFirstRead(spec: QuerySpec, now: number = Date.now()): boolean {
  const key = querySpecKey(spec);
  const read = started.get(key);
  return !asked.has(key) && !(read !== undefined && now - read.at <= FIRST_READ_MAX_AGE_MS);
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
  asked.add(key);
  return read && now - read.at <= FIRST_READ_MAX_AGE_MS ? read.documents : undefined;
}
