/**
 * The firebase browser build (WebChannel Listen/Write + REST) run in Node through an XHR shim:
 * a quick, browser-free check of the exact protocol the app uses. The Chromium suite lives in
 * test/conformance/browser/.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import type { Firestore } from "firebase/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirestoreEmulator } from "../../src/index.ts";
import { startTestServer } from "../support/server.ts";
import { loadWebFirestore, type WebFirestoreModule } from "../support/web-sdk.ts";

let fs: WebFirestoreModule;
let emu: FirestoreEmulator;
const apps: FirebaseApp[] = [];
const dir = mkdtempSync(join(tmpdir(), "vicino-fs-web-"));
const snapshotPath = join(dir, "restart.json");
const projectId = `demo-web-${Date.now().toString(36)}`;

function client(name: string, settings: Record<string, unknown> = {}): Firestore {
  const app = initializeApp(
    { projectId, apiKey: "fake-key", appId: "1:1:web:1" },
    `${name}-${Math.random()}`,
  );
  apps.push(app);
  const db = fs.initializeFirestore(app, settings);
  fs.connectFirestoreEmulator(db, "127.0.0.1", emu.port);
  return db;
}

async function waitFor(pred: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  fs = await loadWebFirestore();
  fs.setLogLevel("silent");
  emu = await startTestServer({ snapshotPath });
});

afterAll(async () => {
  for (const app of apps) await deleteApp(app).catch(() => {});
  await emu?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("two users through the browser SDK", () => {
  it("a chat subcollection written by one user is seen live by the other", async () => {
    const alice = client("alice");
    const bob = client("bob");
    const seen: string[][] = [];
    const unsub = fs.onSnapshot(
      fs.query(fs.collection(alice, "rooms/r1/messages"), fs.orderBy("at")),
      (s) => {
        if (!s.metadata.hasPendingWrites) seen.push(s.docs.map((d) => d.get("text") as string));
      },
    );
    await fs.addDoc(fs.collection(bob, "rooms/r1/messages"), {
      text: "ciao",
      at: fs.serverTimestamp(),
      by: "bob",
    });
    await fs.addDoc(fs.collection(bob, "rooms/r1/messages"), {
      text: "come va?",
      at: fs.serverTimestamp(),
      by: "bob",
    });
    await waitFor(() => seen.some((s) => s.length === 2), "both messages");
    expect(seen[seen.length - 1]).toEqual(["ciao", "come va?"]);
    unsub();
  });

  it("query listeners get added, modified and removed changes", async () => {
    const a = client("a");
    const b = client("b");
    const changes: string[] = [];
    const unsub = fs.onSnapshot(fs.query(fs.collection(a, "offers"), fs.where("open", "==", true)), (s) => {
      for (const c of s.docChanges()) changes.push(`${c.type}:${c.doc.id}`);
    });
    await fs.setDoc(fs.doc(b, "offers/o1"), { open: true, price: 10 });
    await waitFor(() => changes.includes("added:o1"), "added");
    await fs.updateDoc(fs.doc(b, "offers/o1"), { price: fs.increment(5), tags: fs.arrayUnion("sale") });
    await waitFor(() => changes.includes("modified:o1"), "modified");
    await fs.updateDoc(fs.doc(b, "offers/o1"), { open: false });
    await waitFor(() => changes.includes("removed:o1"), "removed");
    unsub();
    const final = await fs.getDoc(fs.doc(a, "offers/o1"));
    expect(final.data()).toMatchObject({ open: false, price: 15, tags: ["sale"] });
  });

  it("limit queries re-fill when a document leaves", async () => {
    const a = client("a");
    const b = client("b");
    for (const [id, n] of [
      ["x1", 1],
      ["x2", 2],
      ["x3", 3],
    ] as const)
      await fs.setDoc(fs.doc(b, `top/${id}`), { n });
    let last: string[] = [];
    const unsub = fs.onSnapshot(fs.query(fs.collection(a, "top"), fs.orderBy("n"), fs.limit(2)), (s) => {
      if (!s.metadata.fromCache) last = s.docs.map((d) => d.id);
    });
    await waitFor(() => last.join() === "x1,x2", "initial");
    await fs.deleteDoc(fs.doc(b, "top/x1"));
    await waitFor(() => last.join() === "x2,x3", "refill");
    unsub();
  });

  it("document listeners, getDoc, getDocs, batches, deletes", async () => {
    const a = client("a");
    const b = client("b");
    const states: Array<unknown> = [];
    const unsub = fs.onSnapshot(fs.doc(a, "profiles/p"), (s) =>
      states.push(s.exists() ? s.get("name") : null),
    );
    await waitFor(() => states.length > 0, "first state");
    const batch = fs.writeBatch(b);
    batch.set(fs.doc(b, "profiles/p"), { name: "Giulia" });
    batch.set(fs.doc(b, "profiles/q"), { name: "Marco" });
    await batch.commit();
    await waitFor(() => states.includes("Giulia"), "created");
    await fs.deleteDoc(fs.doc(b, "profiles/p"));
    await waitFor(() => states[states.length - 1] === null, "deleted");
    unsub();
    const all = await fs.getDocs(fs.collection(a, "profiles"));
    expect(all.docs.map((d) => d.id)).toEqual(["q"]);
    await expect(fs.updateDoc(fs.doc(b, "profiles/none"), { x: 1 })).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("transactions (REST batchGet + commit with preconditions) under contention", async () => {
    const a = client("a");
    const b = client("b");
    await fs.setDoc(fs.doc(a, "counters/c"), { n: 0 });
    const inc = (db: Firestore) =>
      fs.runTransaction(db, async (tx) => {
        const s = await tx.get(fs.doc(db, "counters/c"));
        tx.update(fs.doc(db, "counters/c"), { n: (s.get("n") as number) + 1 });
      });
    await Promise.all([inc(a), inc(b), inc(a), inc(b)]);
    expect((await fs.getDoc(fs.doc(a, "counters/c"))).get("n")).toBe(4);
  });

  it("aggregations over REST", async () => {
    const a = client("a");
    for (let i = 1; i <= 4; i++) await fs.setDoc(fs.doc(a, `scores/s${i}`), { v: i, even: i % 2 === 0 });
    const agg = await fs.getAggregateFromServer(
      fs.query(fs.collection(a, "scores"), fs.where("even", "==", true)),
      {
        n: fs.count(),
        total: fs.sum("v"),
        mean: fs.average("v"),
      },
    );
    expect(agg.data()).toEqual({ n: 2, total: 6, mean: 3 });
  });

  it("works with long polling (experimentalForceLongPolling)", async () => {
    const a = client("lp", { experimentalForceLongPolling: true });
    const b = client("b");
    let value: unknown;
    const unsub = fs.onSnapshot(fs.doc(a, "lp/doc"), (s) => {
      value = s.get("v");
    });
    await fs.setDoc(fs.doc(b, "lp/doc"), { v: 1 });
    await waitFor(() => value === 1, "long-poll update 1");
    await fs.setDoc(fs.doc(a, "lp/doc"), { v: 2 });
    await fs.setDoc(fs.doc(b, "lp/doc"), { v: 3 });
    await waitFor(() => value === 3, "long-poll update 3");
    unsub();
  });
});

describe("server restart mid-session", () => {
  it("clients recover after Unknown SID and keep listening and writing", async () => {
    const a = client("a");
    const b = client("b");
    let texts: string[] = [];
    const unsub = fs.onSnapshot(fs.query(fs.collection(a, "restart"), fs.orderBy("n")), (s) => {
      texts = s.docs.map((d) => d.get("t") as string);
    });
    await fs.setDoc(fs.doc(b, "restart/1"), { n: 1, t: "before" });
    await waitFor(() => texts.join() === "before", "before restart");

    const port = emu.port;
    await emu.stop();
    emu = await startTestServer({ port, snapshotPath });

    await fs.setDoc(fs.doc(b, "restart/2"), { n: 2, t: "after" });
    await waitFor(() => texts.join() === "before,after", "after restart", 30_000);
    unsub();
  }, 60_000);
});
