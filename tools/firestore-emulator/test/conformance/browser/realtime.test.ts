// Browser SDK conformance: onSnapshot over both WebChannel transports (streaming and forced long
// polling), the chat subcollection seen live by the other user, and a server restart mid-session.

import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type BrowserHarness, startBrowserHarness } from "../../support/browser-harness.ts";
import type { FirestoreBrowserClient } from "../../support/firestore-client.ts";
import { sleep, waitUntil } from "../../support/net.ts";
import type { PageApi, QuerySpec, SnapshotEvent, Transport, WireMap } from "../../support/page/protocol.ts";
import { isTimestamp, sentinel, timestampMillis } from "../../support/page/wire.ts";

let harness: BrowserHarness | undefined;
const h = (): BrowserHarness => {
  if (!harness) throw new Error("harness not started");
  return harness;
};

beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterEach(async () => {
  await harness?.reset();
});
afterAll(async () => {
  await harness?.stop();
});

const ids = (e: SnapshotEvent): string[] => e.docs.map((d) => d.id);
const changes = (e: SnapshotEvent): string[] => e.changes.map((c) => `${c.type}:${c.id}`);
/** A snapshot confirmed by the server: not from cache and without local pending writes. */
const synced = (e: SnapshotEvent): boolean => !e.fromCache && !e.hasPendingWrites;

/** Fails with the measured delay if `ms` exceeds `limit`; returns `ms` for the report. */
function expectLive(ms: number, limit: number, what: string): number {
  expect(ms, `${what} took ${ms} ms`).toBeLessThanOrEqual(limit);
  return ms;
}

const LIVE_MS = 2_000;

