// Browser SDK conformance: queries (every operator, AND/OR, ordering, limits, cursors, collection
// groups) and aggregations. Expected results follow Cloud Firestore's semantics: comparisons only match
// values of the same type class, `!=`/`not-in` exclude null and missing fields, orderBy on a field
// excludes documents without it, and values of different types order null < booleans < numbers <
// timestamps < strings < ... (the SDK adds the implicit orderBy for inequality fields and __name__).

import { beforeEach, describe, expect, test } from "vitest";
import type { QuerySpec, WireMap } from "../../support/page/protocol.ts";
import { value } from "../../support/page/wire.ts";
import { useBrowserSuite } from "./suite.ts";

const s = useBrowserSuite();

const PRODUCTS: Record<string, WireMap> = {
  p01: {
    name: "Bici da corsa",
    category: "sport",
    price: 450,
    stock: 2,
    tags: ["bici", "sport"],
    rating: 4.8,
    city: "Milano",
    specs: { size: "M" },
  },
  p02: {
    name: "Casco",
    category: "sport",
    price: 60,
    stock: 10,
    tags: ["sport", "sicurezza"],
    rating: 4.1,
    city: "Milano",
    specs: { size: "L" },
  },
  p03: {
    name: "Tenda",
    category: "outdoor",
    price: 120,
    stock: 0,
    tags: ["campeggio"],
    rating: 3.9,
    city: "Torino",
  },
  p04: {
    name: "Zaino",
    category: "outdoor",
    price: 45.5,
    stock: 7,
    tags: ["campeggio", "sport"],
    rating: 4.5,
    city: "Milano",
  },
  p05: { name: "Lampada", category: "casa", price: 25, stock: 15, tags: [], rating: 3.2, city: "Roma" },
  p06: {
    name: "Divano",
    category: "casa",
    price: 899,
    stock: 1,
    tags: ["arredo"],
    rating: 4.9,
    city: "Milano",
  },
  p07: { name: "Sedia", category: "casa", price: null, stock: 4, tags: ["arredo"], city: "Roma" },
  p08: { name: "Libro", category: "libri", stock: 30, tags: ["lettura"], rating: 4.0, city: "Torino" },
  p09: {
    name: "Pallone",
    category: "sport",
    price: 25,
    stock: 12,
    tags: ["sport", "calcio"],
    rating: 4.3,
    city: "Napoli",
  },
  p10: {
    name: "Tazza",
    category: "casa",
    price: "12",
    stock: 50,
    tags: ["cucina"],
    rating: 3.5,
    city: "Milano",
  },
};

const q = (extra: Omit<QuerySpec, "path"> = {}): QuerySpec => ({ path: "products", ...extra });

beforeEach(async () => {
  await s.alice.batch(
    Object.entries(PRODUCTS).map(([id, data]) => ({ op: "set" as const, path: `products/${id}`, data })),
  );
});

