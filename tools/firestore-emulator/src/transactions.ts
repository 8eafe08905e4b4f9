/**
 * Transactions. Read-write transactions take exclusive locks on the documents they read
 * (wound-wait: an older transaction aborts a younger holder, a younger one waits), and
 * are validated optimistically at commit (every document read must still be at the version
 * read, every query must still return the same result), so no update is ever lost.
 */
import { randomBytes } from "node:crypto";
import { aborted, invalidArgument } from "./errors.ts";
import type { Database } from "./store.ts";
import type { Micros } from "./time.ts";

export interface Tx {
  readonly id: string;
  readonly db: Database;
  readonly readOnly: boolean;
  readonly readTime: Micros | undefined;
  readonly priority: number;
  /** path → updateTime seen (0 = missing). */
  readonly reads: Map<string, Micros>;
  readonly queries: Array<{ run: () => string; signature: string; what: string }>;
  readonly locks: Set<string>;
  state: "active" | "aborted" | "done";
  abortReason: string;
  lastUsed: number;
}

interface Waiter {
  readonly tx: Tx;
  readonly resolve: () => void;
  readonly reject: (err: Error) => void;
  readonly timer: NodeJS.Timeout;
}

interface Lock {
  holder: Tx;
  readonly queue: Waiter[];
}

export interface TransactionOptions {
  readonly idleTimeoutMs?: number;
  readonly lockWaitTimeoutMs?: number;
  readonly holderStallMs?: number;
}

export class Transactions {
  private readonly active = new Map<string, Tx>();
  /** Priorities of finished transactions, so a retry keeps its age (bounded). */
  private readonly pastPriority = new Map<string, number>();
  private readonly locks = new Map<string, Lock>();
  private nextPriority = 1;
  private readonly sweeper: NodeJS.Timeout;
  private readonly idleTimeoutMs: number;
  private readonly lockWaitTimeoutMs: number;
  private readonly holderStallMs: number;

  constructor(opts: TransactionOptions = {}) {
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
    this.lockWaitTimeoutMs = opts.lockWaitTimeoutMs ?? 30_000;
    this.holderStallMs = opts.holderStallMs ?? 10_000;
    this.sweeper = setInterval(() => this.sweep(), 2_000);
    this.sweeper.unref();
  }

  get size(): number {
    return this.active.size;
  }

  begin(db: Database, readOnly: boolean, readTime: Micros | undefined, retryOf?: string): Tx {
    const id = randomBytes(12).toString("base64");
    const prior = retryOf
      ? (this.active.get(retryOf)?.priority ?? this.pastPriority.get(retryOf))
      : undefined;
    if (retryOf) this.abort(retryOf, "retried");
    const tx: Tx = {
      id,
      db,
      readOnly,
      readTime,
      priority: prior ?? this.nextPriority++,
      reads: new Map(),
      queries: [],
      locks: new Set(),
      state: "active",
      abortReason: "",
      lastUsed: Date.now(),
    };
    this.active.set(id, tx);
    return tx;
  }

  /** Looks up an active transaction of `db`; throws if unknown, expired or aborted. */
  get(db: Database, id: string): Tx {
    const tx = this.active.get(id);
    if (!tx || tx.db !== db) {
      if (this.pastPriority.has(id))
        throw aborted(
          `Transaction ${id} is no longer active (it was committed, rolled back, aborted or expired).`,
        );
      throw invalidArgument(`Transaction ${id} is invalid or has expired.`);
    }
    if (tx.state === "aborted") throw aborted(`Transaction aborted: ${tx.abortReason}. Please retry.`);
    tx.lastUsed = Date.now();
    return tx;
  }

  /** Acquires exclusive locks on `paths` (in a stable order). */
  async lockAll(tx: Tx, paths: readonly string[]): Promise<void> {
    if (tx.readOnly) return;
    for (const p of [...new Set(paths)].sort()) await this.lock(tx, `${tx.db.name}|${p}`);
  }

