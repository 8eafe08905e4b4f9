/** StructuredQuery: parsing, normalisation (implicit ordering), matching and execution. */
import { invalidArgument, unimplemented } from "./errors.ts";
import { getField } from "./fields.ts";
import {
  equalityConstraints,
  type Filter,
  fieldValue,
  inequalityFields,
  matchesFilter,
  parseFieldReference,
  parseFilter,
} from "./filters.ts";
import { enumName, isObject, optInt32 } from "./guards.ts";
import {
  comparePaths,
  compareUtf8,
  type DatabaseId,
  type FieldPath,
  fieldPathKey,
  isNameField,
  NAME_FIELD,
  parentOf,
} from "./paths.ts";
import type { Collection, Database, DocRecord } from "./store.ts";
import { compareValues, decodeValue, type Value } from "./values.ts";

export interface OrderSpec {
  readonly path: FieldPath;
  readonly name: boolean;
  readonly dir: 1 | -1;
}

export interface Bound {
  readonly values: readonly Value[];
  readonly before: boolean;
}

export interface Query {
  readonly db: DatabaseId;
  /** Relative path of the parent document ('' for the root). */
  readonly parent: string;
  /** null for a kindless all-descendants query. */
  readonly collectionId: string | null;
  readonly allDescendants: boolean;
  readonly filter: Filter | null;
  /** Effective ordering, including implicit inequality fields and `__name__`. */
  readonly orderBy: readonly OrderSpec[];
  readonly startAt: Bound | null;
  readonly endAt: Bound | null;
  readonly offset: number;
  readonly limit: number | null;
  /** Projection; null returns every field. */
  readonly select: readonly FieldPath[] | null;
}

const DIRECTIONS: Record<number, string> = { 0: "DIRECTION_UNSPECIFIED", 1: "ASCENDING", 2: "DESCENDING" };

function compareFieldPaths(a: FieldPath, b: FieldPath): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

export function parseStructuredQuery(
  db: DatabaseId,
  parent: string,
  json: unknown,
  what = "structuredQuery",
): Query {
  if (!isObject(json)) throw invalidArgument(`${what} must be an object.`);
  for (const key of Object.keys(json)) {
    if (
      !["select", "from", "where", "orderBy", "startAt", "endAt", "offset", "limit", "findNearest"].includes(
        key,
      )
    ) {
      throw invalidArgument(`${what} has an unknown field ${JSON.stringify(key)}.`);
    }
  }
  if (json.findNearest !== undefined && json.findNearest !== null)
    throw unimplemented("vector search (findNearest)");

  const from = json.from;
  if (!Array.isArray(from) || from.length !== 1) {
    throw invalidArgument(`${what}.from must contain exactly one collection selector.`);
  }
  const sel = from[0];
  if (!isObject(sel)) throw invalidArgument(`${what}.from[0] must be an object.`);
  const allDescendants = sel.allDescendants === true;
  let collectionId: string | null = null;
  if (sel.collectionId !== undefined && sel.collectionId !== null && sel.collectionId !== "") {
    if (typeof sel.collectionId !== "string")
      throw invalidArgument(`${what}.from[0].collectionId must be a string.`);
    if (sel.collectionId.includes("/"))
      throw invalidArgument(`${what}.from[0].collectionId must not contain '/'.`);
    collectionId = sel.collectionId;
  }
  if (collectionId === null && !allDescendants) {
    throw invalidArgument(`${what}.from[0].collectionId is required unless allDescendants is true.`);
  }

  const filter =
    json.where === undefined || json.where === null ? null : parseFilter(json.where, `${what}.where`);

  const explicit: OrderSpec[] = [];
  const orderRaw = json.orderBy ?? [];
  if (!Array.isArray(orderRaw)) throw invalidArgument(`${what}.orderBy must be an array.`);
  const seen = new Set<string>();
  orderRaw.forEach((o, i) => {
    if (!isObject(o)) throw invalidArgument(`${what}.orderBy[${i}] must be an object.`);
    const path = parseFieldReference(o.field, `${what}.orderBy[${i}].field`);
    const dirName =
      o.direction === undefined
        ? "ASCENDING"
        : enumName(o.direction, DIRECTIONS, `${what}.orderBy[${i}].direction`);
    if (dirName !== "ASCENDING" && dirName !== "DESCENDING" && dirName !== "DIRECTION_UNSPECIFIED") {
      throw invalidArgument(`${what}.orderBy[${i}].direction ${dirName} is not valid.`);
    }
    const key = fieldPathKey(path);
    if (seen.has(key)) throw invalidArgument(`${what}.orderBy lists ${path.join(".")} more than once.`);
    seen.add(key);
    explicit.push({ path, name: isNameField(path), dir: dirName === "DESCENDING" ? -1 : 1 });
  });

  // Implicit ordering: explicit orders, then inequality fields (lexicographic), then __name__.
  const orderBy = [...explicit];
  if (!explicit.some((o) => o.name)) {
    const extra = inequalityFields(filter)
      .filter((p) => !seen.has(fieldPathKey(p)) && !isNameField(p))
      .sort(compareFieldPaths);
    const lastDir = explicit.length > 0 ? (explicit[explicit.length - 1] as OrderSpec).dir : 1;
    for (const p of extra) orderBy.push({ path: p, name: false, dir: lastDir });
    orderBy.push({ path: [NAME_FIELD], name: true, dir: lastDir });
  }

  const startAt = parseCursor(json.startAt, orderBy, `${what}.startAt`);
  const endAt = parseCursor(json.endAt, orderBy, `${what}.endAt`);
  const offset = optInt32(json.offset, `${what}.offset`) ?? 0;
  if (offset < 0) throw invalidArgument(`${what}.offset must not be negative.`);
  const limit = optInt32(json.limit, `${what}.limit`) ?? null;
  if (limit !== null && limit < 0) throw invalidArgument(`${what}.limit must not be negative.`);

  let select: FieldPath[] | null = null;
  if (json.select !== undefined && json.select !== null) {
    if (!isObject(json.select)) throw invalidArgument(`${what}.select must be an object {fields: [...]}.`);
    const fields = json.select.fields ?? [];
    if (!Array.isArray(fields)) throw invalidArgument(`${what}.select.fields must be an array.`);
    if (fields.length > 0) {
      select = fields
        .map((f, i) => parseFieldReference(f, `${what}.select.fields[${i}]`))
        .filter((p) => !isNameField(p));
    }
  }

  return { db, parent, collectionId, allDescendants, filter, orderBy, startAt, endAt, offset, limit, select };
}