describe.each<Transport>(["streaming", "long-polling"])("onSnapshot over %s", (transport) => {
  let alice: FirestoreBrowserClient;
  let bruno: FirestoreBrowserClient;

  beforeAll(async () => {
    [alice, bruno] = await Promise.all([
      h().openClient({ user: h().user("a"), transport, name: `alice/${transport}` }),
      h().openClient({ user: h().user("b"), transport, name: `bruno/${transport}` }),
    ]);
  });
  afterAll(async () => {
    await alice?.close();
    await bruno?.close();
  });

  test("a document listener sees the other user create, update and delete it", async () => {
    await bruno.listen("doc", { doc: "listings/l1" });
    const first = await bruno.waitForEvent("doc", (e) => !e.fromCache);
    expect(first.exists).toBe(false);

    await alice.set("listings/l1", { title: "Bici", price: 100 });
    let e = await bruno.waitForEvent("doc", (x) => x.exists === true);
    expect(e.docs[0]?.data).toEqual({ title: "Bici", price: 100 });
    expect(synced(e)).toBe(true);

    await alice.update("listings/l1", { price: 90, "extra.note": "trattabile" });
    e = await bruno.waitForEvent("doc", (x) => x.docs[0]?.data?.price === 90, { fromSeq: e.seq + 1 });
    expect(e.docs[0]?.data).toEqual({ title: "Bici", price: 90, extra: { note: "trattabile" } });

    await alice.remove("listings/l1");
    e = await bruno.waitForEvent("doc", (x) => x.exists === false, { fromSeq: e.seq + 1 });
    expect(e.docs).toEqual([]);
  });

  test("a query listener gets added/modified/removed changes, including docs leaving and entering the where", async () => {
    await alice.batch([
      { op: "set", path: "requests/r1", data: { status: "active", n: 1, title: "uno" } },
      { op: "set", path: "requests/r2", data: { status: "active", n: 2, title: "due" } },
      { op: "set", path: "requests/r3", data: { status: "closed", n: 3, title: "tre" } },
    ]);
    const spec = {
      path: "requests",
      where: [{ field: "status", op: "==" as const, value: "active" }],
      orderBy: ["n"],
    };
    await bruno.listen("q", { query: spec });
    let e = await bruno.waitForEvent("q", (x) => !x.fromCache);
    expect(ids(e)).toEqual(["r1", "r2"]);
    expect(changes(e)).toEqual(["added:r1", "added:r2"]);

    // Each step waits for its snapshot so that the expected changes are exactly one step's.
    const step = async (action: () => Promise<unknown>, expectedIds: string[], expectedChanges: string[]) => {
      const from = e.seq + 1;
      await action();
      e = await bruno.waitForEvent("q", () => true, { fromSeq: from });
      expect(ids(e)).toEqual(expectedIds);
      expect(changes(e)).toEqual(expectedChanges);
      expect(synced(e)).toBe(true);
    };
    await step(
      () => alice.update("requests/r2", { title: "due (modificato)" }),
      ["r1", "r2"],
      ["modified:r2"],
    );
    expect(e.docs[1]?.data).toEqual({ status: "active", n: 2, title: "due (modificato)" });
    await step(() => alice.update("requests/r1", { status: "closed" }), ["r2"], ["removed:r1"]);
    await step(() => alice.update("requests/r3", { status: "active" }), ["r2", "r3"], ["added:r3"]);
    await step(() => alice.remove("requests/r2"), ["r3"], ["removed:r2"]);
    await step(
      () => alice.set("requests/r0", { status: "active", n: 0, title: "zero" }),
      ["r0", "r3"],
      ["added:r0"],
    );
    expect(e.changes[0]).toMatchObject({ type: "added", newIndex: 0, oldIndex: -1 });
    // A change to a document outside the query raises nothing.
    const before = (await bruno.events("q")).length;
    await alice.update("requests/r1", { title: "chiusa" });
    await alice.set("requests/r9", { status: "active", n: 9 });
    e = await bruno.waitForEvent("q", (x) => ids(x).includes("r9"), { fromSeq: before });
    expect(changes(e)).toEqual(["added:r9"]);
  });

  test("a limit query re-fills from the next document after a delete or when a member drops out", async () => {
    await alice.batch(
      [50, 40, 30, 20, 10].map((score, i) => ({
        op: "set" as const,
        path: `scores/s${i + 1}`,
        data: { score },
      })),
    );
    await bruno.listen("top", { query: { path: "scores", orderBy: [["score", "desc"]], limit: 3 } });
    let e = await bruno.waitForEvent("top", (x) => !x.fromCache);
    expect(ids(e)).toEqual(["s1", "s2", "s3"]);

    await alice.remove("scores/s2");
    e = await bruno.waitForEvent("top", (x) => !ids(x).includes("s2"), { fromSeq: e.seq + 1 });
    expect(ids(e)).toEqual(["s1", "s3", "s4"]);
    expect(changes(e).sort()).toEqual(["added:s4", "removed:s2"]);

    await alice.update("scores/s1", { score: 5 });
    e = await bruno.waitForEvent("top", (x) => !ids(x).includes("s1"), { fromSeq: e.seq + 1 });
    expect(ids(e)).toEqual(["s3", "s4", "s5"]);
    expect(changes(e).sort()).toEqual(["added:s5", "removed:s1"]);

    await alice.set("scores/s6", { score: 100 });
    e = await bruno.waitForEvent("top", (x) => ids(x).includes("s6"), { fromSeq: e.seq + 1 });
    expect(ids(e)).toEqual(["s6", "s3", "s4"]);
    expect(changes(e).sort()).toEqual(["added:s6", "removed:s5"]);

    // limitToLast listens too (the SDK flips the order for the server and back). Its documents are
    // already in the SDK cache, so the first snapshot comes from cache; the server's confirmation is
    // raised as an event only with includeMetadataChanges.
    await bruno.listen(
      "bottom",
      { query: { path: "scores", orderBy: [["score", "desc"]], limitToLast: 2 } },
      { includeMetadataChanges: true },
    );
    e = await bruno.waitForEvent("bottom", (x) => !x.fromCache);
    expect(ids(e)).toEqual(["s5", "s1"]);
    await alice.remove("scores/s1");
    e = await bruno.waitForEvent("bottom", (x) => synced(x) && !ids(x).includes("s1"), {
      fromSeq: e.seq + 1,
    });
    expect(ids(e)).toEqual(["s4", "s5"]);
  });

  test("chat: conversations/{id}/messages ordered by createdAt, seen live by the other user", async () => {
    const a = alice.uid ?? "";
    const b = bruno.uid ?? "";
    await alice.set("conversations/c1", { participants: [a, b], lastMessageAt: null, lastMessage: null });

    await bruno.listen("inbox", {
      query: { path: "conversations", where: [{ field: "participants", op: "array-contains", value: b }] },
    });
    await bruno.listen("chat", { query: { path: "conversations/c1/messages", orderBy: ["createdAt"] } });
    await alice.listen("chat", { query: { path: "conversations/c1/messages", orderBy: ["createdAt"] } });
    expect(ids(await bruno.waitForEvent("inbox", (x) => !x.fromCache))).toEqual(["c1"]);
    expect((await bruno.waitForEvent("chat", (x) => !x.fromCache)).docs).toEqual([]);

    const texts = ["Ciao, è ancora disponibile?", "Posso passare domani 🙂", "Grazie!"];
    const delays: number[] = [];
    for (const [i, text] of texts.entries()) {
      const sentAt = Date.now();
      await alice.add("conversations/c1/messages", {
        text,
        senderId: a,
        createdAt: sentinel.serverTimestamp(),
        readBy: [a],
      });
      const seen = await bruno.waitForEvent("chat", (x) => x.docs.length === i + 1, { timeoutMs: 10_000 });
      delays.push(expectLive(seen.at - sentAt, LIVE_MS, `message ${i + 1} to bruno`));
      expect(seen.docs.map((d) => d.data?.text)).toEqual(texts.slice(0, i + 1));
      expect(seen.docs[i]?.data).toMatchObject({ text, senderId: a, readBy: [a] });
      expect(isTimestamp(seen.docs[i]?.data?.createdAt)).toBe(true);
      expect(changes(seen)).toEqual([`added:${seen.docs[i]?.id}`]);
    }
    const final = await bruno.events("chat");
    const times = final.at(-1)?.docs.map((d) => timestampMillis(d.data?.createdAt)) ?? [];
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    // Bruno answers and marks the first message read; Alice sees both live.
    const firstId = final.at(-1)?.docs[0]?.id ?? "";
    const sentAt = Date.now();
    await bruno.add("conversations/c1/messages", {
      text: "Sì, certo",
      senderId: b,
      createdAt: sentinel.serverTimestamp(),
      readBy: [b],
    });
    await bruno.update(`conversations/c1/messages/${firstId}`, { readBy: sentinel.arrayUnion(b) });
    const seenByAlice = await alice.waitForEvent(
      "chat",
      (x) =>
        synced(x) &&
        x.docs.length === 4 &&
        JSON.stringify(x.docs[0]?.data?.readBy) === JSON.stringify([a, b]),
    );
    delays.push(expectLive(seenByAlice.at - sentAt, LIVE_MS, "reply to alice"));
    expect(seenByAlice.docs.map((d) => d.data?.text)).toEqual([...texts, "Sì, certo"]);

    // The conversation list sees the summary update.
    await alice.update("conversations/c1", {
      lastMessage: "Sì, certo",
      lastMessageAt: sentinel.serverTimestamp(),
    });
    const inbox = await bruno.waitForEvent("inbox", (x) => x.docs[0]?.data?.lastMessage === "Sì, certo");
    expect(changes(inbox)).toEqual(["modified:c1"]);
    expect(isTimestamp(inbox.docs[0]?.data?.lastMessageAt)).toBe(true);
    console.info(`[${transport}] chat delivery delays (ms): ${delays.join(", ")}`);
  });

  test("own writes are raised at once with hasPendingWrites, then confirmed by the server", async () => {
    await alice.listen(
      "mine",
      { query: { path: "drafts", orderBy: ["n"] } },
      { includeMetadataChanges: true },
    );
    const initial = await alice.waitForEvent("mine", (x) => !x.fromCache);
    expect(initial.docs).toEqual([]);
    const from = (await alice.events("mine")).length;
    await alice.add("drafts", { n: 1, at: sentinel.serverTimestamp() });
    const events = await alice.events("mine", from);
    expect(events[0]?.hasPendingWrites).toBe(true);
    expect(events[0]?.docs[0]?.data?.at).toBe(null);
    expect(changes(events[0] as SnapshotEvent)[0]).toMatch(/^added:/);
    const confirmed = await alice.waitForLatest("mine", (x) => synced(x) && x.docs.length === 1);
    expect(isTimestamp(confirmed.docs[0]?.data?.at)).toBe(true);
    expect(confirmed.docs[0]?.hasPendingWrites).toBe(false);
  });

  test("feed and exclusion listeners: in + orderBy desc + limit re-fills; != and not-in drop docs that turn null or excluded", async () => {
    const rows: Array<[string, WireMap]> = [
      ["f1", { status: "active", cell: "u0n", createdAt: 1, kind: "bici" }],
      ["f2", { status: "active", cell: "u0p", createdAt: 2, kind: "casa" }],
      ["f3", { status: "active", cell: "u0n", createdAt: 3, kind: "libri" }],
      ["f4", { status: "active", cell: "zzz", createdAt: 4, kind: "bici" }],
      ["f5", { status: "closed", cell: "u0n", createdAt: 5, kind: "casa" }],
      ["f6", { status: "active", cell: "u0p", createdAt: 6, kind: "moda" }],
    ];
    await alice.batch(rows.map(([id, data]) => ({ op: "set" as const, path: `feed/${id}`, data })));
    const feed: QuerySpec = {
      path: "feed",
      where: [
        { field: "status", op: "==", value: "active" },
        { field: "cell", op: "in", value: ["u0n", "u0p"] },
      ],
      orderBy: [["createdAt", "desc"]],
      limit: 2,
    };
    await bruno.listen("feed", { query: feed });
    await bruno.listen("notBici", {
      query: { path: "feed", where: [{ field: "kind", op: "!=", value: "bici" }] },
    });
    await bruno.listen("notIn", {
      query: { path: "feed", where: [{ field: "kind", op: "not-in", value: ["casa", "moda"] }] },
    });
    let f = await bruno.waitForEvent("feed", (x) => !x.fromCache);
    expect(ids(f)).toEqual(["f6", "f3"]);
    let n = await bruno.waitForEvent("notBici", (x) => !x.fromCache);
    expect(ids(n)).toEqual(["f2", "f5", "f3", "f6"]);
    let ni = await bruno.waitForEvent("notIn", (x) => !x.fromCache);
    expect(ids(ni)).toEqual(["f1", "f4", "f3"]);

    await alice.update("feed/f6", { status: "closed" });
    f = await bruno.waitForEvent("feed", (x) => !ids(x).includes("f6"), { fromSeq: f.seq + 1 });
    expect(ids(f)).toEqual(["f3", "f2"]);
    expect(changes(f).sort()).toEqual(["added:f2", "removed:f6"]);

    await alice.update("feed/f3", { kind: null });
    n = await bruno.waitForEvent("notBici", (x) => !ids(x).includes("f3"), { fromSeq: n.seq + 1 });
    expect(ids(n)).toEqual(["f2", "f5", "f6"]);
    ni = await bruno.waitForEvent("notIn", (x) => !ids(x).includes("f3"), { fromSeq: ni.seq + 1 });
    expect(ids(ni)).toEqual(["f1", "f4"]);

    await alice.update("feed/f1", { kind: "moda" });
    ni = await bruno.waitForEvent("notIn", (x) => !ids(x).includes("f1"), { fromSeq: ni.seq + 1 });
    expect(ids(ni)).toEqual(["f4"]);
    n = await bruno.waitForEvent("notBici", (x) => ids(x).includes("f1"), { fromSeq: n.seq + 1 });
    expect(ids(n)).toEqual(["f2", "f5", "f1", "f6"]); // ordered by kind, then __name__
    expect(changes(n)).toEqual(["added:f1"]);

    // Turning one listener off leaves the others on the same stream working.
    await bruno.unlisten("notBici");
    await alice.set("feed/f7", { status: "active", cell: "u0n", createdAt: 7, kind: "bici" });
    f = await bruno.waitForEvent("feed", (x) => ids(x).includes("f7"), { fromSeq: f.seq + 1 });
    expect(ids(f)).toEqual(["f7", "f3"]);
    ni = await bruno.waitForEvent("notIn", (x) => ids(x).includes("f7"), { fromSeq: ni.seq + 1 });
    expect(ids(ni)).toEqual(["f4", "f7"]);
  });

  test("resuming after going offline: deletes, edits, additions and drop-outs made meanwhile all arrive", async () => {
    await alice.batch([
      { op: "set", path: "offers/o1", data: { status: "pending", price: 10 } },
      { op: "set", path: "offers/o2", data: { status: "pending", price: 20 } },
      { op: "set", path: "offers/o3", data: { status: "pending", price: 30 } },
      { op: "set", path: "offers/o4", data: { status: "pending", price: 40 } },
    ]);
    const spec: QuerySpec = {
      path: "offers",
      where: [{ field: "status", op: "==", value: "pending" }],
      orderBy: ["price"],
    };
    await bruno.listen("pending", { query: spec }, { includeMetadataChanges: true });
    await bruno.listen("o2", { doc: "offers/o2" }, { includeMetadataChanges: true });
    expect(ids(await bruno.waitForEvent("pending", (x) => synced(x)))).toEqual(["o1", "o2", "o3", "o4"]);
    await bruno.waitForEvent("o2", (x) => synced(x) && x.exists === true);

    await bruno.call("setNetwork", false);
    await alice.remove("offers/o2");
    await alice.update("offers/o3", { price: 5 });
    await alice.update("offers/o4", { status: "rejected" });
    await alice.set("offers/o5", { status: "pending", price: 50 });
    await alice.update("offers/o1", { price: sentinel.deleteField() });
    const offlineSeq = await bruno.call("eventCount", "pending");
    await bruno.call("setNetwork", true);

    const e = await bruno.waitForEvent("pending", (x) => synced(x), {
      fromSeq: offlineSeq,
      timeoutMs: 20_000,
    });
    // o1 lost its orderBy field, o2 was deleted, o4 no longer matches: none may linger from before.
    expect(ids(e)).toEqual(["o3", "o5"]);
    expect(e.docs.map((d) => d.data?.price)).toEqual([5, 50]);
    const d = await bruno.waitForLatest("o2", (x) => synced(x));
    expect(d.exists).toBe(false);
  });

  test("chat window: limitToLast slides as messages arrive; a collection-group listener sees every conversation", async () => {
    const a = alice.uid ?? "";
    await bruno.listen("window", {
      query: { path: "conversations/c2/messages", orderBy: ["createdAt"], limitToLast: 2 },
    });
    await bruno.listen("mine", {
      query: { path: "messages", collectionGroup: true, where: [{ field: "senderId", op: "==", value: a }] },
    });
    expect((await bruno.waitForEvent("window", (x) => !x.fromCache)).docs).toEqual([]);
    await bruno.waitForEvent("mine", (x) => !x.fromCache);
    for (const text of ["uno", "due", "tre"]) {
      await alice.add("conversations/c2/messages", {
        text,
        senderId: a,
        createdAt: sentinel.serverTimestamp(),
      });
    }
    const w = await bruno.waitForEvent("window", (x) => x.docs.map((d) => d.data?.text).join() === "due,tre");
    expect(synced(w)).toBe(true);
    await alice.add("conversations/c3/messages", {
      text: "altrove",
      senderId: a,
      createdAt: sentinel.serverTimestamp(),
    });
    await alice.add("conversations/c3/messages", {
      text: "da bruno",
      senderId: "someone-else",
      createdAt: 1,
    });
    const mine = await bruno.waitForEvent("mine", (x) => x.docs.length === 4);
    expect(mine.docs.map((d) => d.data?.text).sort()).toEqual(["altrove", "due", "tre", "uno"]);
    expect(new Set(mine.docs.map((d) => d.path.split("/")[1]))).toEqual(new Set(["c2", "c3"]));
  });

  test("a large initial snapshot and 60 pipelined writes arrive intact (non-ASCII text, multi-chunk)", async () => {
    const text = "Perché la città è più bella così — 東京 🚲 «ciao» ".repeat(20);
    const ops = Array.from({ length: 400 }, (_, i) => ({
      op: "set" as const,
      path: `bulk/d${String(i).padStart(3, "0")}`,
      data: { i, text, tags: ["à", "é", `ü${i}`] },
    }));
    for (let i = 0; i < ops.length; i += 200) await alice.batch(ops.slice(i, i + 200));
    await bruno.listen("bulk", { query: { path: "bulk", orderBy: ["i"] } }, { light: true });
    const first = await bruno.waitForEvent("bulk", (x) => !x.fromCache, { timeoutMs: 20_000 });
    expect(first.docs.length).toBe(400);
    expect(first.changes.length).toBe(400);
    expect(
      first.changes.every((c, i) => c.type === "added" && c.data?.i === i && c.data?.text === text),
    ).toBe(true);
    expect(first.changes[399]?.data?.tags).toEqual(["à", "é", "ü399"]);

    // 60 writes without waiting in between: the write stream acknowledges them in order.
    await alice.page.evaluate(async () => {
      const fs = (globalThis as unknown as { fs: PageApi }).fs;
      await Promise.all(
        Array.from({ length: 60 }, (_, k) =>
          fs.write({ op: "update", path: "bulk/d007", data: { i: 7, k, note: `nota ${k} ✓` } }),
        ),
      );
    });
    const last = await bruno.waitForEvent("bulk", (x) => x.changes.some((c) => c.data?.k === 59), {
      fromSeq: first.seq + 1,
    });
    expect(last.changes.map((c) => [c.type, c.id, c.data])).toEqual([
      ["modified", "d007", { i: 7, k: 59, note: "nota 59 ✓", text, tags: ["à", "é", "ü7"] }],
    ]);
    expect(last.docs.length).toBe(400);
    expect((await bruno.get("bulk/d007", "server")).data?.k).toBe(59);
  });

  test(`the SDK really used ${transport}`, () => {
    // Backchannel GETs carry CI=0 when streaming and CI=1 when long polling (WebChannel's
    // "buffered" mode); a server that does not flush a streaming backchannel would push the SDK to CI=1.
    for (const client of [alice, bruno]) {
      const backchannels = client.requests.filter(
        (r) => r.method === "GET" && /[?&]TYPE=xmlhttp/.test(r.url),
      );
      const ci = new Set(backchannels.map((r) => new URL(r.url).searchParams.get("CI")));
      expect(backchannels.length, `${client.name} backchannel requests`).toBeGreaterThan(0);
      expect([...ci], `${client.name} CI values`).toEqual([transport === "streaming" ? "0" : "1"]);
    }
  });
});

