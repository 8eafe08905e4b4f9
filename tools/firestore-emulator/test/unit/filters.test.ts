import { beforeEach, describe, expect, it } from "vitest";
import type { Engine } from "../../src/engine.ts";
import type { Database } from "../../src/store.ts";
import { d, fieldFilter, newEngine, query, setDoc } from "./helpers.ts";

let engine: Engine;
let db: Database;

const DOCS: Record<string, Record<string, unknown>> = {
  a: { v: 1, tags: ["x", "y"], s: "apple" },
  b: { v: d(1), tags: ["y"], s: "banana" },
  c: { v: 2, tags: [], s: "cherry" },
  d: { v: null, tags: ["z", 1] },
  e: { v: d(Number.NaN), tags: [null] },
  f: { v: "2", s: "fig" },
  g: { other: true },
  h: { v: [1, 2], tags: [d(1)] },
  i: { v: d(-0) },
  j: { v: { k: 1 } },
};

function where(filter: unknown): string[] {
  return query(db, { from: [{ collectionId: "c" }], where: filter }).map((p) => p.slice(2));
}

beforeEach(() => {
  ({ engine, db } = newEngine());
  for (const [id, data] of Object.entries(DOCS)) setDoc(engine, db, `c/${id}`, data);
});

describe("field filters", () => {
  it("== matches numerically across int/double and only same type class", () => {
    expect(where(fieldFilter("v", "EQUAL", 1))).toEqual(["a", "b"]);
    expect(where(fieldFilter("v", "EQUAL", d(1)))).toEqual(["a", "b"]);
    expect(where(fieldFilter("v", "EQUAL", "2"))).toEqual(["f"]);
    expect(where(fieldFilter("v", "EQUAL", 0))).toEqual(["i"]);
    expect(where(fieldFilter("v", "EQUAL", null))).toEqual(["d"]);
    expect(where(fieldFilter("v", "EQUAL", [1, 2]))).toEqual(["h"]);
    expect(where(fieldFilter("v", "EQUAL", { k: 1 }))).toEqual(["j"]);
  });

  it("!= excludes missing fields and nulls but keeps other types (ordered by the field)", () => {
    expect(where(fieldFilter("v", "NOT_EQUAL", 1))).toEqual(["e", "i", "c", "f", "h", "j"]);
  });

  it("range filters only match the same type class (NaN sorts below numbers)", () => {
    expect(where(fieldFilter("v", "GREATER_THAN", 1))).toEqual(["c"]);
    expect(where(fieldFilter("v", "GREATER_THAN_OR_EQUAL", 1))).toEqual(["a", "b", "c"]);
    expect(where(fieldFilter("v", "LESS_THAN", 1))).toEqual(["e", "i"]);
    expect(where(fieldFilter("v", "LESS_THAN_OR_EQUAL", d(0)))).toEqual(["e", "i"]);
    expect(where(fieldFilter("s", "LESS_THAN", "c"))).toEqual(["a", "b"]);
    expect(where(fieldFilter("v", "GREATER_THAN", null))).toEqual([]);
  });

  it("in matches numerically and matches null when null is listed", () => {
    expect(where(fieldFilter("v", "IN", [2, "2"]))).toEqual(["c", "f"]);
    // `in` is not an inequality: results stay in __name__ order.
    expect(where(fieldFilter("v", "IN", [null, d(1)]))).toEqual(["a", "b", "d"]);
    expect(where(fieldFilter("v", "IN", [d(Number.NaN)]))).toEqual(["e"]);
  });

  it("not-in excludes missing and null fields, and matches nothing when null is listed", () => {
    expect(where(fieldFilter("v", "NOT_IN", [1, 2]))).toEqual(["e", "i", "f", "h", "j"]);
    expect(where(fieldFilter("v", "NOT_IN", [null]))).toEqual([]);
  });

  it("array-contains and array-contains-any", () => {
    expect(where(fieldFilter("tags", "ARRAY_CONTAINS", "y"))).toEqual(["a", "b"]);
    expect(where(fieldFilter("tags", "ARRAY_CONTAINS", 1))).toEqual(["d", "h"]);
    expect(where(fieldFilter("tags", "ARRAY_CONTAINS", null))).toEqual(["e"]);
    expect(where(fieldFilter("tags", "ARRAY_CONTAINS_ANY", ["x", "z"]))).toEqual(["a", "d"]);
    expect(where(fieldFilter("v", "ARRAY_CONTAINS", 1))).toEqual(["h"]);
  });

  it("accepts numeric enums (admin enum-encoding=int)", () => {
    expect(where(fieldFilter("v", 5, 2))).toEqual(["c"]);
    expect(where({ unaryFilter: { op: 3, field: { fieldPath: "v" } } })).toEqual(["d"]);
  });

  it("validates in/not-in/array-contains-any operands", () => {
    expect(() => where(fieldFilter("v", "IN", 1))).toThrow(/non-empty array/);
    expect(() => where(fieldFilter("v", "IN", []))).toThrow(/non-empty array/);
    expect(() =>
      where(
        fieldFilter(
          "v",
          "NOT_IN",
          Array.from({ length: 11 }, (_, i) => i),
        ),
      ),
    ).toThrow(/at most 10/);
    expect(() => where(fieldFilter("v", "BOGUS", 1))).toThrow(/not a valid field filter operator/);
    expect(() => where(fieldFilter("__name__", "EQUAL", "a"))).toThrow(/reference/);
  });
});

