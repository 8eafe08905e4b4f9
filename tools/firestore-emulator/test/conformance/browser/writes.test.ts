// Browser SDK conformance: writes, transforms, reads, batches and transactions, two signed-in users.

import { describe, expect, test } from "vitest";
import type { WireMap } from "../../support/page/protocol.ts";
import { isTimestamp, sentinel, timestampMillis, value } from "../../support/page/wire.ts";
import { sorted, useBrowserSuite } from "./suite.ts";

const s = useBrowserSuite();

describe("writes and reads", () => {
  test("addDoc stores every value type; the other user reads it back exactly", async () => {
    const data: WireMap = {
      title: "Bicicletta da città",
      price: 120,
      ratio: 0.25,
      negative: -7,
      bigInt: 9007199254740991,
      active: true,
      nothing: null,
      tags: ["bici", "sport", 3, true, null, { nested: ["x"] }],
      nested: { level1: { level2: { deep: "sì, è profondo ✓ 😀" } }, emptyMap: {} },
      emptyArray: [],
      when: value.timestamp(new Date("2026-05-01T10:20:30.123Z")),
      place: value.geo(45.4642, 9.19),
      owner: value.ref("users/abc"),
      blob: value.bytes(Buffer.from([0, 1, 2, 250, 255]).toString("base64")),
    };
    const path = await s.alice.add("items", data);
    expect(path).toMatch(/^items\/[A-Za-z0-9]{20}$/);

    const read = await s.bruno.get(path);
    expect(read.exists).toBe(true);
    expect(read.fromCache).toBe(false);
    expect(read.id).toBe(path.split("/")[1]);
    expect(read.data).toEqual(data);
  });

  test("timestamps keep microsecond precision (Cloud Firestore rounds nanoseconds down)", async () => {
    await s.alice.set("stamps/t", { at: value.timestampParts(1_700_000_000, 123_456_789) });
    const read = await s.bruno.get("stamps/t");
    expect(read.data).toEqual({ at: value.timestampParts(1_700_000_000, 123_456_000) });
  });

  test("setDoc replaces; merge deep-merges maps; mergeFields writes only the listed fields", async () => {
    const path = "profiles/p1";
    await s.alice.set(path, { a: 1, nested: { x: 1, y: 2 }, keep: true });
    expect((await s.bruno.get(path)).data).toEqual({ a: 1, nested: { x: 1, y: 2 }, keep: true });

    await s.alice.set(path, { nested: { y: 3, z: 4 }, b: "due" }, { merge: true });
    expect((await s.bruno.get(path)).data).toEqual({
      a: 1,
      nested: { x: 1, y: 3, z: 4 },
      keep: true,
      b: "due",
    });

    await s.alice.set(path, { a: 100, b: "ignored", nested: { x: 9 } }, { mergeFields: ["a", "nested.x"] });
    expect((await s.bruno.get(path)).data).toEqual({
      a: 100,
      nested: { x: 9, y: 3, z: 4 },
      keep: true,
      b: "due",
    });

    await s.alice.set(path, { only: "this" });
    expect((await s.bruno.get(path)).data).toEqual({ only: "this" });

    // merge on a missing document creates it
    await s.bruno.set("profiles/p2", { created: { by: "merge" } }, { merge: true });
    expect((await s.alice.get("profiles/p2")).data).toEqual({ created: { by: "merge" } });
  });

  test("updateDoc with dotted paths, FieldPath segments, deleteField and whole-map replacement", async () => {
    const path = "users/u1";
    await s.alice.set(path, {
      name: "Anna",
      profile: { city: "Roma", zip: "00100" },
      counts: { a: 1, c: 3 },
    });
    await s.alice.update(path, {
      "profile.city": "Milano",
      "profile.address.street": "Via Dante 1",
      "counts.b": 2,
      "counts.a": sentinel.deleteField(),
      top: "nuovo",
    });
    await s.alice.write({
      op: "updatePaths",
      path,
      fields: [
        [["weird.key"], 1],
        [["profile", "with space"], "ok"],
      ],
    });
    expect((await s.bruno.get(path)).data).toEqual({
      name: "Anna",
      profile: { city: "Milano", zip: "00100", address: { street: "Via Dante 1" }, "with space": "ok" },
      counts: { b: 2, c: 3 },
      top: "nuovo",
      "weird.key": 1,
    });

    await s.bruno.update(path, { profile: { only: 1 }, "counts.c": sentinel.deleteField() });
    expect((await s.alice.get(path, "server")).data).toEqual({
      name: "Anna",
      profile: { only: 1 },
      counts: { b: 2 },
      top: "nuovo",
      "weird.key": 1,
    });
  });

  test("field names that need quoting (backticks, dots, unicode, leading digits) in updates and queries", async () => {
    const path = "quoted/q1";
    await s.alice.set(path, { plain: 0 });
    await s.alice.write({
      op: "updatePaths",
      path,
      fields: [
        [["with`backtick"], 1],
        [["ünïcødé", "1st"], 2],
        [["123"], 3],
        [["a-b", "c.d"], 4],
      ],
    });
    const expected = { plain: 0, "with`backtick": 1, ünïcødé: { "1st": 2 }, "123": 3, "a-b": { "c.d": 4 } };
    expect((await s.bruno.get(path)).data).toEqual(expected);
    for (const [field, v] of [
      [["with`backtick"], 1],
      [["ünïcødé", "1st"], 2],
      [["123"], 3],
      [["a-b", "c.d"], 4],
    ] as const) {
      expect(
        await s.bruno.ids({ path: "quoted", where: [{ field: [...field], op: "==", value: v }] }),
      ).toEqual(["q1"]);
      expect(
        await s.bruno.ids({ path: "quoted", where: [{ field: [...field], op: ">", value: v }] }),
      ).toEqual([]);
    }
    await s.alice.write({ op: "updatePaths", path, fields: [[["a-b", "c.d"], sentinel.increment(10)]] });
    expect((await s.bruno.get(path)).data?.["a-b"]).toEqual({ "c.d": 14 });
  });

  test("document and collection ids with spaces, unicode and URL characters work everywhere", async () => {
    const col = "spazi e accenti è";
    const ids = ["città con spazi", "100%", "a+b=c?&d#e", "emoji😀", "..."];
    for (const [i, id] of ids.entries()) await s.alice.set(`${col}/${id}`, { i, id });
    for (const [i, id] of ids.entries()) expect((await s.bruno.get(`${col}/${id}`)).data).toEqual({ i, id });
    expect(sorted(await s.bruno.ids({ path: col }))).toEqual(sorted(ids));
    // (The document is in bruno's cache already: only with metadata changes is the server's
    // confirmation raised as its own event.)
    await s.bruno.listen("odd", { doc: `${col}/a+b=c?&d#e` }, { includeMetadataChanges: true });
    await s.bruno.waitForEvent("odd", (e) => e.exists === true && !e.fromCache);
    // Transactions use REST (batchGet + commit), with the names in the JSON body.
    const tx = await s.bruno.call("txIncrement", `${col}/100%`, "i", 10);
    expect(tx).toMatchObject({ attempts: 1, value: 11 });
    await s.alice.update(`${col}/a+b=c?&d#e`, { i: 42 });
    const changed = await s.bruno.waitForEvent("odd", (e) => e.docs[0]?.data?.i === 42);
    expect(changed.docs[0]?.path).toBe(`${col}/a+b=c?&d#e`);
    expect((await s.alice.get(`${col}/100%`, "server")).data).toEqual({ i: 11, id: "100%" });
  });

  test("a dotted update through a non-map value replaces it; transforms create missing parents; deleteField in merge", async () => {
    const path = "shapes/s1";
    await s.alice.set(path, { a: "stringa", keep: { x: 1, y: 2 }, list: [1, 2] });
    await s.alice.update(path, { "a.b": 1, "list.first": true, "stats.views": sentinel.increment(1) });
    expect((await s.bruno.get(path)).data).toEqual({
      a: { b: 1 },
      keep: { x: 1, y: 2 },
      list: { first: true },
      stats: { views: 1 },
    });
    await s.bruno.set(
      path,
      { keep: { x: sentinel.deleteField(), z: 3 }, a: sentinel.deleteField() },
      { merge: true },
    );
    expect((await s.alice.get(path, "server")).data).toEqual({
      keep: { y: 2, z: 3 },
      list: { first: true },
      stats: { views: 1 },
    });
  });

  test("updateDoc on a missing document fails with not-found and writes nothing", async () => {
    const outcome = await s.alice.call("tryWrite", { op: "update", path: "users/ghost", data: { a: 1 } });
    expect(outcome).toMatchObject({ ok: false, code: "not-found" });
    expect((await s.bruno.get("users/ghost")).exists).toBe(false);
    // The write stream keeps working after a failed write.
    await s.alice.set("users/after", { ok: true });
    expect((await s.bruno.get("users/after")).data).toEqual({ ok: true });
  });

  test("deleteDoc removes the document (also its fields from reads); deleting a missing one succeeds", async () => {
    await s.alice.set("things/t1", { v: 1 });
    await s.alice.set("things/t1/sub/s1", { v: 2 });
    expect((await s.bruno.get("things/t1")).exists).toBe(true);
    await s.bruno.remove("things/t1");
    const gone = await s.alice.get("things/t1");
    expect(gone).toMatchObject({ exists: false, data: null });
    // Deleting a document does not delete its subcollections.
    expect((await s.alice.get("things/t1/sub/s1")).data).toEqual({ v: 2 });
    await s.alice.remove("things/never-existed");
  });

  test("getDoc of a missing document; getDocs lists only direct children, ordered by id", async () => {
    expect(await s.alice.get("nowhere/nothing")).toMatchObject({
      exists: false,
      data: null,
      fromCache: false,
    });
    await s.alice.batch([
      { op: "set", path: "shelf/b", data: { n: 2 } },
      { op: "set", path: "shelf/a", data: { n: 1 } },
      { op: "set", path: "shelf/c", data: { n: 3 } },
      { op: "set", path: "shelf/a/inner/x", data: { n: 9 } },
      { op: "set", path: "shelfy/z", data: { n: 0 } },
    ]);
    const docs = await s.bruno.query({ path: "shelf" });
    expect(docs.map((d) => [d.id, d.data])).toEqual([
      ["a", { n: 1 }],
      ["b", { n: 2 }],
      ["c", { n: 3 }],
    ]);
    expect((await s.bruno.query({ path: "shelf/a/inner" })).map((d) => d.path)).toEqual(["shelf/a/inner/x"]);
  });
});