  private lock(tx: Tx, key: string): Promise<void> {
    if (tx.state !== "active")
      return Promise.reject(aborted(`Transaction aborted: ${tx.abortReason}. Please retry.`));
    const lock = this.locks.get(key);
    if (!lock) {
      this.locks.set(key, { holder: tx, queue: [] });
      tx.locks.add(key);
      return Promise.resolve();
    }
    if (lock.holder === tx) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = lock.queue.findIndex((w) => w.tx === tx);
        if (i >= 0) lock.queue.splice(i, 1);
        reject(
          aborted(
            "Transaction aborted: timed out waiting for a lock held by another transaction. Please retry.",
          ),
        );
      }, this.lockWaitTimeoutMs);
      timer.unref();
      lock.queue.push({ tx, resolve, reject, timer });
      // Wound-wait: an older transaction aborts a younger holder.
      if (tx.priority < lock.holder.priority) {
        this.abortTx(lock.holder, "a conflicting older transaction needed the same document");
      }
    });
  }

  private release(key: string): void {
    const lock = this.locks.get(key);
    if (!lock) return;
    // Grant to the oldest live waiter.
    while (lock.queue.length > 0) {
      let best = 0;
      for (let i = 1; i < lock.queue.length; i++) {
        if ((lock.queue[i] as Waiter).tx.priority < (lock.queue[best] as Waiter).tx.priority) best = i;
      }
      const [w] = lock.queue.splice(best, 1) as [Waiter];
      clearTimeout(w.timer);
      if (w.tx.state !== "active") {
        w.reject(aborted(`Transaction aborted: ${w.tx.abortReason}. Please retry.`));
        continue;
      }
      lock.holder = w.tx;
      w.tx.locks.add(key);
      w.tx.lastUsed = Date.now();
      w.resolve();
      return;
    }
    this.locks.delete(key);
  }

  private releaseAll(tx: Tx): void {
    const keys = [...tx.locks];
    tx.locks.clear();
    for (const key of keys) this.release(key);
    // Reject any waits of this transaction.
    for (const lock of this.locks.values()) {
      for (let i = lock.queue.length - 1; i >= 0; i--) {
        const w = lock.queue[i] as Waiter;
        if (w.tx === tx) {
          lock.queue.splice(i, 1);
          clearTimeout(w.timer);
          w.reject(aborted(`Transaction aborted: ${tx.abortReason || "finished"}. Please retry.`));
        }
      }
    }
  }

  private remember(tx: Tx): void {
    this.active.delete(tx.id);
    this.pastPriority.set(tx.id, tx.priority);
    if (this.pastPriority.size > 10_000) {
      const first = this.pastPriority.keys().next().value;
      if (first !== undefined) this.pastPriority.delete(first);
    }
  }

  private abortTx(tx: Tx, reason: string): void {
    if (tx.state !== "active") return;
    tx.state = "aborted";
    tx.abortReason = reason;
    this.releaseAll(tx);
  }

  /** Aborts by id (rollback, retry); unknown ids are ignored. */
  abort(id: string, reason: string): void {
    const tx = this.active.get(id);
    if (!tx) return;
    this.abortTx(tx, reason);
    this.remember(tx);
  }

  recordRead(tx: Tx, path: string, version: Micros | undefined): void {
    if (tx.readOnly) return;
    if (!tx.reads.has(path)) tx.reads.set(path, version ?? 0);
  }

  recordQuery(tx: Tx, what: string, run: () => string): void {
    if (tx.readOnly) return;
    tx.queries.push({ run, signature: run(), what });
  }

  /** Checks that everything the transaction read is unchanged; throws ABORTED otherwise. */
  validate(tx: Tx): void {
    if (tx.state === "aborted") throw aborted(`Transaction aborted: ${tx.abortReason}. Please retry.`);
    for (const [path, version] of tx.reads) {
      const now = tx.db.get(path)?.updateTime ?? 0;
      if (now !== version) {
        throw aborted(`Transaction aborted: ${path} changed after the transaction read it. Please retry.`);
      }
    }
    for (const q of tx.queries) {
      if (q.run() !== q.signature) {
        throw aborted(
          `Transaction aborted: the result of ${q.what} changed after the transaction read it. Please retry.`,
        );
      }
    }
  }

  /** Ends a transaction (after commit or failed commit), releasing its locks. */
  finish(tx: Tx): void {
    if (tx.state === "active") tx.state = "done";
    this.releaseAll(tx);
    this.remember(tx);
  }

  private sweep(): void {
    const now = Date.now();
    for (const tx of [...this.active.values()]) {
      if (now - tx.lastUsed > this.idleTimeoutMs) {
        this.abortTx(tx, "the transaction expired after being idle");
        this.remember(tx);
      }
    }
    // A holder that stalls while others wait is aborted (a client that went away).
    for (const lock of [...this.locks.values()]) {
      if (lock.queue.length > 0 && now - lock.holder.lastUsed > this.holderStallMs) {
        const tx = lock.holder;
        this.abortTx(tx, "the transaction held a lock without progress while others waited");
      }
    }
  }

  clear(): void {
    for (const tx of [...this.active.values()]) {
      this.abortTx(tx, "the emulator data was cleared");
      this.remember(tx);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    this.clear();
  }
}
