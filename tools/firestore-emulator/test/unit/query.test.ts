import { beforeEach, describe, expect, it } from "vitest";
import type { Engine } from "../../src/engine.ts";
import { parseStructuredQuery } from "../../src/query.ts";
import type { Database } from "../../src/store.ts";
import { DB, d, fieldFilter, json, newEngine, query, ROOT, setDoc } from "./helpers.ts";

let engine: Engine;
let db: Database;

const order = (field: string, direction: string | number = "ASCENDING") => ({
  field: { fieldPath: field },
  direction,
});
const ids = (paths: string[]) => paths.map((p) => p.split("/").pop());
const refJson = (path: string) => ({ referenceValue: `${ROOT}/${path}` });

beforeEach(() => {
  ({ engine, db } = newEngine());
  setDoc(engine, db, "cities/SF", { name: "San Francisco", state: "CA", pop: 860000, region: { zone: 1 } });
  setDoc(engine, db, "cities/LA", { name: "Los Angeles", state: "CA", pop: 3900000, region: { zone: 2 } });
  setDoc(engine, db, "cities/DC", { name: "Washington", state: null, pop: 680000 });
  setDoc(engine, db, "cities/TOK", { name: "Tokyo", pop: d(9000000), region: { zone: 1 } });
  setDoc(engine, db, "cities/BJ", { name: "Beijing", state: "BJ" });
  setDoc(engine, db, "cities/SF/landmarks/golden", { name: "Golden Gate", type: "bridge" });
  setDoc(engine, db, "cities/TOK/landmarks/tower", { name: "Tokyo Tower", type: "tower" });
  setDoc(engine, db, "other/x/landmarks/y", { name: "Elsewhere", type: "bridge" });
  setDoc(engine, db, "cities/LA/museums/getty", { name: "Getty" });
});

describe("ordering", () => {
  it("orders by __name__ by default", () => {
    expect(ids(query(db, { from: [{ collectionId: "cities" }] }))).toEqual(["BJ", "DC", "LA", "SF", "TOK"]);
  });

  it("orderBy excludes documents missing the field and breaks ties by __name__ in the last direction", () => {
    expect(ids(query(db, { from: [{ collectionId: "cities" }], orderBy: [order("pop")] }))).toEqual([
      "DC",
      "SF",
      "LA",
      "TOK",
    ]);
    expect(
      ids(query(db, { from: [{ collectionId: "cities" }], orderBy: [order("state", "DESCENDING")] })),
    ).toEqual(["SF", "LA", "BJ", "DC"]);
    expect(
      ids(
        query(db, { from: [{ collectionId: "cities" }], orderBy: [order("region.zone"), order("name", 2)] }),
      ),
    ).toEqual(["TOK", "SF", "LA"]);
  });

  it("adds inequality fields to the implicit ordering", () => {
    const q = parseStructuredQuery(DB, "", {
      from: [{ collectionId: "cities" }],
      where: fieldFilter("pop", "GREATER_THAN", 700000),
    });
    expect(q.orderBy.map((o) => [o.path.join("."), o.dir])).toEqual([
      ["pop", 1],
      ["__name__", 1],
    ]);
    expect(
      ids(
        query(db, { from: [{ collectionId: "cities" }], where: fieldFilter("pop", "GREATER_THAN", 700000) }),
      ),
    ).toEqual(["SF", "LA", "TOK"]);
    const q2 = parseStructuredQuery(DB, "", {
      from: [{ collectionId: "cities" }],
      where: {
        compositeFilter: {
          op: "AND",
          filters: [fieldFilter("pop", "GREATER_THAN", 1), fieldFilter("name", "NOT_EQUAL", "x")],
        },
      },
      orderBy: [order("state", "DESCENDING")],
    });
    expect(q2.orderBy.map((o) => [o.path.join("."), o.dir])).toEqual([
      ["state", -1],
      ["name", -1],
      ["pop", -1],
      ["__name__", -1],
    ]);
  });

  it("rejects duplicate orderBy fields", () => {
    expect(() =>
      query(db, { from: [{ collectionId: "cities" }], orderBy: [order("pop"), order("pop")] }),
    ).toThrow(/more than once/);
  });
});

describe("limit, limitToLast, offset", () => {
  it("limit keeps the first N in order", () => {
    expect(ids(query(db, { from: [{ collectionId: "cities" }], orderBy: [order("pop")], limit: 2 }))).toEqual(
      ["DC", "SF"],
    );
    expect(
      ids(query(db, { from: [{ collectionId: "cities" }], orderBy: [order("pop")], limit: { value: 0 } })),
    ).toEqual([]);
  });

  it("limitToLast is sent as reversed order + limit (the SDKs flip the result)", () => {
    expect(
      ids(query(db, { from: [{ collectionId: "cities" }], orderBy: [order("pop", "DESCENDING")], limit: 2 })),
    ).toEqual(["TOK", "LA"]);
  });

  it("offset skips after ordering", () => {
    expect(
      ids(query(db, { from: [{ collectionId: "cities" }], orderBy: [order("pop")], offset: 1, limit: 2 })),
    ).toEqual(["SF", "LA"]);
    expect(ids(query(db, { from: [{ collectionId: "cities" }], offset: 10 }))).toEqual([]);
    expect(() => query(db, { from: [{ collectionId: "cities" }], limit: -1 })).toThrow(/negative/);
  });
});

