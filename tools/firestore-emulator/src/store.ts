/** In-memory documents, indexed per collection and per collection group. */
import { getField } from "./fields.ts";
import { type DatabaseId, databaseName, type FieldPath, lastSegment, parentOf } from "./paths.ts";
import type { Micros } from "./time.ts";
import { encodeFields, type FieldsMap, type JsonValue, type Value } from "./values.ts";

export interface DocRecord {
  /** Path relative to the database root: `col/doc[/col/doc…]`. */
  readonly path: string;
  readonly segs: readonly string[];
  readonly fields: FieldsMap;
  readonly createTime: Micros;
  readonly updateTime: Micros;
  /** Lazily encoded fields (string enums / int enums); records are immutable so caching is safe. */
  encoded?: { str?: JsonValue; int?: JsonValue };
}

export function makeDoc(path: string, fields: FieldsMap, createTime: Micros, updateTime: Micros): DocRecord {
  return { path, segs: path.split("/"), fields, createTime, updateTime };
}

export function encodedFields(doc: DocRecord, intEnums: boolean): JsonValue {
  const cache = doc.encoded ?? {};
  doc.encoded = cache;
  const hit = intEnums ? cache.int : cache.str;
  if (hit) return hit;
  const encoded = encodeFields(doc.fields, intEnums);
  if (intEnums) cache.int = encoded;
  else cache.str = encoded;
  return encoded;
}

/**
 * Equality index key: equal keys for values that compare equal (1 and 1.0 share a key);
 * undefined for values the index does not cover (arrays, maps, bytes, references, geopoints).
 */
export function equalityKey(v: Value): string | undefined {
  switch (v.t) {
    case "null":
      return "z";
    case "bool":
      return v.v ? "b1" : "b0";
    case "int":
      return `n${v.v.toString()}`;
    case "double":
      // Integral doubles share the integer's key (2^62 as int and as double are equal).
      return Number.isInteger(v.v) ? `n${BigInt(v.v).toString()}` : `n${v.v.toString()}`;
    case "ts":
      return `t${v.s}.${v.n}`;
    case "str":
      return `s${v.v}`;
    default:
      return undefined;
  }
}

interface EqualityIndex {
  readonly path: FieldPath;
  readonly buckets: Map<string, Set<DocRecord>>;
}

export class Collection {
  readonly docs = new Map<string, DocRecord>();
  /** Lazily built equality indexes, by field path key; maintained on every write. */
  private readonly indexes = new Map<string, EqualityIndex>();

  constructor(
    readonly path: string,
    readonly id: string,
    readonly parent: string,
  ) {}

  get size(): number {
    return this.docs.size;
  }

  set(doc: DocRecord): void {
    const old = this.docs.get(doc.path);
    this.docs.set(doc.path, doc);
    for (const idx of this.indexes.values()) {
      if (old) this.unindex(idx, old);
      this.index(idx, doc);
    }
  }

  remove(path: string): void {
    const old = this.docs.get(path);
    if (!old) return;
    this.docs.delete(path);
    for (const idx of this.indexes.values()) this.unindex(idx, old);
  }

  private index(idx: EqualityIndex, doc: DocRecord): void {
    const v = getField(doc.fields, idx.path);
    const key = v === undefined ? undefined : equalityKey(v);
    if (key === undefined) return;
    let bucket = idx.buckets.get(key);
    if (!bucket) {
      bucket = new Set();
      idx.buckets.set(key, bucket);
    }
    bucket.add(doc);
  }

  private unindex(idx: EqualityIndex, doc: DocRecord): void {
    const v = getField(doc.fields, idx.path);
    const key = v === undefined ? undefined : equalityKey(v);
    if (key === undefined) return;
    const bucket = idx.buckets.get(key);
    if (!bucket) return;
    bucket.delete(doc);
    if (bucket.size === 0) idx.buckets.delete(key);
  }

  /**
   * Documents whose `path` field equals `value` (a superset filter: callers still evaluate the
   * query), or undefined when the value type is not indexed.
   */
  equalityBucket(path: FieldPath, value: Value): ReadonlySet<DocRecord> | undefined {
    const key = equalityKey(value);
    if (key === undefined) return undefined;
    const name = path.join("\u0000");
    let idx = this.indexes.get(name);
    if (!idx) {
      idx = { path, buckets: new Map() };
      for (const doc of this.docs.values()) this.index(idx, doc);
      this.indexes.set(name, idx);
    }
    return idx.buckets.get(key) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<DocRecord> = new Set();

export class Database {
  readonly name: string;
  readonly docs = new Map<string, DocRecord>();
  readonly collections = new Map<string, Collection>();
  readonly groups = new Map<string, Set<Collection>>();
  /** Time of the latest commit that changed something in this database. */
  lastChange: Micros = 0;

  constructor(readonly id: DatabaseId) {
    this.name = databaseName(id);
  }

  get(path: string): DocRecord | undefined {
    return this.docs.get(path);
  }

  put(doc: DocRecord): void {
    const colPath = parentOf(doc.path);
    let col = this.collections.get(colPath);
    if (!col) {
      col = new Collection(colPath, lastSegment(colPath), parentOf(colPath));
      this.collections.set(colPath, col);
      let group = this.groups.get(col.id);
      if (!group) {
        group = new Set();
        this.groups.set(col.id, group);
      }
      group.add(col);
    }
    col.set(doc);
    this.docs.set(doc.path, doc);
  }

  delete(path: string): void {
    if (!this.docs.delete(path)) return;
    const colPath = parentOf(path);
    const col = this.collections.get(colPath);
    if (!col) return;
    col.remove(path);
    if (col.docs.size === 0) {
      this.collections.delete(colPath);
      const group = this.groups.get(col.id);
      group?.delete(col);
      if (group && group.size === 0) this.groups.delete(col.id);
    }
  }

  clear(): void {
    this.docs.clear();
    this.collections.clear();
    this.groups.clear();
  }

  /** Ids of the collections directly under `parent` ('' = root) that hold documents at any depth. */
  listCollectionIds(parent: string): string[] {
    const prefix = parent === "" ? "" : `${parent}/`;
    const ids = new Set<string>();
    for (const colPath of this.collections.keys()) {
      if (!colPath.startsWith(prefix)) continue;
      const rest = colPath.slice(prefix.length);
      const slash = rest.indexOf("/");
      ids.add(slash < 0 ? rest : rest.slice(0, slash));
    }
    return [...ids];
  }

  /**
   * Paths of documents in `colPath` that do not exist but have descendants
   * ("missing" documents, shown by ListDocuments with showMissing).
   */
  missingDocuments(colPath: string): string[] {
    const prefix = `${colPath}/`;
    const out = new Set<string>();
    for (const other of this.collections.keys()) {
      if (!other.startsWith(prefix)) continue;
      const rest = other.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash < 0) continue;
      const docPath = `${prefix}${rest.slice(0, slash)}`;
      if (!this.docs.has(docPath)) out.add(docPath);
    }
    return [...out];
  }
}

export class Store {
  readonly databases = new Map<string, Database>();

  database(id: DatabaseId): Database {
    const name = databaseName(id);
    let db = this.databases.get(name);
    if (!db) {
      db = new Database(id);
      this.databases.set(name, db);
    }
    return db;
  }

  clear(): void {
    for (const db of this.databases.values()) db.clear();
  }
}