describe("server restart mid-session", () => {
  test("listeners recover after a restart on the same port; writes issued during the outage land", async () => {
    const alice = await h().openClient({
      user: h().user("a"),
      transport: "streaming",
      name: "alice/restart",
    });
    const bruno = await h().openClient({
      user: h().user("b"),
      transport: "long-polling",
      name: "bruno/restart",
    });
    try {
      await alice.set("board/before", { n: 0, by: "alice" });
      const spec = { path: "board", orderBy: ["n"] };
      // With includeMetadataChanges the listeners also report going to cache during the outage and
      // back in sync after it (and alice's first snapshot may come from her cache).
      await alice.listen("board", { query: spec }, { includeMetadataChanges: true });
      await bruno.listen("board", { query: spec }, { includeMetadataChanges: true });
      await alice.listen("doc", { doc: "board/after" }, { includeMetadataChanges: true });
      for (const c of [alice, bruno]) {
        expect(ids(await c.waitForEvent("board", (x) => !x.fromCache))).toEqual(["before"]);
      }

      await h().restartFirestore({
        during: async () => {
          await alice.call("startWrite", "outage-a", {
            op: "set",
            path: "board/during-a",
            data: { n: 1, by: "alice", at: sentinel.serverTimestamp() },
          });
          await bruno.call("startWrite", "outage-b", {
            op: "set",
            path: "board/during-b",
            data: { n: 2, by: "bruno" },
          });
          await sleep(1_500);
          // Nothing can be acknowledged while the server is down.
          expect(await alice.call("writeStatus", "outage-a")).toEqual({ state: "pending" });
          expect(await bruno.call("writeStatus", "outage-b")).toEqual({ state: "pending" });
        },
      });

      const restartedAt = Date.now();
      const recovery: string[] = [];
      // The outage writes are resent by the SDK and acknowledged by the new server. (WebChannel retries a
      // failed channel itself for 5-15 s before the SDK opens a new one, so recovery takes seconds.)
      for (const [c, key] of [
        [alice, "outage-a"],
        [bruno, "outage-b"],
      ] as const) {
        const status = await waitUntil(
          async () => {
            const st = await c.call("writeStatus", key);
            return st?.state === "pending" ? undefined : st;
          },
          {
            timeoutMs: 45_000,
            describe: () => `${c.name} ${key} still pending\n${c.logs.slice(-10).join("\n")}`,
          },
        );
        expect(status).toEqual({ state: "done", result: null });
        recovery.push(`${key} acknowledged after ${Date.now() - restartedAt} ms`);
      }

      // A change written after the restart reaches both listeners, which also hold the outage writes.
      await bruno.set("board/after", { n: 3, by: "bruno" });
      for (const c of [alice, bruno]) {
        const e = await c.waitForEvent("board", (x) => synced(x) && ids(x).includes("after"), {
          timeoutMs: 45_000,
        });
        expect(ids(e)).toEqual(["before", "during-a", "during-b", "after"]);
        expect(e.docs.map((d) => d.data?.by)).toEqual(["alice", "alice", "bruno", "bruno"]);
        recovery.push(`${c.name} listener in sync after ${e.at - restartedAt} ms`);
      }
      console.info(`restart recovery: ${recovery.join("; ")}`);
      const doc = await alice.waitForEvent("doc", (x) => x.exists === true && synced(x), {
        timeoutMs: 45_000,
      });
      expect(doc.docs[0]?.data).toEqual({ n: 3, by: "bruno" });

      // The data from before the restart came back from the snapshot file; the server resolved the
      // outage write's timestamp when it finally committed it.
      const fromServer = await bruno.query({ path: "board", orderBy: ["n"] }, "server");
      expect(fromServer.map((d) => d.id)).toEqual(["before", "during-a", "during-b", "after"]);
      expect(isTimestamp(fromServer[1]?.data?.at)).toBe(true);
    } finally {
      await alice.close();
      await bruno.close();
    }
  }, 120_000);
});
