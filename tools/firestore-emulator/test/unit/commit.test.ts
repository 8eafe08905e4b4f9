import { beforeEach, describe, expect, it } from "vitest";
import type { Engine } from "../../src/engine.ts";
import { FirestoreError } from "../../src/errors.ts";
import { getField } from "../../src/fields.ts";
import type { Database } from "../../src/store.ts";
import { formatMicros } from "../../src/time.ts";
import { compareValues, type Value } from "../../src/values.ts";
import { d, fieldsJson, json, newEngine, ROOT, setDoc, toValue, write } from "./helpers.ts";

let engine: Engine;
let db: Database;

const name = (p: string) => `${ROOT}/${p}`;
const field = (path: string, f: string) => {
  const doc = db.get(path);
  return doc ? getField(doc.fields, f.split(".")) : undefined;
};
const same = (a: Value | undefined, b: unknown) =>
  a !== undefined && compareValues(a, toValue(b)) === 0 && a.t === toValue(b).t;

function statusOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof FirestoreError) return e.status;
    throw e;
  }
  return "OK";
}

beforeEach(() => {
  ({ engine, db } = newEngine());
  setDoc(engine, db, "c/a", { x: 1, nested: { a: 1, b: { c: 2 } }, "we.ird": 1 });
});

describe("update masks", () => {
  it("replaces the whole document without a mask", () => {
    write(engine, db, { update: { name: name("c/a"), fields: fieldsJson({ y: 2 }) } });
    expect(field("c/a", "x")).toBeUndefined();
    expect(same(field("c/a", "y"), 2)).toBe(true);
  });

  it("sets and deletes nested and backquoted paths through the mask", () => {
    write(engine, db, {
      update: { name: name("c/a"), fields: fieldsJson({ nested: { b: { d: 5 } }, "we.ird": 7 }) },
      updateMask: { fieldPaths: ["nested.b.d", "nested.a", "`we.ird`", "missing.deep"] },
      currentDocument: { exists: true },
    });
    expect(field("c/a", "nested.a")).toBeUndefined();
    expect(same(field("c/a", "nested.b.c"), 2)).toBe(true);
    expect(same(field("c/a", "nested.b.d"), 5)).toBe(true);
    expect(same(db.get("c/a")?.fields.get("we.ird"), 7)).toBe(true);
    expect(same(field("c/a", "x"), 1)).toBe(true);
  });

  it("an empty mask with transforms creates or touches only the transformed fields", () => {
    write(engine, db, {
      update: { name: name("c/new"), fields: {} },
      updateMask: {},
      updateTransforms: [{ fieldPath: "n", increment: json(2) }],
    });
    expect(same(field("c/new", "n"), 2)).toBe(true);
  });

  it("replacing a non-map with a nested path creates the map", () => {
    write(engine, db, {
      update: { name: name("c/a"), fields: fieldsJson({ x: { y: 1 } }) },
      updateMask: { fieldPaths: ["x.y"] },
    });
    expect(same(field("c/a", "x.y"), 1)).toBe(true);
  });
});

