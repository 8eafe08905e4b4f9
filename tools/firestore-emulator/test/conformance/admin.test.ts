/**
 * firebase-admin over REST (preferRest) against our server: documents, queries, aggregations,
 * transforms, preconditions, batches, listing, recursive delete, clear, errors.
 */

import { FieldPath, FieldValue, type Firestore, GeoPoint, Timestamp } from "firebase-admin/firestore";
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

async function clearProject(): Promise<void> {
  const res = await fetch(
    `${emu.url}/emulator/v1/projects/${admin.projectId}/databases/(default)/documents`,
    { method: "DELETE" },
  );
  expect(res.status).toBe(200);
}

beforeEach(clearProject);

const ids = (snap: FirebaseFirestore.QuerySnapshot) => snap.docs.map((d) => d.id);

async function errorOf(p: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: unknown; message?: string };
    return { code: err.code, message: String(err.message) };
  }
  throw new Error("expected the operation to fail");
}

describe("documents", () => {
  it("set, get, update, delete with every value type", async () => {
    const ref = db.doc("things/all");
    const when = Timestamp.fromMillis(1_700_000_000_123);
    await ref.set({
      s: "ciao ✓ 🍕",
      i: 42,
      big: 9007199254740993n,
      f: 1.5,
      nan: Number.NaN,
      inf: Number.POSITIVE_INFINITY,
      b: true,
      n: null,
      t: when,
      g: new GeoPoint(45.46, 9.19),
      bytes: Buffer.from([0, 1, 255]),
      r: db.doc("other/doc"),
      a: [1, "two", { three: 3 }],
      m: { deep: { deeper: [true] } },
      empty: {},
      emptyArr: [],
    });
    const snap = await ref.get();
    expect(snap.exists).toBe(true);
    const data = snap.data() ?? {};
    expect(data.s).toBe("ciao ✓ 🍕");
    expect(data.i).toBe(42);
    expect(data.f).toBe(1.5);
    expect(Number.isNaN(data.nan)).toBe(true);
    expect(data.inf).toBe(Number.POSITIVE_INFINITY);
    expect(data.b).toBe(true);
    expect(data.n).toBeNull();
    expect((data.t as Timestamp).toMillis()).toBe(when.toMillis());
    expect((data.g as GeoPoint).latitude).toBe(45.46);
    expect(Buffer.from(data.bytes as Uint8Array)).toEqual(Buffer.from([0, 1, 255]));
    expect((data.r as FirebaseFirestore.DocumentReference).path).toBe("other/doc");
    expect(data.a).toEqual([1, "two", { three: 3 }]);
    expect(data.m).toEqual({ deep: { deeper: [true] } });
    expect(data.empty).toEqual({});
    expect(data.emptyArr).toEqual([]);
    expect(snap.createTime?.toMillis()).toBeGreaterThan(0);
    expect(snap.updateTime?.isEqual(snap.createTime as Timestamp)).toBe(true);

    // Admin reads int64 as a JS number by default (precision lost above 2^53, as with Cloud Firestore).
    expect(typeof (await db.doc("things/all").get()).get("big")).toBe("number");

    await ref.update({ i: 43, "m.deep.extra": "x", s: FieldValue.delete() });
    const after = (await ref.get()).data() ?? {};
    expect(after.i).toBe(43);
    expect(after.s).toBeUndefined();
    expect(after.m).toEqual({ deep: { deeper: [true], extra: "x" } });

    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
  });

  it("set with merge and mergeFields, nested and dotted field names", async () => {
    const ref = db.doc("things/merge");
    await ref.set({ a: 1, nested: { x: 1, y: 2 }, "dotted.name": 1 });
    await ref.set({ nested: { y: 3, z: 4 }, b: 2 }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, b: 2, nested: { x: 1, y: 3, z: 4 }, "dotted.name": 1 });
    await ref.set({ a: 10, b: 20 }, { mergeFields: ["a"] });
    expect((await ref.get()).get("a")).toBe(10);
    expect((await ref.get()).get("b")).toBe(2);
    await ref.update(new FieldPath("dotted.name"), 5);
    expect((await ref.get()).get(new FieldPath("dotted.name"))).toBe(5);
    expect((await ref.get()).get("dotted")).toBeUndefined();
  });

  it("getAll with a field mask and missing documents", async () => {
    await db.doc("things/one").set({ a: 1, b: 2 });
    const [one, two] = await db.getAll(db.doc("things/one"), db.doc("things/two"), { fieldMask: ["a"] });
    expect(one?.data()).toEqual({ a: 1 });
    expect(two?.exists).toBe(false);
  });

  it("create fails when the document exists (409 ALREADY_EXISTS); update fails when it does not", async () => {
    await db.doc("things/c").create({ v: 1 });
    // Like Cloud Firestore's REST endpoint, ALREADY_EXISTS travels as HTTP 409, which admin maps to
    // ABORTED and retries for minutes (firebase-admin-node#2587), so check the raw answer here.
    const res = await fetch(
      `${emu.url}/v1/projects/${admin.projectId}/databases/(default)/documents:commit`,
      {
        method: "POST",
        body: JSON.stringify({
          writes: [
            {
              update: {
                name: `projects/${admin.projectId}/databases/(default)/documents/things/c`,
                fields: {},
              },
              currentDocument: { exists: false },
            },
          ],
        }),
      },
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: { status: "ALREADY_EXISTS", message: expect.stringMatching(/already exists/) },
    });
    const missing = await errorOf(db.doc("things/nope").update({ v: 1 }));
    expect(missing.code).toBe(5);
    expect(missing.message).toMatch(/No document to update/);
  });

  it("preconditions on lastUpdateTime", async () => {
    const ref = db.doc("things/pre");
    const w1 = await ref.set({ v: 1 });
    await ref.update({ v: 2 }, { lastUpdateTime: w1.writeTime });
    const stale = await errorOf(ref.update({ v: 3 }, { lastUpdateTime: w1.writeTime }));
    expect(stale.message).toMatch(/update time does not match/);
    const stale2 = await errorOf(ref.delete({ lastUpdateTime: w1.writeTime }));
    expect(stale2.message).toMatch(/update time/);
    expect((await ref.get()).get("v")).toBe(2);
    await ref.delete({ exists: true });
    expect((await ref.get()).exists).toBe(false);
  });

  it("update times strictly increase and unchanged writes keep their time", async () => {
    const ref = db.doc("things/time");
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const w = await ref.set({ i });
      times.push(w.writeTime.toMillis() * 1000 + (w.writeTime.nanoseconds % 1_000_000) / 1000);
    }
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] as number);
    const before = (await ref.get()).updateTime;
    const same = await ref.set({ i: 19 });
    expect(same.writeTime.isEqual(before as Timestamp)).toBe(true);
  });
});

