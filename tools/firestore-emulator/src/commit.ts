/** Writes: parsing (update/delete/verify/transform), preconditions, masks, transforms; atomic application. */
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from "./errors.ts";
import { deleteField, getField, setField } from "./fields.ts";
import { isObject, type JsonObject } from "./guards.ts";
import {
  type DatabaseId,
  type FieldPath,
  fullName,
  isNameField,
  parseDocumentName,
  parseFieldPath,
  validateWritablePath,
} from "./paths.ts";
import { type Database, type DocRecord, makeDoc } from "./store.ts";
import { type Micros, parseTimestamp, timestampToMicros } from "./time.ts";
import { applyTransform, parseTransform, type Transform } from "./transforms.ts";
import { decodeFields, identicalFields, type Value } from "./values.ts";

export interface Precondition {
  readonly exists?: boolean;
  /** Micros of the required update time; NaN when the timestamp cannot match any version. */
  readonly updateTime?: Micros;
}

export interface WriteOp {
  readonly kind: "update" | "delete" | "verify" | "transform";
  readonly path: string;
  readonly fields: ReadonlyMap<string, Value>;
  /** null = replace the whole document. */
  readonly mask: readonly FieldPath[] | null;
  readonly transforms: readonly Transform[];
  readonly precondition: Precondition | null;
}

export interface WriteResult {
  readonly updateTime?: Micros;
  readonly transformResults: readonly Value[];
}

export interface Change {
  readonly path: string;
  readonly before: DocRecord | undefined;
  readonly after: DocRecord | undefined;
}

export interface CommitOutcome {
  readonly commitTime: Micros;
  readonly writeResults: readonly WriteResult[];
  readonly changes: readonly Change[];
}

const MAX_DOC_BYTES = 1_048_576;

function parsePrecondition(json: unknown, what: string): Precondition | null {
  if (json === undefined || json === null) return null;
  if (!isObject(json)) throw invalidArgument(`${what} must be an object {exists} or {updateTime}.`);
  const hasExists = json.exists !== undefined && json.exists !== null;
  const hasTime = json.updateTime !== undefined && json.updateTime !== null;
  if (hasExists && hasTime) throw invalidArgument(`${what} can set exists or updateTime, not both.`);
  if (hasExists) {
    if (typeof json.exists !== "boolean") throw invalidArgument(`${what}.exists must be a boolean.`);
    return { exists: json.exists };
  }
  if (hasTime) {
    const ts = parseTimestamp(json.updateTime, `${what}.updateTime`);
    return { updateTime: timestampToMicros(ts) ?? Number.NaN };
  }
  return null;
}

function parseMask(json: unknown, what: string): FieldPath[] {
  if (!isObject(json)) throw invalidArgument(`${what} must be a DocumentMask {fieldPaths: [...]}.`);
  const raw = json.fieldPaths ?? [];
  if (!Array.isArray(raw)) throw invalidArgument(`${what}.fieldPaths must be an array.`);
  return raw.map((p, i) => {
    const path = parseFieldPath(p, `${what}.fieldPaths[${i}]`);
    if (isNameField(path)) throw invalidArgument(`${what} cannot contain __name__.`);
    return path;
  });
}

function parseTransforms(raw: unknown, what: string): Transform[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidArgument(`${what} must be an array.`);
  return raw.map((t, i) => parseTransform(t, `${what}[${i}]`));
}

export function parseWrite(db: DatabaseId, json: unknown, what = "write"): WriteOp {
  if (!isObject(json)) throw invalidArgument(`${what} must be an object.`);
  const precondition = parsePrecondition(json.currentDocument, `${what}.currentDocument`);
  const ops = ["update", "delete", "verify", "transform"].filter(
    (k) => json[k] !== undefined && json[k] !== null,
  );
  if (ops.length !== 1)
    throw invalidArgument(`${what} must set exactly one of update, delete, verify, transform.`);
  const op = ops[0] as "update" | "delete" | "verify" | "transform";
  if (op === "update") {
    const doc = json.update;
    if (!isObject(doc)) throw invalidArgument(`${what}.update must be a Document object.`);
    const path = parseDocumentName(db, doc.name, `${what}.update.name`);
    validateWritablePath(path);
    const fields = decodeFields(doc.fields, "fields");
    const mask =
      json.updateMask === undefined || json.updateMask === null
        ? null
        : parseMask(json.updateMask, `${what}.updateMask`);
    const transforms = parseTransforms(json.updateTransforms, `${what}.updateTransforms`);
    return { kind: "update", path, fields, mask, transforms, precondition };
  }
  if (op === "transform") {
    const t = json.transform;
    if (!isObject(t)) throw invalidArgument(`${what}.transform must be a DocumentTransform object.`);
    const path = parseDocumentName(db, t.document, `${what}.transform.document`);
    validateWritablePath(path);
    const transforms = parseTransforms(
      (t as JsonObject).fieldTransforms,
      `${what}.transform.fieldTransforms`,
    );
    return { kind: "transform", path, fields: new Map(), mask: [], transforms, precondition };
  }
  const path = parseDocumentName(db, json[op], `${what}.${op}`);
  if (op === "verify" && !precondition)
    throw invalidArgument(`${what}.verify needs a currentDocument precondition.`);
  return { kind: op, path, fields: new Map(), mask: null, transforms: [], precondition };
}