describe("field filters (each operator)", () => {
  test.each<[string, QuerySpec, string[]]>([
    [
      "== string",
      q({ where: [{ field: "category", op: "==", value: "casa" }] }),
      ["p05", "p06", "p07", "p10"],
    ],
    ["== number", q({ where: [{ field: "price", op: "==", value: 25 }] }), ["p05", "p09"]],
    ["== null", q({ where: [{ field: "price", op: "==", value: null }] }), ["p07"]],
    ["== on a nested field", q({ where: [{ field: "specs.size", op: "==", value: "M" }] }), ["p01"]],
    [
      "!= (excludes null and missing, any type, ordered by the field)",
      q({ where: [{ field: "price", op: "!=", value: 25 }] }),
      ["p04", "p02", "p03", "p01", "p06", "p10"],
    ],
    [
      "!= null",
      q({ where: [{ field: "price", op: "!=", value: null }] }),
      ["p05", "p09", "p04", "p02", "p03", "p01", "p06", "p10"],
    ],
    ["< (numbers only)", q({ where: [{ field: "price", op: "<", value: 60 }] }), ["p05", "p09", "p04"]],
    ["<=", q({ where: [{ field: "price", op: "<=", value: 60 }] }), ["p05", "p09", "p04", "p02"]],
    [">", q({ where: [{ field: "price", op: ">", value: 120 }] }), ["p01", "p06"]],
    [">=", q({ where: [{ field: "price", op: ">=", value: 120 }] }), ["p03", "p01", "p06"]],
    ["> string (strings only)", q({ where: [{ field: "price", op: ">", value: "1" }] }), ["p10"]],
    [
      "in",
      q({ where: [{ field: "category", op: "in", value: ["sport", "libri"] }] }),
      ["p01", "p02", "p08", "p09"],
    ],
    [
      "not-in (ordered by the field)",
      q({ where: [{ field: "category", op: "not-in", value: ["casa", "sport"] }] }),
      ["p08", "p03", "p04"],
    ],
    [
      "array-contains",
      q({ where: [{ field: "tags", op: "array-contains", value: "sport" }] }),
      ["p01", "p02", "p04", "p09"],
    ],
    [
      "array-contains-any",
      q({ where: [{ field: "tags", op: "array-contains-any", value: ["arredo", "calcio"] }] }),
      ["p06", "p07", "p09"],
    ],
    [
      "== map (key order does not matter)",
      q({ where: [{ field: "specs", op: "==", value: { size: "M" } }] }),
      ["p01"],
    ],
    [
      "== array (element order matters)",
      q({ where: [{ field: "tags", op: "==", value: ["sport", "sicurezza"] }] }),
      ["p02"],
    ],
    ["== array, other order", q({ where: [{ field: "tags", op: "==", value: ["sicurezza", "sport"] }] }), []],
    [
      "in with array values",
      q({ where: [{ field: "tags", op: "in", value: [["cucina"], ["lettura"], []] }] }),
      ["p05", "p08", "p10"],
    ],
    [
      "__name__ in",
      q({ where: [{ field: "__name__", op: "in", value: ["p03", "p01", "zz"] }] }),
      ["p01", "p03"],
    ],
    ["__name__ >=", q({ where: [{ field: "__name__", op: ">=", value: "p08" }] }), ["p08", "p09", "p10"]],
  ])("%s", async (_name, spec, expected) => {
    expect(await s.bruno.ids(spec)).toEqual(expected);
  });

  test("several where clauses are ANDed; equality plus range", async () => {
    const spec = q({
      where: [
        { field: "city", op: "==", value: "Milano" },
        { field: "price", op: "<", value: 100 },
      ],
    });
    expect(await s.bruno.ids(spec)).toEqual(["p04", "p02"]);
    expect(
      await s.bruno.ids(
        q({
          where: [
            { field: "category", op: "==", value: "sport" },
            { field: "tags", op: "array-contains", value: "sport" },
            { field: "stock", op: ">=", value: 10 },
          ],
        }),
      ),
    ).toEqual(["p02", "p09"]);
  });
});

describe("composite filters", () => {
  test("or()", async () => {
    const spec = q({
      where: [
        {
          or: [
            { field: "category", op: "==", value: "libri" },
            { field: "price", op: "==", value: 899 },
            { field: "name", op: "==", value: "Casco" },
          ],
        },
      ],
    });
    expect(await s.bruno.ids(spec)).toEqual(["p02", "p06", "p08"]);
  });

  test("and() of or() with inequalities (ordered by the inequality field)", async () => {
    const spec = q({
      where: [
        {
          or: [
            {
              and: [
                { field: "category", op: "==", value: "sport" },
                { field: "stock", op: ">", value: 5 },
              ],
            },
            { field: "city", op: "==", value: "Torino" },
          ],
        },
      ],
    });
    // The SDK orders by `stock` (the inequality field), then __name__.
    expect(await s.bruno.ids(spec)).toEqual(["p03", "p02", "p09", "p08"]);
    const both = q({
      where: [
        {
          and: [
            {
              or: [
                { field: "city", op: "==", value: "Milano" },
                { field: "city", op: "==", value: "Roma" },
              ],
            },
            {
              or: [
                { field: "category", op: "==", value: "casa" },
                { field: "rating", op: ">=", value: 4.8 },
              ],
            },
          ],
        },
      ],
    });
    // The inequality on `rating` adds orderBy(rating): p07 (casa, no rating) is excluded, as in Cloud Firestore.
    expect(await s.bruno.ids(both)).toEqual(["p05", "p10", "p01", "p06"]);
  });
});