describe("transforms", () => {
  it("returns one result per transform and applies each", async () => {
    const ref = db.doc("t/x");
    await ref.set({ n: 1, f: 1.5, arr: [1, 2], mx: 5, mn: 5 });
    const w = await ref.update({
      n: FieldValue.increment(2),
      f: FieldValue.increment(1),
      newInt: FieldValue.increment(7),
      arr: FieldValue.arrayUnion(2, 3, 3),
      gone: FieldValue.arrayRemove(1),
      at: FieldValue.serverTimestamp(),
      mx: FieldValue.increment(0),
    });
    const data = (await ref.get()).data() ?? {};
    expect(data.n).toBe(3);
    expect(data.f).toBe(2.5);
    expect(data.newInt).toBe(7);
    expect(data.arr).toEqual([1, 2, 3]);
    expect(data.gone).toEqual([]);
    expect((data.at as Timestamp).isEqual(w.writeTime)).toBe(true);
    await ref.update({ arr: FieldValue.arrayRemove(1, 3) });
    expect((await ref.get()).get("arr")).toEqual([2]);
  });

  it("serverTimestamp in set and in nested maps", async () => {
    const ref = db.doc("t/ts");
    const w = await ref.set({ meta: { at: FieldValue.serverTimestamp(), by: "me" } });
    const at = (await ref.get()).get("meta.at") as Timestamp;
    expect(at.isEqual(w.writeTime)).toBe(true);
    expect((await ref.get()).get("meta.by")).toBe("me");
  });

  it("int + double increments become doubles", async () => {
    const ref = db.doc("t/mixed");
    await ref.set({ v: 1 });
    await ref.update({ v: FieldValue.increment(0.5) });
    expect((await ref.get()).get("v")).toBe(1.5);
  });
});