function parseCursor(json: unknown, orderBy: readonly OrderSpec[], what: string): Bound | null {
  if (json === undefined || json === null) return null;
  if (!isObject(json)) throw invalidArgument(`${what} must be a cursor object {values, before}.`);
  const raw = json.values ?? [];
  if (!Array.isArray(raw)) throw invalidArgument(`${what}.values must be an array.`);
  if (raw.length > orderBy.length) {
    throw invalidArgument(
      `${what} has ${raw.length} values but the query orders by only ${orderBy.length} fields.`,
    );
  }
  const values = raw.map((v, i) => decodeValue(v, `${what}.values[${i}]`));
  values.forEach((v, i) => {
    if ((orderBy[i] as OrderSpec).name && v.t !== "ref") {
      throw invalidArgument(
        `${what}.values[${i}] must be a reference value because the query orders by __name__ there.`,
      );
    }
  });
  return { values, before: json.before === true };
}

// ---------------------------------------------------------------------------
// Matching

/** The collection path a non-group query reads ('col' or 'parent/doc/col'). */
export function collectionPathOf(q: Query): string | null {
  if (q.allDescendants || q.collectionId === null) return null;
  return q.parent === "" ? q.collectionId : `${q.parent}/${q.collectionId}`;
}

export function inScope(q: Query, doc: DocRecord): boolean {
  const segs = doc.segs;
  if (!q.allDescendants)
    return parentOf(parentOf(doc.path)) === q.parent && segs[segs.length - 2] === q.collectionId;
  if (q.collectionId !== null && segs[segs.length - 2] !== q.collectionId) return false;
  return q.parent === "" || doc.path.startsWith(`${q.parent}/`);
}

/** Order keys for a document, or null if it lacks an orderBy field (such documents are excluded). */
function orderKeys(q: Query, doc: DocRecord): (Value | null)[] | null {
  const keys: (Value | null)[] = [];
  for (const o of q.orderBy) {
    if (o.name) {
      keys.push(null);
      continue;
    }
    const v = getField(doc.fields, o.path);
    if (v === undefined) return null;
    keys.push(v);
  }
  return keys;
}

interface Entry {
  readonly doc: DocRecord;
  readonly keys: readonly (Value | null)[];
}

function compareEntries(q: Query, a: Entry, b: Entry): number {
  const order = q.orderBy;
  for (let i = 0; i < order.length; i++) {
    const o = order[i] as OrderSpec;
    const c = o.name
      ? comparePaths(a.doc.segs, b.doc.segs)
      : compareValues(a.keys[i] as Value, b.keys[i] as Value);
    if (c !== 0) return c * o.dir;
  }
  return 0;
}

/** Compares a document's position with a cursor over the cursor's prefix of the ordering. */
function compareToBound(q: Query, entry: Entry, bound: Bound): number {
  for (let i = 0; i < bound.values.length; i++) {
    const o = q.orderBy[i] as OrderSpec;
    const bv = bound.values[i] as Value;
    const dv = o.name ? (fieldValue(q.db, entry.doc, o.path) as Value) : (entry.keys[i] as Value);
    const c = compareValues(dv, bv);
    if (c !== 0) return c * o.dir;
  }
  return 0;
}