export function checkPrecondition(
  db: DatabaseId,
  p: Precondition | null,
  current: DocRecord | undefined,
  path: string,
): void {
  if (!p) return;
  if (p.exists === true && !current) throw notFound(`No document to update: ${fullName(db, path)}`);
  if (p.exists === false && current) throw alreadyExists(`Document already exists: ${fullName(db, path)}`);
  if (p.updateTime !== undefined) {
    if (!current)
      throw failedPrecondition(
        `The document ${fullName(db, path)} does not exist (an updateTime precondition was given).`,
      );
    if (current.updateTime !== p.updateTime) {
      throw failedPrecondition(
        `The document ${fullName(db, path)} was modified: its update time does not match the precondition.`,
      );
    }
  }
}

/** Approximate Firestore storage size (https://firebase.google.com/docs/firestore/storage-size). */
function valueSize(v: Value): number {
  switch (v.t) {
    case "null":
    case "bool":
      return 1;
    case "int":
    case "double":
    case "ts":
      return 8;
    case "geo":
      return 16;
    case "str":
      return Buffer.byteLength(v.v, "utf8") + 1;
    case "bytes":
      return v.v.length;
    case "ref":
      return Buffer.byteLength(v.v, "utf8") + 1;
    case "arr": {
      let n = 0;
      for (const x of v.v) n += valueSize(x);
      return n;
    }
    case "map":
      return fieldsSize(v.v);
  }
}

function fieldsSize(fields: ReadonlyMap<string, Value>): number {
  let n = 0;
  for (const [k, v] of fields) n += Buffer.byteLength(k, "utf8") + 1 + valueSize(v);
  return n;
}

function applyOne(
  db: Database,
  op: WriteOp,
  current: DocRecord | undefined,
  commitTime: Micros,
): { next: DocRecord | undefined; result: WriteResult } {
  checkPrecondition(db.id, op.precondition, current, op.path);
  if (op.kind === "verify") return { next: current, result: { transformResults: [] } };
  if (op.kind === "delete") return { next: undefined, result: { transformResults: [] } };

  let fields: Map<string, Value>;
  if (op.mask === null) {
    fields = new Map(op.fields);
  } else {
    fields = new Map(current?.fields);
    for (const p of op.mask) {
      const v = getField(op.fields, p);
      if (v === undefined) deleteField(fields, p);
      else setField(fields, p, v);
    }
  }
  const transformResults = op.transforms.map((t) => applyTransform(fields, t, commitTime));
  const size = fieldsSize(fields) + Buffer.byteLength(op.path, "utf8") + 16;
  if (size > MAX_DOC_BYTES) {
    throw invalidArgument(
      `Document ${fullName(db.id, op.path)} is ${size} bytes, over the 1,048,576-byte limit.`,
    );
  }
  if (current && identicalFields(current.fields, fields)) {
    // Unchanged: Firestore keeps the previous update time.
    return { next: current, result: { updateTime: current.updateTime, transformResults } };
  }
  const next = makeDoc(op.path, fields, current ? current.createTime : commitTime, commitTime);
  return { next, result: { updateTime: commitTime, transformResults } };
}

/**
 * Applies the writes atomically at `commitTime`: either every write succeeds
 * and the store is updated, or an error is thrown and nothing changes.
 */
export function applyWrites(db: Database, ops: readonly WriteOp[], commitTime: Micros): CommitOutcome {
  const overlay = new Map<string, DocRecord | undefined>();
  const writeResults: WriteResult[] = [];
  for (const op of ops) {
    const current = overlay.has(op.path) ? overlay.get(op.path) : db.get(op.path);
    const { next, result } = applyOne(db, op, current, commitTime);
    overlay.set(op.path, next);
    writeResults.push(result);
  }
  const changes: Change[] = [];
  for (const [path, after] of overlay) {
    const before = db.get(path);
    if (before === after) continue;
    if (after) db.put(after);
    else db.delete(path);
    changes.push({ path, before, after });
  }
  if (changes.length > 0) db.lastChange = commitTime;
  return { commitTime, writeResults, changes };
}