describe("transforms", () => {
  test("increment, maximum, minimum, arrayUnion, arrayRemove, serverTimestamp; the local view resolves them", async () => {
    const path = "counters/c1";
    await s.alice.set(path, { n: 5, f: 1.5, hi: 10, lo: 10, label: "x", tags: ["a", "b", "a"], keep: "k" });
    await s.alice.listen("none", { doc: path }, { includeMetadataChanges: true });
    await s.alice.listen(
      "estimate",
      { doc: path },
      { includeMetadataChanges: true, serverTimestamps: "estimate" },
    );
    await s.alice.waitForLatest("none", (e) => e.exists === true && !e.fromCache && !e.hasPendingWrites);
    const seqNone = (await s.alice.events("none")).length;
    const seqEstimate = (await s.alice.events("estimate")).length;

    const before = Date.now();
    await s.alice.update(path, {
      n: sentinel.increment(3),
      f: sentinel.increment(0.25),
      hi: sentinel.maximum(20),
      lo: sentinel.minimum(3),
      fresh: sentinel.increment(7),
      label: sentinel.increment(2),
      tags: sentinel.arrayUnion("c", "b"),
      at: sentinel.serverTimestamp(),
      "meta.touchedAt": sentinel.serverTimestamp(),
    });
    const after = Date.now();
    const expected = {
      n: 8,
      f: 1.75,
      hi: 20,
      lo: 3,
      fresh: 7,
      label: 2,
      tags: ["a", "b", "a", "c"],
      keep: "k",
    };

    // Latency compensation: the first event is local, with the increments applied and the timestamps
    // null (serverTimestamps "none") or estimated.
    const local = (await s.alice.events("none", seqNone))[0];
    expect(local?.hasPendingWrites).toBe(true);
    expect(local?.docs[0]?.data).toEqual({ ...expected, at: null, meta: { touchedAt: null } });
    const localEstimate = (await s.alice.events("estimate", seqEstimate))[0];
    expect(localEstimate?.hasPendingWrites).toBe(true);
    expect(isTimestamp(localEstimate?.docs[0]?.data?.at)).toBe(true);

    // Acknowledged: the resolved values (from the write's transform results and then the listen stream).
    const final = await s.alice.waitForLatest("none", (e) => !e.hasPendingWrites && !e.fromCache);
    const data = final.docs[0]?.data ?? {};
    expect({ ...data, at: null, meta: null }).toEqual({ ...expected, at: null, meta: null });
    const at = timestampMillis(data.at);
    expect(at).toBeGreaterThanOrEqual(before - 2_000);
    expect(at).toBeLessThanOrEqual(after + 2_000);
    expect(data.meta).toEqual({ touchedAt: data.at });
    // No acknowledged event ever showed a different value.
    for (const e of await s.alice.events("none", seqNone)) {
      if (!e.hasPendingWrites) expect(e.docs[0]?.data).toEqual(data);
    }
    // The other user reads the same values from the server, and so does the local cache.
    expect((await s.bruno.get(path)).data).toEqual(data);
    expect((await s.alice.get(path, "cache")).data).toEqual(data);

    await s.bruno.update(path, {
      tags: sentinel.arrayRemove("a", "zzz"),
      hi: sentinel.maximum(5),
      lo: sentinel.minimum(4),
      n: sentinel.increment(-10),
      f: sentinel.increment(1),
    });
    const changed = await s.alice.waitForLatest(
      "none",
      (e) => !e.hasPendingWrites && JSON.stringify(e.docs[0]?.data?.tags) === JSON.stringify(["b", "c"]),
    );
    expect(changed.docs[0]?.data).toMatchObject({ tags: ["b", "c"], hi: 20, lo: 3, n: -2, f: 2.75 });
  });

  test("arrayUnion and arrayRemove compare maps and mixed values by value", async () => {
    const path = "lists/l1";
    await s.alice.set(path, { items: [{ a: 1 }, 1, "1", { a: 2, b: [1] }] });
    await s.alice.update(path, { items: sentinel.arrayUnion({ a: 1 }, 1.0, { a: 3 }, "1") });
    expect((await s.bruno.get(path)).data).toEqual({ items: [{ a: 1 }, 1, "1", { a: 2, b: [1] }, { a: 3 }] });
    await s.bruno.update(path, { items: sentinel.arrayRemove({ a: 2, b: [1] }, "1") });
    expect((await s.alice.get(path, "server")).data).toEqual({ items: [{ a: 1 }, 1, { a: 3 }] });
  });

  test("transforms in setDoc (new document, merge, nested) resolve on the server", async () => {
    const before = Date.now();
    await s.alice.set("posts/p1", {
      title: "Ciao",
      count: sentinel.increment(1),
      createdAt: sentinel.serverTimestamp(),
      audit: { at: sentinel.serverTimestamp(), tags: sentinel.arrayUnion("nuovo") },
    });
    await s.alice.set(
      "posts/p1",
      { count: sentinel.increment(4), seen: sentinel.arrayUnion("bruno") },
      { merge: true },
    );
    const read = await s.bruno.get("posts/p1");
    const data = read.data ?? {};
    expect({ ...data, createdAt: null, audit: null }).toEqual({
      title: "Ciao",
      count: 5,
      createdAt: null,
      audit: null,
      seen: ["bruno"],
    });
    expect(timestampMillis(data.createdAt)).toBeGreaterThanOrEqual(before - 2_000);
    expect(data.audit).toEqual({ at: data.createdAt, tags: ["nuovo"] });
  });
});

