/** firebase-admin transactions over REST: lazy begin, locks, optimistic checks, retries, rollback. */

import { FieldValue, type Firestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FirestoreEmulator } from "../../src/index.ts";
import { type AdminHandle, connectAdmin } from "../support/admin.ts";
import { startTestServer } from "../support/server.ts";

let emu: FirestoreEmulator;
let admin: AdminHandle;
let db: Firestore;

beforeAll(async () => {
  emu = await startTestServer();
  admin = connectAdmin(emu.port);
  db = admin.db;
});

afterAll(async () => {
  await admin?.close();
  await emu?.stop();
});

beforeEach(async () => {
  await fetch(`${emu.url}/emulator/v1/projects/${admin.projectId}/databases/(default)/documents`, {
    method: "DELETE",
  });
});

const base = () => `${emu.url}/v1/projects/${admin.projectId}/databases/(default)/documents`;
const docName = (p: string) => `projects/${admin.projectId}/databases/(default)/documents/${p}`;

async function rest(verb: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${base()}:${verb}`, { method: "POST", body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

describe("runTransaction", () => {
  it("20 concurrent read-modify-write transactions on one document give 20", async () => {
    const ref = db.doc("counters/c");
    await ref.set({ n: 0 });
    let attempts = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.runTransaction(async (tx) => {
          attempts++;
          const snap = await tx.get(ref);
          tx.update(ref, { n: (snap.get("n") as number) + 1 });
        }),
      ),
    );
    expect((await ref.get()).get("n")).toBe(20);
    expect(attempts).toBeGreaterThanOrEqual(20);
  });

  it("concurrent transactions across two documents (transfer) keep the total", async () => {
    await db.doc("acct/a").set({ v: 100 });
    await db.doc("acct/b").set({ v: 100 });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.runTransaction(async (tx) => {
          const [from, to] =
            i % 2 === 0 ? [db.doc("acct/a"), db.doc("acct/b")] : [db.doc("acct/b"), db.doc("acct/a")];
          const [f, t] = await tx.getAll(from, to);
          tx.update(from, { v: (f?.get("v") as number) - 1 });
          tx.update(to, { v: (t?.get("v") as number) + 1 });
        }),
      ),
    );
    const [a, b] = await db.getAll(db.doc("acct/a"), db.doc("acct/b"));
    expect((a?.get("v") as number) + (b?.get("v") as number)).toBe(200);
    expect(a?.get("v")).toBe(100);
  });

  it("a transaction whose read was changed by a plain write is retried and sees the new value", async () => {
    const ref = db.doc("counters/r");
    await ref.set({ n: 0 });
    let attempt = 0;
    await db.runTransaction(async (tx) => {
      attempt++;
      const snap = await tx.get(ref);
      if (attempt === 1) await ref.set({ n: 100 }); // outside the transaction
      tx.update(ref, { n: (snap.get("n") as number) + 1 });
    });
    expect(attempt).toBe(2);
    expect((await ref.get()).get("n")).toBe(101);
  });

  it("queries inside transactions are validated too", async () => {
    await db.doc("q/a").set({ open: true });
    let attempt = 0;
    await db.runTransaction(async (tx) => {
      attempt++;
      const snap = await tx.get(db.collection("q").where("open", "==", true));
      if (attempt === 1) await db.doc("q/b").set({ open: true });
      tx.set(db.doc("q/summary"), { count: snap.size });
    });
    expect(attempt).toBe(2);
    expect((await db.doc("q/summary").get()).get("count")).toBe(2);
  });

  it("aggregations inside transactions", async () => {
    await db.doc("agg/a").set({ v: 1 });
    await db.runTransaction(async (tx) => {
      const c = await tx.get(db.collection("agg").count());
      tx.set(db.doc("agg/count"), { n: c.data().count });
    });
    expect((await db.doc("agg/count").get()).get("n")).toBe(1);
  });

  it("a failing update function rolls back and releases locks", async () => {
    const ref = db.doc("counters/x");
    await ref.set({ n: 1 });
    await expect(
      db.runTransaction(async (tx) => {
        await tx.get(ref);
        tx.update(ref, { n: 2 });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await ref.get()).get("n")).toBe(1);
    // Not blocked by a leftover lock.
    await db.runTransaction(async (tx) => {
      const s = await tx.get(ref);
      tx.update(ref, { n: (s.get("n") as number) + 1 });
    });
    expect((await ref.get()).get("n")).toBe(2);
  });

  it("read-only transactions", async () => {
    await db.doc("ro/a").set({ v: 1 });
    const v = await db.runTransaction(async (tx) => (await tx.get(db.doc("ro/a"))).get("v"), {
      readOnly: true,
    });
    expect(v).toBe(1);
  });

  it("transforms inside a transaction", async () => {
    const ref = db.doc("counters/t");
    await db.runTransaction(async (tx) => {
      await tx.get(ref);
      tx.set(ref, { n: FieldValue.increment(3), at: FieldValue.serverTimestamp() });
    });
    expect((await ref.get()).get("n")).toBe(3);
  });
});

describe("beginTransaction / commit / rollback over REST", () => {
  it("begin → batchGet(transaction) → commit", async () => {
    await db.doc("raw/a").set({ n: 1 });
    const begin = await rest("beginTransaction", { options: { readWrite: {} } });
    expect(begin.status).toBe(200);
    const txId = (begin.json as { transaction: string }).transaction;
    expect(typeof txId).toBe("string");
    const got = await rest("batchGet", { documents: [docName("raw/a")], transaction: txId });
    expect((got.json as Array<{ found?: unknown }>)[0]?.found).toBeTruthy();
    const commit = await rest("commit", {
      transaction: txId,
      writes: [{ update: { name: docName("raw/a"), fields: { n: { integerValue: "2" } } } }],
    });
    expect(commit.status).toBe(200);
    expect((await db.doc("raw/a").get()).get("n")).toBe(2);
    // The transaction is over.
    const again = await rest("commit", { transaction: txId, writes: [] });
    expect(again.status).toBe(409);
  });

  it("rollback releases the lock for the next transaction", async () => {
    await db.doc("raw/b").set({ n: 1 });
    const t1 = ((await rest("beginTransaction", {})).json as { transaction: string }).transaction;
    await rest("batchGet", { documents: [docName("raw/b")], transaction: t1 });
    expect((await rest("rollback", { transaction: t1 })).status).toBe(200);
    const t2 = ((await rest("beginTransaction", {})).json as { transaction: string }).transaction;
    const started = Date.now();
    await rest("batchGet", { documents: [docName("raw/b")], transaction: t2 });
    expect(Date.now() - started).toBeLessThan(1000);
    const commit = await rest("commit", { transaction: t2, writes: [] });
    expect(commit.status).toBe(200);
  });

  it("browser-style optimistic transactions: updateTime preconditions and verify", async () => {
    await db.doc("raw/c").set({ n: 1 });
    const got = (await rest("batchGet", { documents: [docName("raw/c"), docName("raw/none")] }))
      .json as Array<{
      found?: { updateTime: string };
    }>;
    const updateTime = got[0]?.found?.updateTime as string;
    const ok = await rest("commit", {
      writes: [
        {
          update: { name: docName("raw/c"), fields: { n: { integerValue: "2" } } },
          currentDocument: { updateTime },
        },
        { verify: docName("raw/none"), currentDocument: { exists: false } },
      ],
    });
    expect(ok.status).toBe(200);
    const stale = await rest("commit", {
      writes: [
        {
          update: { name: docName("raw/c"), fields: { n: { integerValue: "3" } } },
          currentDocument: { updateTime },
        },
      ],
    });
    expect(stale.status).toBe(400);
    expect((stale.json as { error: { status: string } }).error.status).toBe("FAILED_PRECONDITION");
  });

  it("unknown transactions are rejected", async () => {
    const res = await rest("batchGet", { documents: [docName("raw/a")], transaction: "bm9wZQ==" });
    expect(res.status).toBe(400);
    expect((res.json as { error: { message: string } }).error.message).toMatch(/invalid or has expired/);
  });
});