describe("queries", () => {
  beforeEach(async () => {
    const batch = db.batch();
    const cities: Array<[string, Record<string, unknown>]> = [
      [
        "SF",
        {
          name: "San Francisco",
          state: "CA",
          country: "USA",
          capital: false,
          population: 860000,
          regions: ["west_coast", "norcal"],
        },
      ],
      [
        "LA",
        {
          name: "Los Angeles",
          state: "CA",
          country: "USA",
          capital: false,
          population: 3900000,
          regions: ["west_coast", "socal"],
        },
      ],
      [
        "DC",
        {
          name: "Washington, D.C.",
          state: null,
          country: "USA",
          capital: true,
          population: 680000,
          regions: ["east_coast"],
        },
      ],
      [
        "TOK",
        {
          name: "Tokyo",
          state: null,
          country: "Japan",
          capital: true,
          population: 9000000,
          regions: ["kanto", "honshu"],
        },
      ],
      [
        "BJ",
        {
          name: "Beijing",
          state: null,
          country: "China",
          capital: true,
          population: 21500000,
          regions: ["jingjinji", "hebei"],
        },
      ],
      ["MI", { name: "Milano", country: "Italy", capital: false, population: 1352000.5 }],
    ];
    for (const [id, data] of cities) batch.set(db.collection("cities").doc(id), data);
    batch.set(db.doc("cities/SF/landmarks/gg"), { name: "Golden Gate Bridge", type: "bridge" });
    batch.set(db.doc("cities/SF/landmarks/lh"), { name: "Legion of Honor", type: "museum" });
    batch.set(db.doc("cities/TOK/landmarks/nm"), { name: "National Museum", type: "museum" });
    batch.set(db.doc("museums/x/landmarks/y"), { name: "Elsewhere", type: "museum" });
    await batch.commit();
  });

  const cities = () => db.collection("cities");

  it("every field filter operator", async () => {
    expect(ids(await cities().where("state", "==", "CA").get())).toEqual(["LA", "SF"]);
    expect(ids(await cities().where("population", "<", 1000000).get())).toEqual(["DC", "SF"]);
    expect(ids(await cities().where("population", "<=", 860000).get())).toEqual(["DC", "SF"]);
    expect(ids(await cities().where("population", ">", 9000000).get())).toEqual(["BJ"]);
    expect(ids(await cities().where("population", ">=", 9000000).get())).toEqual(["TOK", "BJ"]);
    expect(ids(await cities().where("capital", "!=", true).get())).toEqual(["MI", "LA", "SF"].sort());
    expect(ids(await cities().where("regions", "array-contains", "west_coast").get())).toEqual(["LA", "SF"]);
    expect(ids(await cities().where("country", "in", ["Japan", "Italy"]).get())).toEqual(["MI", "TOK"]);
    expect(ids(await cities().where("country", "not-in", ["USA", "Japan"]).get())).toEqual(["BJ", "MI"]);
    expect(ids(await cities().where("regions", "array-contains-any", ["socal", "kanto"]).get())).toEqual([
      "LA",
      "TOK",
    ]);
    expect(ids(await cities().where("state", "==", null).get())).toEqual(["BJ", "DC", "TOK"]);
    expect(ids(await cities().where("state", "!=", null).get())).toEqual(["LA", "SF"]);
    expect(ids(await cities().where(FieldPath.documentId(), "==", "SF").get())).toEqual(["SF"]);
    expect(ids(await cities().where(FieldPath.documentId(), "in", ["SF", "XX", "LA"]).get())).toEqual([
      "LA",
      "SF",
    ]);
  });

  it("NaN and null equality become unary filters", async () => {
    await db.doc("nums/a").set({ v: Number.NaN });
    await db.doc("nums/b").set({ v: 1 });
    await db.doc("nums/c").set({ v: null });
    expect(ids(await db.collection("nums").where("v", "==", Number.NaN).get())).toEqual(["a"]);
    expect(ids(await db.collection("nums").where("v", "!=", Number.NaN).get())).toEqual(["b"]);
    expect(ids(await db.collection("nums").where("v", "==", null).get())).toEqual(["c"]);
  });

  it("composite AND / OR filters", async () => {
    const { Filter } = await import("firebase-admin/firestore");
    const or = await cities()
      .where(
        Filter.or(
          Filter.where("country", "==", "Japan"),
          Filter.and(Filter.where("state", "==", "CA"), Filter.where("population", ">", 1000000)),
        ),
      )
      .get();
    expect(ids(or).sort()).toEqual(["LA", "TOK"]);
    const and = await cities().where("country", "==", "USA").where("capital", "==", false).get();
    expect(ids(and)).toEqual(["LA", "SF"]);
  });

  it("orderBy, limit, limitToLast, offset", async () => {
    expect(ids(await cities().orderBy("population").get())).toEqual(["DC", "SF", "MI", "LA", "TOK", "BJ"]);
    expect(ids(await cities().orderBy("population", "desc").limit(2).get())).toEqual(["BJ", "TOK"]);
    expect(ids(await cities().orderBy("population").limitToLast(2).get())).toEqual(["TOK", "BJ"]);
    expect(ids(await cities().orderBy("population").offset(2).limit(2).get())).toEqual(["MI", "LA"]);
    expect(ids(await cities().orderBy("state").get())).toEqual(["BJ", "DC", "TOK", "LA", "SF"]);
    expect(ids(await cities().where("population", ">", 1000000).orderBy("country").get())).toEqual([
      "BJ",
      "MI",
      "TOK",
      "LA",
    ]);
  });

  it("cursors: startAt, startAfter, endAt, endBefore, with snapshots", async () => {
    const byPop = cities().orderBy("population");
    expect(ids(await byPop.startAt(860000).get())).toEqual(["SF", "MI", "LA", "TOK", "BJ"]);
    expect(ids(await byPop.startAfter(860000).get())).toEqual(["MI", "LA", "TOK", "BJ"]);
    expect(ids(await byPop.endAt(1352000.5).get())).toEqual(["DC", "SF", "MI"]);
    expect(ids(await byPop.endBefore(1352000.5).get())).toEqual(["DC", "SF"]);
    const la = await db.doc("cities/LA").get();
    expect(ids(await byPop.startAfter(la).get())).toEqual(["TOK", "BJ"]);
    expect(
      ids(
        await cities().orderBy("country").orderBy("name").startAt("USA", "Los").endBefore("USA", "W").get(),
      ),
    ).toEqual(["LA", "SF"]);
    // Paging with limit + startAfter.
    const page1 = await byPop.limit(2).get();
    const page2 = await byPop.startAfter(page1.docs[1]).limit(2).get();
    expect([...ids(page1), ...ids(page2)]).toEqual(["DC", "SF", "MI", "LA"]);
  });

  it("collection group queries and subcollections", async () => {
    expect(ids(await db.collectionGroup("landmarks").where("type", "==", "museum").get())).toEqual([
      "lh",
      "nm",
      "y",
    ]);
    expect(ids(await db.collection("cities/SF/landmarks").orderBy("name", "desc").get())).toEqual([
      "lh",
      "gg",
    ]);
    const partitionless = await db.collectionGroup("landmarks").orderBy(FieldPath.documentId()).get();
    expect(partitionless.size).toBe(4);
  });

  it("select (field masks)", async () => {
    const snap = await cities().where("country", "==", "USA").select("name", "state").get();
    expect(snap.docs.map((d) => d.data())).toEqual([
      { name: "Washington, D.C.", state: null },
      { name: "Los Angeles", state: "CA" },
      { name: "San Francisco", state: "CA" },
    ]);
    const names = await cities().select().get();
    expect(names.docs[0]?.data()).toEqual({});
  });

  it("count, sum, avg aggregations", async () => {
    const { AggregateField } = await import("firebase-admin/firestore");
    expect((await cities().count().get()).data().count).toBe(6);
    expect((await cities().where("state", "==", "CA").count().get()).data().count).toBe(2);
    const agg = await cities()
      .where("country", "==", "USA")
      .aggregate({
        total: AggregateField.sum("population"),
        mean: AggregateField.average("population"),
        n: AggregateField.count(),
      })
      .get();
    expect(agg.data()).toEqual({ total: 5440000, mean: 5440000 / 3, n: 3 });
    const mixed = await cities()
      .aggregate({ total: AggregateField.sum("population"), none: AggregateField.average("nothing") })
      .get();
    expect(mixed.data().total).toBe(860000 + 3900000 + 680000 + 9000000 + 21500000 + 1352000.5);
    expect(mixed.data().none).toBeNull();
    expect((await cities().limit(2).count().get()).data().count).toBe(2);
  });

  it("stream()", async () => {
    const seen: string[] = [];
    for await (const doc of cities().orderBy("name").stream())
      seen.push((doc as unknown as FirebaseFirestore.QueryDocumentSnapshot).id);
    expect(seen).toEqual(["BJ", "LA", "MI", "SF", "TOK", "DC"]);
  });
});