function withinBounds(q: Query, entry: Entry): boolean {
  if (q.startAt) {
    const c = compareToBound(q, entry, q.startAt);
    if (q.startAt.before ? c < 0 : c <= 0) return false;
  }
  if (q.endAt) {
    const c = compareToBound(q, entry, q.endAt);
    if (q.endAt.before ? c >= 0 : c > 0) return false;
  }
  return true;
}

function entryFor(q: Query, doc: DocRecord): Entry | null {
  if (q.filter && !matchesFilter(q.db, q.filter, doc)) return null;
  const keys = orderKeys(q, doc);
  if (!keys) return null;
  const entry = { doc, keys };
  if ((q.startAt || q.endAt) && !withinBounds(q, entry)) return null;
  return entry;
}

/** Does the document satisfy the query, ignoring offset and limit? */
export function matchesQuery(q: Query, doc: DocRecord): boolean {
  return inScope(q, doc) && entryFor(q, doc) !== null;
}

// ---------------------------------------------------------------------------
// Execution

/** Calls `fn` for every document the query could match (its collection, group or subtree). */
function forEachCandidate(db: Database, q: Query, fn: (doc: DocRecord) => void): void {
  const colPath = collectionPathOf(q);
  if (colPath !== null) {
    const col = db.collections.get(colPath);
    if (!col) return;
    const indexed = col.size >= INDEX_MIN_DOCS ? indexedCandidates(col, q) : null;
    if (indexed) for (const doc of indexed) fn(doc);
    else for (const doc of col.docs.values()) fn(doc);
    return;
  }
  if (q.collectionId !== null) {
    const group = db.groups.get(q.collectionId);
    if (!group) return;
    const prefix = q.parent === "" ? "" : `${q.parent}/`;
    for (const col of group) {
      if (prefix !== "" && !col.path.startsWith(prefix)) continue;
      const indexed = col.size >= INDEX_MIN_DOCS ? indexedCandidates(col, q) : null;
      if (indexed) for (const doc of indexed) fn(doc);
      else for (const doc of col.docs.values()) fn(doc);
    }
    return;
  }
  const prefix = q.parent === "" ? "" : `${q.parent}/`;
  for (const doc of db.docs.values()) if (prefix === "" || doc.path.startsWith(prefix)) fn(doc);
}

/** Collections at least this large use (and lazily build) equality indexes. */
const INDEX_MIN_DOCS = 2_000;

/** The smallest equality-index bucket among the query's top-level `field == value` filters. */
function indexedCandidates(col: Collection, q: Query): Iterable<DocRecord> | null {
  let best: Iterable<DocRecord> | null = null;
  let bestSize = Number.POSITIVE_INFINITY;
  for (const c of equalityConstraints(q.filter)) {
    const bucket = col.equalityBucket(c.path, c.value);
    if (bucket === undefined) continue;
    if (bucket.size < bestSize) {
      best = bucket.values();
      bestSize = bucket.size;
    }
  }
  return best;
}

/** Bounded max-heap keeping the `k` smallest entries. */
class TopK {
  private readonly heap: Entry[] = [];
  constructor(
    private readonly k: number,
    private readonly cmp: (a: Entry, b: Entry) => number,
  ) {}
  push(e: Entry): void {
    const h = this.heap;
    if (h.length < this.k) {
      h.push(e);
      this.up(h.length - 1);
    } else if (this.k > 0 && this.cmp(e, h[0] as Entry) < 0) {
      h[0] = e;
      this.down(0);
    }
  }
  sorted(): Entry[] {
    return [...this.heap].sort(this.cmp);
  }
  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.cmp(h[i] as Entry, h[p] as Entry) <= 0) break;
      [h[i], h[p]] = [h[p] as Entry, h[i] as Entry];
      i = p;
    }
  }
  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.cmp(h[l] as Entry, h[m] as Entry) > 0) m = l;
      if (r < h.length && this.cmp(h[r] as Entry, h[m] as Entry) > 0) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m] as Entry, h[i] as Entry];
      i = m;
    }
  }
}

/** Runs a query: filter, order, cursors, offset, limit. Returns full documents (apply `select` on output). */
export function runQuery(db: Database, q: Query): DocRecord[] {
  const cmp = (a: Entry, b: Entry) => compareEntries(q, a, b);
  let ordered: Entry[];
  if (q.limit !== null) {
    const top = new TopK(q.offset + q.limit, cmp);
    forEachCandidate(db, q, (doc) => {
      const e = entryFor(q, doc);
      if (e) top.push(e);
    });
    ordered = top.sorted();
  } else {
    const all: Entry[] = [];
    forEachCandidate(db, q, (doc) => {
      const e = entryFor(q, doc);
      if (e) all.push(e);
    });
    ordered = all.sort(cmp);
  }
  const start = Math.min(q.offset, ordered.length);
  const end = q.limit === null ? ordered.length : Math.min(ordered.length, q.offset + q.limit);
  const out: DocRecord[] = [];
  for (let i = start; i < end; i++) out.push((ordered[i] as Entry).doc);
  return out;
}
