import { DocumentReference, Firestore, Query, Transaction, WriteBatch } from "firebase-admin/firestore";

/**
 * Firestore's bill, counted in this process: every query answer costs its documents (at least one read,
 * as Firestore bills an empty answer, and a streamed query the same), every document read one read
 * (get() and getAll(), in a transaction or not), every write in a batch, a transaction or a BulkWriter
 * one write. Installed once by patching firebase-admin's classes, so the functions' own code
 * is measured unchanged.
 */
export interface Counts {
  reads: number;
  writes: number;
  /** Round trips to Firestore: a query, a getAll, an aggregation, a commit. */
  calls: number;
}

export const counts: Counts = { reads: 0, writes: 0, calls: 0 };

let installed = false;

export function installCounting(): void {
  if (installed) return;
  installed = true;
  const queryGet = Query.prototype.get;
  Query.prototype.get = async function (this: Query, ...args: []) {
    const snapshot = await queryGet.apply(this, args);
    counts.reads += Math.max(1, snapshot.size);
    counts.calls += 1;
    return snapshot;
  } as typeof Query.prototype.get;
  // A document's get() is a getAll() of one (the SDK's DocumentReference.get): counted there, once.
  const refsIn = (args: unknown[]) => args.filter((arg) => arg instanceof DocumentReference).length;
  const getAll = Firestore.prototype.getAll;
  Firestore.prototype.getAll = async function (this: Firestore, ...args: Parameters<typeof getAll>) {
    counts.reads += refsIn(args);
    counts.calls += 1;
    return getAll.apply(this, args);
  } as typeof Firestore.prototype.getAll;
  const txGetAll = Transaction.prototype.getAll;
  Transaction.prototype.getAll = async function (this: Transaction, ...args: Parameters<typeof txGetAll>) {
    counts.reads += refsIn(args);
    return txGetAll.apply(this, args);
  } as typeof Transaction.prototype.getAll;
  // An aggregation (count()) is billed one read per batch of up to 1,000 index entries: at least one.
  // firebase-admin does not export AggregateQuery: its prototype is patched from the first count().
  const count = Query.prototype.count;
  let aggregatePatched = false;
  Query.prototype.count = function (this: Query) {
    const aggregate = count.apply(this);
    if (!aggregatePatched) {
      aggregatePatched = true;
      const prototype = Object.getPrototypeOf(aggregate) as { get: (this: unknown) => Promise<unknown> };
      const aggregateGet = prototype.get;
      prototype.get = function (this: unknown) {
        counts.reads += 1;
        counts.calls += 1;
        return aggregateGet.apply(this);
      };
    }
    return aggregate;
  } as typeof Query.prototype.count;
  // recursiveDelete finds a document's descendants by a streamed query (Query.get does not stream).
  const stream = Query.prototype.stream;
  Query.prototype.stream = function (this: Query) {
    const documents = stream.apply(this);
    let size = 0;
    documents.on("data", () => {
      size += 1;
    });
    documents.on("end", () => {
      counts.reads += Math.max(1, size);
    });
    return documents;
  } as typeof Query.prototype.stream;
  const txGet = Transaction.prototype.get;
  Transaction.prototype.get = async function (this: Transaction, ...args: Parameters<typeof txGet>) {
    const result = await (txGet as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    const size = (result as { size?: number }).size;
    counts.reads += typeof size === "number" ? Math.max(1, size) : 1;
    return result;
  } as typeof Transaction.prototype.get;
  // Every write goes through a WriteBatch: DocumentReference.set/update/… and a transaction's writes
  // build one internally, so counting here counts each write once.
  for (const method of ["set", "update", "delete", "create"] as const) {
    const original = WriteBatch.prototype[method] as (...a: unknown[]) => unknown;
    (WriteBatch.prototype as unknown as Record<string, unknown>)[method] = function (
      this: unknown,
      ...args: unknown[]
    ) {
      counts.writes += 1;
      return original.apply(this, args);
    };
  }
  // A batch's commit is one round trip (a transaction's commit too: it is a WriteBatch inside).
  const commit = WriteBatch.prototype.commit;
  WriteBatch.prototype.commit = function (this: WriteBatch) {
    counts.calls += 1;
    return commit.apply(this);
  } as typeof WriteBatch.prototype.commit;
}

/** Counts and wall time of `work`. */
export async function measure<T>(
  work: () => Promise<T>,
): Promise<{ result: T; reads: number; writes: number; calls: number; ms: number }> {
  const before = { ...counts };
  const started = performance.now();
  const result = await work();
  return {
    result,
    reads: counts.reads - before.reads,
    writes: counts.writes - before.writes,
    calls: counts.calls - before.calls,
    ms: performance.now() - started,
  };
}