describe("unary filters", () => {
  it("IS_NULL, IS_NAN, IS_NOT_NULL, IS_NOT_NAN", () => {
    expect(where({ unaryFilter: { op: "IS_NULL", field: { fieldPath: "v" } } })).toEqual(["d"]);
    expect(where({ unaryFilter: { op: "IS_NAN", field: { fieldPath: "v" } } })).toEqual(["e"]);
    expect(where({ unaryFilter: { op: "IS_NOT_NULL", field: { fieldPath: "v" } } })).toEqual([
      "e",
      "i",
      "a",
      "b",
      "c",
      "f",
      "h",
      "j",
    ]);
    expect(where({ unaryFilter: { op: "IS_NOT_NAN", field: { fieldPath: "v" } } })).toEqual([
      "i",
      "a",
      "b",
      "c",
      "f",
      "h",
      "j",
    ]);
  });
});

describe("composite filters", () => {
  it("AND and OR, nested", () => {
    const and = {
      compositeFilter: {
        op: "AND",
        filters: [fieldFilter("v", "GREATER_THAN_OR_EQUAL", 1), fieldFilter("s", "EQUAL", "banana")],
      },
    };
    expect(where(and)).toEqual(["b"]);
    const or = {
      compositeFilter: {
        op: "OR",
        filters: [fieldFilter("v", "EQUAL", 2), fieldFilter("s", "EQUAL", "fig")],
      },
    };
    expect(where(or)).toEqual(["c", "f"]);
    const nested = {
      compositeFilter: {
        op: 2,
        filters: [or, { compositeFilter: { op: 1, filters: [fieldFilter("other", "EQUAL", true)] } }],
      },
    };
    expect(where(nested)).toEqual(["c", "f", "g"]);
  });

  it("rejects empty composite filters and unknown ops", () => {
    expect(() => where({ compositeFilter: { op: "AND", filters: [] } })).toThrow(/at least one/);
    expect(() => where({ compositeFilter: { op: "XOR", filters: [fieldFilter("v", "EQUAL", 1)] } })).toThrow(
      /AND or OR/,
    );
  });
});

describe("__name__ filters", () => {
  it("compares document references", () => {
    const r = { referenceValue: "projects/unit/databases/(default)/documents/c/c" };
    expect(where({ fieldFilter: { field: { fieldPath: "__name__" }, op: "LESS_THAN", value: r } })).toEqual([
      "a",
      "b",
    ]);
    expect(
      where({
        fieldFilter: { field: { fieldPath: "__name__" }, op: "IN", value: { arrayValue: { values: [r] } } },
      }),
    ).toEqual(["c"]);
  });
});

describe("array operands", () => {
  it("in / not-in / array-contains-any accept arrays of arrays (documents cannot store them)", () => {
    setDoc(engine, db, "c/arr", { v: [1, 2] });
    expect(where(fieldFilter("v", "IN", [[1, 2], [3]]))).toEqual(["arr", "h"]);
    expect(where(fieldFilter("v", "NOT_IN", [[9]]))).toContain("arr");
    expect(() => where(fieldFilter("v", "EQUAL", [[1]]))).toThrow(/cannot directly contain arrays/);
  });
});