describe("batches", () => {
  test("writeBatch commits set, update, delete and add atomically: one snapshot for the other user", async () => {
    await s.alice.set("inventory/keep", { qty: 1 });
    await s.alice.set("inventory/drop", { qty: 2 });
    await s.bruno.listen("inv", { query: { path: "inventory" } });
    await s.bruno.waitForEvent("inv", (e) => e.docs.length === 2 && !e.fromCache);
    const seq = (await s.bruno.events("inv")).length;

    await s.alice.batch([
      { op: "set", path: "inventory/new", data: { qty: 3, at: sentinel.serverTimestamp() } },
      { op: "update", path: "inventory/keep", data: { qty: sentinel.increment(10) } },
      { op: "delete", path: "inventory/drop" },
      { op: "add", collection: "inventory", data: { qty: 4 } },
    ]);

    const event = await s.bruno.waitForEvent("inv", (e) => e.changes.length > 0, { fromSeq: seq });
    expect(sorted(event.changes.map((c) => `${c.type}:${c.id.length === 20 ? "<auto>" : c.id}`))).toEqual(
      sorted(["added:new", "added:<auto>", "modified:keep", "removed:drop"]),
    );
    const byId = new Map(event.docs.map((d) => [d.id, d.data]));
    expect(byId.get("keep")).toEqual({ qty: 11 });
    expect(isTimestamp(byId.get("new")?.at)).toBe(true);
    expect(event.docs.map((d) => d.data?.qty).sort()).toEqual([11, 3, 4]);
  });

  test("a batch with a failing precondition writes nothing", async () => {
    const outcome = await s.alice.call("tryBatch", [
      { op: "set", path: "atomic/a", data: { v: 1 } },
      { op: "update", path: "atomic/missing", data: { v: 2 } },
    ]);
    expect(outcome).toMatchObject({ ok: false, code: "not-found" });
    expect((await s.bruno.get("atomic/a")).exists).toBe(false);
  });
});