describe("ordering, limits and cursors", () => {
  test("orderBy asc includes null first and excludes documents without the field; desc reverses", async () => {
    expect(await s.bruno.ids(q({ orderBy: ["price"] }))).toEqual([
      "p07",
      "p05",
      "p09",
      "p04",
      "p02",
      "p03",
      "p01",
      "p06",
      "p10",
    ]);
    expect(await s.bruno.ids(q({ orderBy: [["price", "desc"]], limit: 3 }))).toEqual(["p10", "p06", "p01"]);
    expect(await s.bruno.ids(q({ orderBy: [["rating", "desc"]], limit: 2 }))).toEqual(["p06", "p01"]);
  });

  test("multiple orderBy fields and __name__ desc", async () => {
    expect(await s.bruno.ids(q({ orderBy: ["city", ["stock", "desc"]] }))).toEqual([
      "p10",
      "p02",
      "p04",
      "p01",
      "p06",
      "p09",
      "p05",
      "p07",
      "p08",
      "p03",
    ]);
    expect(await s.bruno.ids(q({ orderBy: [["__name__", "desc"]], limit: 2 }))).toEqual(["p10", "p09"]);
  });

  test("limitToLast returns the last documents in query order", async () => {
    expect(await s.bruno.ids(q({ orderBy: ["price"], limitToLast: 2 }))).toEqual(["p06", "p10"]);
    expect(
      await s.bruno.ids(
        q({ where: [{ field: "category", op: "==", value: "sport" }], orderBy: ["stock"], limitToLast: 2 }),
      ),
    ).toEqual(["p02", "p09"]);
  });

  test("cursors: startAfter/startAt a document snapshot, and value cursors", async () => {
    const byPrice = { orderBy: ["price"] as QuerySpec["orderBy"] };
    expect(await s.bruno.ids(q({ ...byPrice, startAfter: { doc: "products/p09" }, limit: 3 }))).toEqual([
      "p04",
      "p02",
      "p03",
    ]);
    expect(await s.bruno.ids(q({ ...byPrice, startAt: { doc: "products/p09" }, limit: 2 }))).toEqual([
      "p09",
      "p04",
    ]);
    expect(await s.bruno.ids(q({ ...byPrice, startAfter: { values: [25] } }))).toEqual([
      "p04",
      "p02",
      "p03",
      "p01",
      "p06",
      "p10",
    ]);
    expect(await s.bruno.ids(q({ ...byPrice, endBefore: { values: [120] } }))).toEqual([
      "p07",
      "p05",
      "p09",
      "p04",
      "p02",
    ]);
    expect(
      await s.bruno.ids(q({ ...byPrice, startAt: { values: [45.5] }, endAt: { values: [450] } })),
    ).toEqual(["p04", "p02", "p03", "p01"]);
    // a cursor on (price, __name__): between the two documents priced 25
    expect(
      await s.bruno.ids(q({ orderBy: ["price", "__name__"], startAfter: { values: [25, "p05"] }, limit: 1 })),
    ).toEqual(["p09"]);
  });

  test("paging with startAfter(last snapshot) visits every document once, in order", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const ids = await s.bruno.ids(
        q({
          orderBy: [["stock", "desc"]],
          limit: 3,
          ...(cursor ? { startAfter: { doc: `products/${cursor}` } } : {}),
        }),
      );
      seen.push(...ids);
      if (ids.length < 3) break;
      cursor = ids.at(-1);
    }
    expect(seen).toEqual(["p10", "p08", "p05", "p09", "p02", "p04", "p07", "p01", "p06", "p03"]);
  });

  test("timestamps and mixed types order as Cloud Firestore does", async () => {
    await s.alice.batch([
      { op: "set", path: "mixed/a", data: { v: "testo" } },
      { op: "set", path: "mixed/b", data: { v: value.timestamp(new Date("2026-01-01T00:00:00Z")) } },
      { op: "set", path: "mixed/c", data: { v: 3 } },
      { op: "set", path: "mixed/d", data: { v: true } },
      { op: "set", path: "mixed/e", data: { v: null } },
      { op: "set", path: "mixed/f", data: { v: { m: 1 } } },
      { op: "set", path: "mixed/g", data: { v: [1, 2] } },
      { op: "set", path: "mixed/h", data: { v: value.timestamp(new Date("2025-01-01T00:00:00Z")) } },
      { op: "set", path: "mixed/i", data: { v: -1.5 } },
      { op: "set", path: "mixed/j", data: { v: value.ref("products/p01") } },
      { op: "set", path: "mixed/k", data: { v: value.geo(1, 2) } },
      { op: "set", path: "mixed/l", data: { v: value.bytes("AAE=") } },
      { op: "set", path: "mixed/m", data: { other: 1 } },
    ]);
    // null < boolean < number < timestamp < string < bytes < reference < geopoint < array < map
    expect(await s.bruno.ids({ path: "mixed", orderBy: ["v"] })).toEqual([
      "e",
      "d",
      "i",
      "c",
      "h",
      "b",
      "a",
      "l",
      "j",
      "k",
      "g",
      "f",
    ]);
    const since = value.timestamp(new Date("2025-06-01T00:00:00Z"));
    expect(await s.bruno.ids({ path: "mixed", where: [{ field: "v", op: ">", value: since }] })).toEqual([
      "b",
    ]);
  });
});

