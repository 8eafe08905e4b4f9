import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseWrite } from "../../src/commit.ts";
import type { Engine } from "../../src/engine.ts";
import { FirestoreError } from "../../src/errors.ts";
import type { Database } from "../../src/store.ts";
import { Transactions } from "../../src/transactions.ts";
import { DB, fieldsJson, newEngine, ROOT, setDoc } from "./helpers.ts";

let engine: Engine;
let db: Database;
let txs: Transactions;

beforeEach(() => {
  ({ engine, db } = newEngine());
  txs = new Transactions({ lockWaitTimeoutMs: 300, holderStallMs: 60_000 });
  setDoc(engine, db, "c/a", { n: 0 });
});
afterEach(() => {
  txs.close();
  engine.close();
});

const setN = (n: number) => [parseWrite(DB, { update: { name: `${ROOT}/c/a`, fields: fieldsJson({ n }) } })];

describe("transactions", () => {
  it("serialises read-modify-write: the second reader waits for the first to commit", async () => {
    const t1 = txs.begin(db, false, undefined);
    const t2 = txs.begin(db, false, undefined);
    await txs.lockAll(t1, ["c/a"]);
    txs.recordRead(t1, "c/a", db.get("c/a")?.updateTime);
    let t2Locked = false;
    const p2 = txs.lockAll(t2, ["c/a"]).then(() => {
      t2Locked = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(t2Locked).toBe(false);
    txs.validate(t1);
    engine.commit(db, setN(1));
    txs.finish(t1);
    await p2;
    expect(t2Locked).toBe(true);
  });

  it("aborts at commit when a document read has changed since", () => {
    const t1 = txs.begin(db, false, undefined);
    txs.recordRead(t1, "c/a", db.get("c/a")?.updateTime);
    engine.commit(db, setN(5));
    expect(() => txs.validate(t1)).toThrow(FirestoreError);
    try {
      txs.validate(t1);
    } catch (e) {
      expect((e as FirestoreError).status).toBe("ABORTED");
    }
  });

  it("aborts when a document read as missing now exists", () => {
    const t1 = txs.begin(db, false, undefined);
    txs.recordRead(t1, "c/missing", undefined);
    setDoc(engine, db, "c/missing", {});
    expect(() => txs.validate(t1)).toThrow(/changed after the transaction read it/);
  });

  it("wound-wait: an older transaction aborts a younger lock holder", async () => {
    const older = txs.begin(db, false, undefined);
    const younger = txs.begin(db, false, undefined);
    await txs.lockAll(younger, ["c/a"]);
    await txs.lockAll(older, ["c/a"]);
    expect(younger.state).toBe("aborted");
    expect(() => txs.get(db, younger.id)).toThrow(/aborted/);
  });

  it("a retry keeps its age (priority)", () => {
    const t1 = txs.begin(db, false, undefined);
    const later = txs.begin(db, false, undefined);
    const retry = txs.begin(db, false, undefined, t1.id);
    expect(retry.priority).toBe(t1.priority);
    expect(retry.priority).toBeLessThan(later.priority);
  });

  it("lock waits time out with ABORTED", async () => {
    const t1 = txs.begin(db, false, undefined);
    const t2 = txs.begin(db, false, undefined);
    await txs.lockAll(t1, ["c/a"]);
    await expect(txs.lockAll(t2, ["c/a"])).rejects.toThrow(/timed out waiting for a lock/);
  });

  it("unknown and finished transactions are rejected", () => {
    expect(() => txs.get(db, "bm9wZQ==")).toThrow(/invalid or has expired/);
    const t1 = txs.begin(db, false, undefined);
    txs.finish(t1);
    expect(() => txs.get(db, t1.id)).toThrow(/no longer active/);
  });
});
