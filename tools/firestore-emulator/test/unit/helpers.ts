/** Helpers for engine unit tests: JS → Value, a fresh engine, quick commits and queries. */
import { parseWrite } from "../../src/commit.ts";
import { Engine } from "../../src/engine.ts";
import { createLogger } from "../../src/log.ts";
import type { DatabaseId } from "../../src/paths.ts";
import { parseStructuredQuery, runQuery } from "../../src/query.ts";
import type { Database, DocRecord } from "../../src/store.ts";
import { encodeValue, type Value } from "../../src/values.ts";

export const DB: DatabaseId = { project: "unit", database: "(default)" };
export const ROOT = "projects/unit/databases/(default)/documents";

/** Marks a number to be encoded as a double even if integral. */
export class Dbl {
  constructor(readonly v: number) {}
}
export const d = (v: number) => new Dbl(v);

export class Ref {
  constructor(readonly path: string) {}
}
export const ref = (path: string) => new Ref(path);

export function toValue(x: unknown): Value {
  if (x === null) return { t: "null" };
  if (x instanceof Dbl) return { t: "double", v: x.v };
  if (x instanceof Ref) return { t: "ref", v: `${ROOT}/${x.path}` };
  if (typeof x === "boolean") return { t: "bool", v: x };
  if (typeof x === "bigint") return { t: "int", v: x };
  if (typeof x === "number")
    return Number.isInteger(x) && !Object.is(x, -0) ? { t: "int", v: BigInt(x) } : { t: "double", v: x };
  if (typeof x === "string") return { t: "str", v: x };
  if (x instanceof Date) {
    const ms = x.getTime();
    const s = Math.floor(ms / 1000);
    return { t: "ts", s, n: (ms - s * 1000) * 1_000_000 };
  }
  if (Buffer.isBuffer(x)) return { t: "bytes", v: x };
  if (Array.isArray(x)) return { t: "arr", v: x.map(toValue) };
  if (typeof x === "object") {
    const geo = x as { lat?: unknown; lng?: unknown; __geo?: boolean };
    if (geo.__geo) return { t: "geo", lat: Number(geo.lat), lng: Number(geo.lng) };
    return {
      t: "map",
      v: new Map(Object.entries(x as Record<string, unknown>).map(([k, v]) => [k, toValue(v)])),
    };
  }
  throw new Error(`cannot convert ${String(x)}`);
}

export const geo = (lat: number, lng: number) => ({ __geo: true, lat, lng });

export function json(x: unknown): Record<string, unknown> {
  return encodeValue(toValue(x), false);
}

export function fieldsJson(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, json(v)]));
}

export function newEngine(): { engine: Engine; db: Database } {
  const engine = new Engine(createLogger(false));
  return { engine, db: engine.db(DB) };
}

export function setDoc(engine: Engine, db: Database, path: string, data: Record<string, unknown>) {
  return engine.commit(db, [
    parseWrite(DB, { update: { name: `${ROOT}/${path}`, fields: fieldsJson(data) } }),
  ]);
}

export function write(engine: Engine, db: Database, ...writes: unknown[]) {
  return engine.commit(
    db,
    writes.map((w, i) => parseWrite(DB, w, `writes[${i}]`)),
  );
}

export function query(db: Database, structuredQuery: Record<string, unknown>, parent = ""): string[] {
  const q = parseStructuredQuery(DB, parent, structuredQuery);
  return runQuery(db, q).map((doc: DocRecord) => doc.path);
}

export function fieldFilter(field: string, op: string | number, value: unknown) {
  return { fieldFilter: { field: { fieldPath: field }, op, value: json(value) } };
}
