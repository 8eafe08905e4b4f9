/** The emulator core: databases, clock, transactions, listeners and the commit pipeline. */

import { applyWrites, type CommitOutcome, type WriteOp } from "./commit.ts";
import { aborted, unimplemented } from "./errors.ts";
import { ListenRegistry } from "./listen.ts";
import type { Logger } from "./log.ts";
import type { DatabaseId } from "./paths.ts";
import { type Database, Store } from "./store.ts";
import { Clock, formatMicros, type Micros } from "./time.ts";
import { Transactions, type Tx } from "./transactions.ts";

export class Engine {
  readonly store = new Store();
  readonly clock = new Clock();
  readonly transactions = new Transactions();
  readonly listeners: ListenRegistry;

  constructor(readonly log: Logger) {
    this.listeners = new ListenRegistry();
  }

  db(id: DatabaseId): Database {
    return this.store.database(id);
  }

  /**
   * Commits writes atomically. With a transaction, first checks that everything it
   * read is unchanged (ABORTED otherwise) and then releases its locks.
   */
  commit(db: Database, ops: readonly WriteOp[], tx?: Tx): CommitOutcome {
    if (tx) {
      try {
        if (tx.readOnly && ops.length > 0) throw aborted("Cannot write in a read-only transaction.");
        this.transactions.validate(tx);
        return this.apply(db, ops);
      } finally {
        this.transactions.finish(tx);
      }
    }
    return this.apply(db, ops);
  }

  private apply(db: Database, ops: readonly WriteOp[]): CommitOutcome {
    const commitTime = this.clock.tick();
    const outcome = applyWrites(db, ops, commitTime);
    if (outcome.changes.length > 0) this.listeners.dispatch(db, outcome.changes, commitTime);
    return outcome;
  }

  /**
   * The time a read happens at. Past read times are served only when nothing changed since
   * (the emulator keeps the current state only).
   */
  readTime(db: Database, requested?: Micros): Micros {
    const now = this.clock.peek();
    if (requested === undefined) return now;
    if (requested > now) return now;
    if (requested < db.lastChange) {
      throw unimplemented(
        `reads at a past readTime (${formatMicros(requested)}, before the latest write at ${formatMicros(db.lastChange)}); only the current state is kept`,
      );
    }
    return requested;
  }

  /** Deletes every document of one database (or all) and resets listeners of those databases. */
  clear(id?: DatabaseId): void {
    const dbs = id ? [this.db(id)] : [...this.store.databases.values()];
    for (const db of dbs) {
      const changes = [...db.docs.values()].map((d) => ({ path: d.path, before: d, after: undefined }));
      for (const c of changes) db.delete(c.path);
      db.lastChange = this.clock.tick();
      if (changes.length > 0) this.listeners.dispatch(db, changes, db.lastChange);
    }
    if (!id) this.transactions.clear();
  }

  close(): void {
    this.transactions.close();
  }
}