describe("collection groups and subcollections", () => {
  test("collectionGroup matches every collection with that id, at any depth, and only those", async () => {
    await s.alice.batch([
      { op: "set", path: "shops/s1/reviews/r1", data: { stars: 5, by: "alice" } },
      { op: "set", path: "shops/s2/reviews/r2", data: { stars: 3, by: "bruno" } },
      { op: "set", path: "users/u1/reviews/r3", data: { stars: 4, by: "carla" } },
      { op: "set", path: "reviews/r4", data: { stars: 4, by: "dario" } },
      { op: "set", path: "shops/s1/reviews/r1/reviews/r5", data: { stars: 1, by: "deep" } },
      { op: "set", path: "shops/s1/reviewsArchive/x1", data: { stars: 5, by: "archived" } },
      { op: "set", path: "shops/s1/reviews/r1/replies/y1", data: { stars: 5, by: "reply" } },
    ]);
    const all = await s.bruno.query({ path: "reviews", collectionGroup: true, orderBy: [["stars", "desc"]] });
    expect(all.map((d) => d.path)).toEqual([
      "shops/s1/reviews/r1",
      // ties on stars: __name__ follows the last orderBy direction (desc), comparing full paths
      "users/u1/reviews/r3",
      "reviews/r4",
      "shops/s2/reviews/r2",
      "shops/s1/reviews/r1/reviews/r5",
    ]);
    const good = await s.bruno.query({
      path: "reviews",
      collectionGroup: true,
      where: [{ field: "stars", op: ">=", value: 4 }],
    });
    expect(good.map((d) => d.data?.by)).toEqual(["dario", "carla", "alice"]);
    expect(await s.bruno.ids({ path: "shops/s1/reviews" })).toEqual(["r1"]);
  });
});

describe("aggregations", () => {
  test("getCountFromServer counts matches (and honours limit)", async () => {
    expect(await s.bruno.count(q())).toBe(10);
    expect(await s.bruno.count(q({ where: [{ field: "category", op: "==", value: "casa" }] }))).toBe(4);
    expect(
      await s.bruno.count(q({ where: [{ field: "tags", op: "array-contains", value: "sport" }], limit: 3 })),
    ).toBe(3);
    expect(await s.bruno.count(q({ where: [{ field: "category", op: "==", value: "nessuna" }] }))).toBe(0);
    expect(await s.bruno.count({ path: "reviews", collectionGroup: true })).toBe(0);
  });

  test("getAggregateFromServer sum and average ignore non-numeric values; empty sets give 0 and null", async () => {
    const sport = await s.bruno.aggregate(q({ where: [{ field: "category", op: "==", value: "sport" }] }), {
      n: { op: "count" },
      total: { op: "sum", field: "price" },
      mean: { op: "avg", field: "price" },
      stock: { op: "sum", field: "stock" },
    });
    expect(sport.n).toBe(3);
    expect(sport.total).toBe(535);
    expect(sport.mean).toBeCloseTo(535 / 3, 10);
    expect(sport.stock).toBe(24);

    // price: null (p07), missing (p08) and "12" (p10) are ignored
    const all = await s.bruno.aggregate(q(), {
      total: { op: "sum", field: "price" },
      mean: { op: "avg", field: "price" },
    });
    expect(all.total).toBeCloseTo(1624.5, 10);
    expect(all.mean).toBeCloseTo(1624.5 / 7, 10);

    // sums mix integers and doubles; aggregations honour cursors and collection groups
    expect((await s.bruno.aggregate(q(), { r: { op: "sum", field: "rating" } })).r).toBeCloseTo(37.2, 10);
    expect(await s.bruno.count(q({ orderBy: ["price"], startAfter: { doc: "products/p09" } }))).toBe(6);
    const afterCursor = await s.bruno.aggregate(
      q({ orderBy: ["price"], startAfter: { doc: "products/p09" }, limit: 3 }),
      {
        total: { op: "sum", field: "price" },
        n: { op: "count" },
      },
    );
    expect(afterCursor).toEqual({ total: 225.5, n: 3 });
    expect(
      await s.bruno.count(
        q({
          where: [
            {
              or: [
                { field: "city", op: "==", value: "Roma" },
                { field: "stock", op: ">=", value: 30 },
              ],
            },
          ],
        }),
      ),
    ).toBe(4);

    const none = await s.bruno.aggregate(q({ where: [{ field: "category", op: "==", value: "nessuna" }] }), {
      n: { op: "count" },
      total: { op: "sum", field: "price" },
      mean: { op: "avg", field: "price" },
    });
    expect(none).toEqual({ n: 0, total: 0, mean: null });
  });
});