describe("preconditions", () => {
  it("exists: true fails with NOT_FOUND on a missing document", () => {
    expect(
      statusOf(() =>
        write(engine, db, { update: { name: name("c/zz"), fields: {} }, currentDocument: { exists: true } }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      statusOf(() => write(engine, db, { delete: name("c/zz"), currentDocument: { exists: true } })),
    ).toBe("NOT_FOUND");
  });

  it("exists: false fails with ALREADY_EXISTS on an existing document", () => {
    expect(
      statusOf(() =>
        write(engine, db, { update: { name: name("c/a"), fields: {} }, currentDocument: { exists: false } }),
      ),
    ).toBe("ALREADY_EXISTS");
  });

  it("updateTime must match exactly (FAILED_PRECONDITION otherwise)", () => {
    const doc = db.get("c/a");
    const ut = formatMicros(doc?.updateTime ?? 0);
    expect(
      statusOf(() => write(engine, db, { verify: name("c/a"), currentDocument: { updateTime: ut } })),
    ).toBe("OK");
    expect(
      statusOf(() =>
        write(engine, db, { verify: name("c/a"), currentDocument: { updateTime: "2000-01-01T00:00:00Z" } }),
      ),
    ).toBe("FAILED_PRECONDITION");
    expect(
      statusOf(() => write(engine, db, { verify: name("c/none"), currentDocument: { updateTime: ut } })),
    ).toBe("FAILED_PRECONDITION");
    // The same instant with 9 fraction digits matches.
    const nine = ut.replace(/\.(\d+)Z$/, (_m, f: string) => `.${f.padEnd(9, "0")}Z`);
    expect(
      statusOf(() => write(engine, db, { verify: name("c/a"), currentDocument: { updateTime: nine } })),
    ).toBe("OK");
  });

  it("a failing write leaves the whole commit unapplied", () => {
    expect(
      statusOf(() =>
        write(
          engine,
          db,
          { update: { name: name("c/b"), fields: fieldsJson({ v: 1 }) } },
          { update: { name: name("c/zz"), fields: {} }, currentDocument: { exists: true } },
        ),
      ),
    ).toBe("NOT_FOUND");
    expect(db.get("c/b")).toBeUndefined();
  });
});

describe("versions and results", () => {
  it("gives one transform result per transform and strictly increasing versions", () => {
    const before = db.get("c/a")?.updateTime ?? 0;
    const out = write(engine, db, {
      update: { name: name("c/a"), fields: {} },
      updateMask: {},
      updateTransforms: [
        { fieldPath: "t", setToServerValue: "REQUEST_TIME" },
        { fieldPath: "x", increment: json(2) },
        { fieldPath: "arr", appendMissingElements: { values: [json(1)] } },
        { fieldPath: "arr2", removeAllFromArray: { values: [json(1)] } },
        { fieldPath: "m", maximum: json(d(1.5)) },
        { fieldPath: "n", minimum: json(3) },
      ],
    });
    const r = out.writeResults[0];
    expect(r?.transformResults.map((v) => v.t)).toEqual(["ts", "int", "null", "null", "double", "int"]);
    expect(out.commitTime).toBeGreaterThan(before);
    expect(db.get("c/a")?.updateTime).toBe(out.commitTime);
  });

  it("a write that changes nothing keeps the previous update time", () => {
    const before = db.get("c/a");
    const out = write(engine, db, {
      update: { name: name("c/a"), fields: fieldsJson({ x: 1 }) },
      updateMask: { fieldPaths: ["x"] },
    });
    expect(out.writeResults[0]?.updateTime).toBe(before?.updateTime);
    expect(out.changes).toEqual([]);
    expect(db.get("c/a")).toBe(before);
  });

  it("keeps createTime across updates and resets it after delete", () => {
    const created = db.get("c/a")?.createTime;
    setDoc(engine, db, "c/a", { y: 1 });
    expect(db.get("c/a")?.createTime).toBe(created);
    write(engine, db, { delete: name("c/a") });
    expect(db.get("c/a")).toBeUndefined();
    setDoc(engine, db, "c/a", { y: 1 });
    expect(db.get("c/a")?.createTime).not.toBe(created);
  });

  it("deleting a missing document succeeds", () => {
    expect(statusOf(() => write(engine, db, { delete: name("c/none") }))).toBe("OK");
  });
});

describe("validation", () => {
  it("rejects malformed writes with INVALID_ARGUMENT", () => {
    const bad: unknown[] = [
      {},
      { update: { name: name("c"), fields: {} } },
      { update: { name: "projects/other/databases/(default)/documents/c/a", fields: {} } },
      { update: { name: name("c/__x__"), fields: {} } },
      { update: { name: name("c/a"), fields: {} }, delete: name("c/a") },
      { update: { name: name("c/a"), fields: { x: { bogus: 1 } } } },
      { update: { name: name("c/a"), fields: {} }, updateMask: { fieldPaths: ["a..b"] } },
      {
        update: { name: name("c/a"), fields: {} },
        updateTransforms: [{ fieldPath: "x", increment: json("s") }],
      },
      { update: { name: name("c/a"), fields: {} }, updateTransforms: [{ fieldPath: "x" }] },
      { verify: name("c/a") },
      {
        update: { name: name("c/a"), fields: {} },
        currentDocument: { exists: true, updateTime: "2020-01-01T00:00:00Z" },
      },
    ];
    for (const w of bad)
      expect(
        statusOf(() => write(engine, db, w)),
        JSON.stringify(w),
      ).toBe("INVALID_ARGUMENT");
  });

  it("rejects documents over 1 MiB", () => {
    const big = "x".repeat(1_100_000);
    expect(statusOf(() => setDoc(engine, db, "c/big", { big }))).toBe("INVALID_ARGUMENT");
  });
});