describe("cursors", () => {
  const byPop = { from: [{ collectionId: "cities" }], orderBy: [order("pop"), order("__name__")] };
  it("startAt / startAfter / endAt / endBefore on a field", () => {
    expect(ids(query(db, { ...byPop, startAt: { values: [json(860000)], before: true } }))).toEqual([
      "SF",
      "LA",
      "TOK",
    ]);
    expect(ids(query(db, { ...byPop, startAt: { values: [json(860000)], before: false } }))).toEqual([
      "LA",
      "TOK",
    ]);
    expect(ids(query(db, { ...byPop, endAt: { values: [json(3900000)], before: false } }))).toEqual([
      "DC",
      "SF",
      "LA",
    ]);
    expect(ids(query(db, { ...byPop, endAt: { values: [json(3900000)], before: true } }))).toEqual([
      "DC",
      "SF",
    ]);
  });

  it("uses __name__ to disambiguate equal values", () => {
    const byState = { from: [{ collectionId: "cities" }], orderBy: [order("state"), order("__name__")] };
    expect(
      ids(query(db, { ...byState, startAt: { values: [json("CA"), refJson("cities/LA")], before: false } })),
    ).toEqual(["SF"]);
    expect(ids(query(db, { ...byState, startAt: { values: [json("CA")], before: true } }))).toEqual([
      "LA",
      "SF",
    ]);
  });

  it("cursor positions follow descending order", () => {
    const q = { from: [{ collectionId: "cities" }], orderBy: [order("pop", "DESCENDING")] };
    expect(ids(query(db, { ...q, startAt: { values: [json(3900000)], before: false } }))).toEqual([
      "SF",
      "DC",
    ]);
  });

  it("cursor on __name__ only, and validation", () => {
    expect(
      ids(
        query(db, {
          from: [{ collectionId: "cities" }],
          startAt: { values: [refJson("cities/LA")], before: true },
        }),
      ),
    ).toEqual(["LA", "SF", "TOK"]);
    expect(() =>
      query(db, { from: [{ collectionId: "cities" }], startAt: { values: [json("LA")], before: true } }),
    ).toThrow(/reference/);
    expect(() =>
      query(db, { ...byPop, startAt: { values: [json(1), refJson("cities/LA"), json(2)] } }),
    ).toThrow(/orders by only/);
  });
});

describe("scopes", () => {
  it("queries a subcollection under a parent document", () => {
    expect(ids(query(db, { from: [{ collectionId: "landmarks" }] }, "cities/SF"))).toEqual(["golden"]);
  });

  it("collection group queries (allDescendants) across parents, optionally under a parent", () => {
    expect(
      ids(
        query(db, {
          from: [{ collectionId: "landmarks", allDescendants: true }],
          where: fieldFilter("type", "EQUAL", "bridge"),
        }),
      ),
    ).toEqual(["golden", "y"]);
    expect(
      ids(query(db, { from: [{ collectionId: "landmarks", allDescendants: true }] }, "cities/TOK")),
    ).toEqual(["tower"]);
  });

  it("kindless queries list every descendant (recursiveDelete)", () => {
    const paths = query(db, { from: [{ allDescendants: true }] }, "cities/LA");
    expect(paths).toEqual(["cities/LA/museums/getty"]);
    const all = query(db, {
      from: [{ allDescendants: true }],
      where: {
        compositeFilter: {
          op: "AND",
          filters: [
            {
              fieldFilter: {
                field: { fieldPath: "__name__" },
                op: "GREATER_THAN_OR_EQUAL",
                value: refJson("cities/__id-9223372036854775808__"),
              },
            },
            {
              fieldFilter: {
                field: { fieldPath: "__name__" },
                op: "LESS_THAN",
                value: refJson("cities\u0000/__id-9223372036854775808__"),
              },
            },
          ],
        },
      },
    });
    expect(all.length).toBe(8);
  });

  it("validates from", () => {
    expect(() => query(db, { from: [] })).toThrow(/exactly one/);
    expect(() => query(db, { from: [{}] })).toThrow(/collectionId is required/);
    expect(() => query(db, { from: [{ collectionId: "a" }], findNearest: {} })).toThrow(/findNearest/);
    expect(() => query(db, { from: [{ collectionId: "a" }], having: 1 })).toThrow(/unknown field/);
  });
});

describe("equality index", () => {
  it("returns the same results as a scan and stays correct across updates", () => {
    for (let i = 0; i < 2500; i++)
      setDoc(engine, db, `big/d${String(i).padStart(5, "0")}`, { k: i % 7, w: i % 2 === 0 ? i : d(i) });
    const q = {
      from: [{ collectionId: "big" }],
      where: fieldFilter("k", "EQUAL", 3),
      orderBy: [order("w", 2)],
      limit: 5,
    };
    const expected = Array.from({ length: 2500 }, (_, i) => i)
      .filter((i) => i % 7 === 3)
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map((i) => `d${String(i).padStart(5, "0")}`);
    expect(ids(query(db, q))).toEqual(expected);
    // Move a document into and out of the bucket.
    setDoc(engine, db, "big/d00000", { k: d(3), w: 10_000 });
    expect(ids(query(db, q))[0]).toBe("d00000");
    setDoc(engine, db, "big/d00000", { k: 4, w: 10_000 });
    expect(ids(query(db, q))).toEqual(expected);
    // Integral doubles and big ints share keys.
    setDoc(engine, db, "big/huge", { k: 2 ** 62 });
    expect(
      ids(query(db, { from: [{ collectionId: "big" }], where: fieldFilter("k", "EQUAL", d(2 ** 62)) })),
    ).toEqual(["huge"]);
  });
});
