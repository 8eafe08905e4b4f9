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
}

export const counts: Counts = { reads: 0, writes: 0 };

let installed = false;

export function installCounting(): void {
  if (installed) return;
  installed = true;
  const queryGet = Query.prototype.get;
  Query.prototype.get = async function (this: Query, ...args: []) {
    const snapshot = await queryGet.apply(this, args);
    counts.reads += Math.max(1, snapshot.size);
    return snapshot;
  } as typeof Query.prototype.get;
  // A document's get() is a getAll() of one (the SDK's DocumentReference.get): counted there, once.
  const refsIn = (args: unknown[]) => args.filter((arg) => arg instanceof DocumentReference).length;
  const getAll = Firestore.prototype.getAll;
  Firestore.prototype.getAll = async function (this: Firestore, ...args: Parameters<typeof getAll>) {
    counts.reads += refsIn(args);
    return getAll.apply(this, args);
  } as typeof Firestore.prototype.getAll;
  const txGetAll = Transaction.prototype.getAll;
  Transaction.prototype.getAll = async function (this: Transaction, ...args: Parameters<typeof txGetAll>) {
    counts.reads += refsIn(args);
    return txGetAll.apply(this, args);
  } as typeof Transaction.prototype.getAll;
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
}

/** Counts and wall time of `work`. */
export async function measure<T>(
  work: () => Promise<T>,
): Promise<{ result: T; reads: number; writes: number; ms: number }> {
  const before = { ...counts };
  const started = performance.now();
  const result = await work();
  return {
    result,
    reads: counts.reads - before.reads,
    writes: counts.writes - before.writes,
    ms: performance.now() - started,
  };
}