describe("transactions", () => {
  test("20 concurrent read-modify-write transactions from two users give exactly 20", async () => {
    const path = "tx/counter";
    await s.alice.set(path, { n: 0 });
    const [fromAlice, fromBruno] = await Promise.all([
      s.alice.call("txIncrementMany", path, "n", 10),
      s.bruno.call("txIncrementMany", path, "n", 10),
    ]);
    expect((await s.alice.get(path, "server")).data).toEqual({ n: 20 });
    expect((await s.bruno.get(path, "server")).data).toEqual({ n: 20 });
    // Serializable: every successful attempt saw a distinct value, so the results are exactly 1..20.
    const values = [...fromAlice, ...fromBruno].map((r) => r.value ?? -1).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Contention happened and was resolved by retries, not by lost updates.
    expect([...fromAlice, ...fromBruno].reduce((sum, r) => sum + r.attempts, 0)).toBeGreaterThan(20);
  });

  test("a transaction retries when a document it read changes before its commit", async () => {
    const path = "tx/retry";
    await s.alice.set(path, { n: 1 });
    const running = s.alice.call("txIncrement", path, "n", 1, "hold-retry");
    // The first attempt has read n=1 and is paused; another user changes the document meanwhile.
    await expect
      .poll(() => s.alice.call("txState", "hold-retry"), { timeout: 10_000 })
      .toMatchObject({ attempts: 1 });
    await s.bruno.update(path, { n: 100 });
    await s.alice.call("txRelease", "hold-retry");
    const result = await running;
    expect(result.attempts).toBe(2);
    expect(result.reads).toEqual([1, 100]);
    expect(result.value).toBe(101);
    expect((await s.bruno.get(path, "server")).data).toEqual({ n: 101 });
  });

  test("a transaction that read a missing document retries when someone creates it", async () => {
    const running = s.alice.call("txIncrement", "tx/late", "n", 1, "hold-missing");
    await expect
      .poll(() => s.alice.call("txState", "hold-missing"), { timeout: 10_000 })
      .toMatchObject({ attempts: 1 });
    await s.bruno.set("tx/late", { n: 5 });
    await s.alice.call("txRelease", "hold-missing");
    expect(await running).toMatchObject({ attempts: 2, reads: [null, 5], value: 6 });
    expect((await s.bruno.get("tx/late", "server")).data).toEqual({ n: 6 });
  });

  test("a document only read by a transaction is verified at commit", async () => {
    await s.alice.set("tx/src", { value: 1 });
    const running = s.alice.call("txCopy", "tx/src", "tx/dst", "hold-copy");
    await expect
      .poll(() => s.alice.call("txState", "hold-copy"), { timeout: 10_000 })
      .toMatchObject({ attempts: 1 });
    await s.bruno.set("tx/src", { value: 2 });
    await s.alice.call("txRelease", "hold-copy");
    const result = await running;
    expect(result).toMatchObject({ attempts: 2, reads: [1, 2], value: 2 });
    expect((await s.bruno.get("tx/dst")).data).toEqual({ value: 2, copiedFrom: "tx/src" });
  });

  test("a transaction that throws writes nothing; a successful one updates both documents", async () => {
    await s.alice.batch([
      { op: "set", path: "wallets/a", data: { balance: 50 } },
      { op: "set", path: "wallets/b", data: { balance: 5 } },
    ]);
    await expect(s.alice.call("txTransfer", "wallets/a", "wallets/b", 80)).rejects.toThrow(
      /insufficient-funds/,
    );
    expect((await s.bruno.get("wallets/a")).data).toEqual({ balance: 50 });
    const ok = await s.bruno.call("txTransfer", "wallets/a", "wallets/b", 30);
    expect(ok.value).toBe(20);
    expect((await s.alice.get("wallets/a", "server")).data).toEqual({ balance: 20 });
    expect((await s.alice.get("wallets/b", "server")).data).toEqual({ balance: 35 });
  });

  test("two users creating the same missing document in transactions: exactly one creates it", async () => {
    const [a, b] = await Promise.all([
      s.alice.call("txCreateIfMissing", "claims/item-1", { owner: "alice" }),
      s.bruno.call("txCreateIfMissing", "claims/item-1", { owner: "bruno" }),
    ]);
    expect((a.value ?? 0) + (b.value ?? 0)).toBe(1);
    const winner = a.value === 1 ? "alice" : "bruno";
    expect((await s.alice.get("claims/item-1", "server")).data).toEqual({ owner: winner });
  });
});

describe("emulator extras", () => {
  test("DELETE /emulator/v1/projects/{p}/databases/(default)/documents clears all data", async () => {
    await s.alice.set("wipe/me", { v: 1 });
    await s.alice.set("wipe/me/sub/deep", { v: 2 });
    const res = await s.h.clearViaRest();
    expect(res.status).toBe(200);
    expect((await s.bruno.get("wipe/me")).exists).toBe(false);
    expect((await s.bruno.get("wipe/me/sub/deep")).exists).toBe(false);
  });
});