describe("batches and bulk writes", () => {
  it("a batch is atomic", async () => {
    const b = db.batch();
    b.set(db.doc("b/1"), { v: 1 });
    b.update(db.doc("b/missing"), { v: 2 });
    await expect(b.commit()).rejects.toThrow(/No document to update/);
    expect((await db.doc("b/1").get()).exists).toBe(false);
    const ok = db.batch();
    ok.set(db.doc("b/1"), { v: 1 });
    ok.create(db.doc("b/2"), { v: 2 });
    ok.delete(db.doc("b/3"));
    const results = await ok.commit();
    expect(results).toHaveLength(3);
    expect((await db.collection("b").get()).size).toBe(2);
  });

  it("BulkWriter (batchWrite) reports per-write results", async () => {
    const writer = db.bulkWriter();
    const failures: string[] = [];
    writer.onWriteError((err) => {
      failures.push(err.documentRef.path);
      return false;
    });
    for (let i = 0; i < 30; i++) void writer.set(db.doc(`bulk/d${i}`), { i });
    void writer.update(db.doc("bulk/none"), { x: 1 }).catch(() => {});
    await writer.close();
    expect((await db.collection("bulk").count().get()).data().count).toBe(30);
    expect(failures).toEqual(["bulk/none"]);
  });
});

