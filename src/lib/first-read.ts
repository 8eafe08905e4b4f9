import type { RestDocument, RestTypedDocument } from "@/data/firestore-rest";
import { type DocumentPath, type QuerySpec, querySpecKey } from "@/data/query-spec";
import { FIRST_READ_MAX_AGE_MS } from "@/domain/core/limits";

/**
 * A page's first reads before Firebase's SDK (architecture §7, docs/content-bench.md): on a page load
 * a route starts them over Firestore's REST API with the ID token this device kept, as soon as its gate
 * renders (./start-first-reads.ts, a chunk of its own); the page's read takes the answer when it asks
 * for the same query or document (`readFirstOr`), once, and reads through the SDK when there is none,
 * when the answer is a refusal or an error (e.g. a token revoked elsewhere), and from then on. This half
 * is only where the reads wait to be taken, small enough for every page's code.
 */

export type RestDocuments = Promise<RestDocument[]>;

/** A query whose reader wants its documents' fields typed (a feed's cursor: times to the nanosecond). */
export type TypedQuery = { typed: QuerySpec };

/** What a first read reads: a query's documents (plain or typed), or one document by its path. */
export type FirstReadTarget = QuerySpec | TypedQuery | DocumentPath;

const keyOf = (target: FirstReadTarget): string =>
  "document" in target
    ? `document:${target.document}`
    : "typed" in target
      ? `typed:${querySpecKey(target.typed)}`
      : querySpecKey(target);

const started = new Map<string, { at: number; answer: Promise<unknown> }>();
/**
 * The reads the page has already asked for, with or without a first read: each is read early at most
 * once per page load. A first read started after the page's own read (its code came first) would
 * otherwise wait in `started` and hand a later read, the one the user's news asks for, its older answer.
 */
const asked = new Set<string>();

/** Whether a first read of `target` may start: the page has not asked for it yet, and none is on its way. */
export function mayStartFirstRead(target: FirstReadTarget, now: number = Date.now()): boolean {
  const key = keyOf(target);
  const read = started.get(key);
  return !asked.has(key) && !(read !== undefined && now - read.at <= FIRST_READ_MAX_AGE_MS);
}

/** Keeps a started read of a query for the page's read to take. */
export function keepFirstRead(spec: QuerySpec, documents: RestDocuments, now?: number): void;
/** Keeps a started read of a document (null: it does not exist) for the page's read to take. */
export function keepFirstRead(path: DocumentPath, document: Promise<RestDocument | null>, now?: number): void;
/** Keeps a started read of a query, its fields typed, for the page's read to take. */
export function keepFirstRead(query: TypedQuery, documents: Promise<RestTypedDocument[]>, now?: number): void;
export function keepFirstRead(
  target: FirstReadTarget,
  answer: Promise<unknown>,
  now: number = Date.now(),
): void {
  started.set(keyOf(target), { at: now, answer });
}

function take(target: FirstReadTarget, now: number): Promise<unknown> | undefined {
  const key = keyOf(target);
  const read = started.get(key);
  started.delete(key);
  asked.add(key);
  return read && now - read.at <= FIRST_READ_MAX_AGE_MS ? read.answer : undefined;
}

/** The documents of the first read started for `spec` (once, while recent), or undefined. */
export function takeFirstRead(spec: QuerySpec, now: number = Date.now()): RestDocuments | undefined {
  return take(spec, now) as RestDocuments | undefined;
}

/** The typed documents of the first read started for `spec` (once, while recent), or undefined. */
export function takeTypedFirstRead(
  spec: QuerySpec,
  now: number = Date.now(),
): Promise<RestTypedDocument[]> | undefined {
  return take({ typed: spec }, now) as Promise<RestTypedDocument[]> | undefined;
}

/**
 * A read's first form, and how its answer becomes the read's value (the data module's parser): one
 * query, several queries read together (a list merged from two), or one document (null: missing).
 */
export type FirstRead<T> =
  | { query: QuerySpec; parse: (documents: RestDocument[]) => Promise<T> }
  | { queries: readonly QuerySpec[]; parse: (answers: RestDocument[][]) => Promise<T> }
  | { document: DocumentPath; parse: (document: RestDocument | null) => Promise<T> };

/** The first read of one query. */
export const firstQuery = <T>(
  query: QuerySpec,
  parse: (documents: RestDocument[]) => Promise<T>,
): FirstRead<T> => ({
  query,
  parse,
});

/** The first read of several queries, read together (e.g. a list merged from two). */
export const firstQueries = <T>(
  queries: readonly QuerySpec[],
  parse: (answers: RestDocument[][]) => Promise<T>,
): FirstRead<T> => ({ queries, parse });

/** The first read of one document (null: it does not exist). */
export const firstDocument = <T>(
  document: DocumentPath,
  parse: (document: RestDocument | null) => Promise<T>,
): FirstRead<T> => ({ document, parse });

/** The first read's value when the route started every part of it (each taken once), else undefined. */
function takeFirst<T>(first: FirstRead<T>, now: number): Promise<T> | undefined {
  if ("query" in first) return takeFirstRead(first.query, now)?.then(first.parse);
  if ("queries" in first) {
    const answers = first.queries.map((spec) => takeFirstRead(spec, now));
    if (answers.some((answer) => answer === undefined)) return undefined;
    return Promise.all(answers).then((documents) => first.parse(documents as RestDocument[][]));
  }
  const document = take(first.document, now) as Promise<RestDocument | null> | undefined;
  return document?.then(first.parse);
}

/**
 * The one way a read takes its first read: the route's answer when it started one (parsed by `first`),
 * else, and when that answer is a refusal or an error, `read` (the data module's read through the SDK).
 */
export function readFirstOr<T>(first: FirstRead<T> | undefined, read: () => Promise<T>): Promise<T> {
  const early = first && takeFirst(first, Date.now());
  return early ? early.catch(() => read()) : read();
}