describe("listing and recursive delete", () => {
  it("listCollections, listDocuments (with missing parents) and recursiveDelete", async () => {
    await db.doc("tree/a").set({ x: 1 });
    await db.doc("tree/b/sub/c").set({ x: 2 });
    await db.doc("tree/a/kids/k1").set({ x: 3 });
    await db.doc("tree/a/pets/p1").set({ x: 4 });
    expect((await db.listCollections()).map((c) => c.id)).toEqual(["tree"]);
    expect((await db.doc("tree/a").listCollections()).map((c) => c.id).sort()).toEqual(["kids", "pets"]);
    expect((await db.collection("tree").listDocuments()).map((d) => d.id)).toEqual(["a", "b"]);
    await db.recursiveDelete(db.doc("tree/a"));
    expect((await db.doc("tree/a").get()).exists).toBe(false);
    expect((await db.collection("tree/a/kids").get()).size).toBe(0);
    expect((await db.doc("tree/b/sub/c").get()).exists).toBe(true);
    await db.recursiveDelete(db.collection("tree"));
    expect((await db.listCollections()).map((c) => c.id)).toEqual([]);
  });
});

describe("emulator endpoints and errors", () => {
  it("clear endpoint deletes every document of the project", async () => {
    await db.doc("x/y").set({ a: 1 });
    await clearProject();
    expect((await db.doc("x/y").get()).exists).toBe(false);
  });

  it("readiness endpoints", async () => {
    expect(await (await fetch(`${emu.url}/`)).text()).toMatch(/^Ok/);
    const ready = await fetch(`${emu.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });

  it("unsupported features answer UNIMPLEMENTED naming the feature", async () => {
    const explain = await errorOf(db.collection("x").explain({ analyze: true }));
    expect(explain.code).toBe(12);
    expect(explain.message).toMatch(/explain/);
    const vector = await errorOf(
      db
        .collection("x")
        .findNearest({ vectorField: "v", queryVector: [1, 2], limit: 2, distanceMeasure: "EUCLIDEAN" })
        .get(),
    );
    expect(vector.code).toBe(12);
    expect(vector.message).toMatch(/findNearest/);
  });

  it("malformed REST requests get INVALID_ARGUMENT with a message and the server keeps serving", async () => {
    const base = `${emu.url}/v1/projects/${admin.projectId}/databases/(default)/documents`;
    const bad = [
      { path: ":commit", body: "{not json" },
      { path: ":commit", body: JSON.stringify({ writes: [{ update: { name: "nope", fields: {} } }] }) },
      {
        path: ":runQuery",
        body: JSON.stringify({
          structuredQuery: { from: [{ collectionId: "a" }], where: { fieldFilter: { op: "EQUAL" } } },
        }),
      },
      { path: ":batchGet", body: JSON.stringify({ documents: [42] }) },
      {
        path: ":runAggregationQuery",
        body: JSON.stringify({ structuredAggregationQuery: { aggregations: [] } }),
      },
      { path: ":commit", body: JSON.stringify([1, 2]) },
    ];
    for (const b of bad) {
      const res = await fetch(`${base}${b.path}`, { method: "POST", body: b.body });
      expect(res.status, b.body).toBe(400);
      const json = (await res.json()) as { error: { status: string; message: string } };
      expect(json.error.status).toBe("INVALID_ARGUMENT");
      expect(json.error.message.length).toBeGreaterThan(10);
    }
    const unknown = await fetch(`${base}:partitionQuery`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(501);
    await db.doc("still/alive").set({ ok: true });
    expect((await db.doc("still/alive").get()).get("ok")).toBe(true);
  });
});
