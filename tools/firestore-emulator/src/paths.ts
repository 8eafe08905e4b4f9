/** Resource names, document paths, field paths and Firestore's string/segment ordering. */
import { invalidArgument } from "./errors.ts";

/** Compares two strings by their UTF-8 encoding (Firestore's string order). */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) {
      // Surrogates encode code points above U+FFFF, which sort after every BMP character in UTF-8.
      const ka = ca < 0xd800 ? ca : ca >= 0xe000 ? ca - 0x800 : ca + 0x2000;
      const kb = cb < 0xd800 ? cb : cb >= 0xe000 ? cb - 0x800 : cb + 0x2000;
      return ka < kb ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

const NUMERIC_ID = /^__id(-?\d+)__$/;

/** Path segments: numeric ids (`__id123__`) first by value, then strings by UTF-8 bytes. */
export function compareSegments(a: string, b: string): number {
  if (a === b) return 0;
  const na = a.startsWith("__id") ? NUMERIC_ID.exec(a) : null;
  const nb = b.startsWith("__id") ? NUMERIC_ID.exec(b) : null;
  if (na && nb) {
    const x = BigInt(na[1] as string);
    const y = BigInt(nb[1] as string);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (na) return -1;
  if (nb) return 1;
  return compareUtf8(a, b);
}

export function comparePaths(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** `projects/{p}/databases/{d}` */
export interface DatabaseId {
  project: string;
  database: string;
}

export function databaseName(db: DatabaseId): string {
  return `projects/${db.project}/databases/${db.database}`;
}

export function documentsRoot(db: DatabaseId): string {
  return `${databaseName(db)}/documents`;
}

export function parseDatabaseName(name: string): DatabaseId {
  const parts = name.split("/");
  if (parts.length !== 4 || parts[0] !== "projects" || parts[2] !== "databases" || !parts[1] || !parts[3]) {
    throw invalidArgument(
      `Invalid database name ${JSON.stringify(name)}; expected projects/{project}/databases/{database}.`,
    );
  }
  return { project: parts[1], database: parts[3] };
}

/**
 * Splits a full resource name under `db` into its path below `/documents`.
 * Returns the relative segments ([] for the documents root).
 */
export function relativeSegments(db: DatabaseId, name: string, what: string): string[] {
  const root = documentsRoot(db);
  if (name === root) return [];
  if (!name.startsWith(`${root}/`)) {
    throw invalidArgument(`${what} ${JSON.stringify(name)} is not under ${root}.`);
  }
  const segs = name.slice(root.length + 1).split("/");
  for (const s of segs) {
    if (s === "") throw invalidArgument(`${what} ${JSON.stringify(name)} has an empty path segment.`);
  }
  return segs;
}

/** A document path relative to the database (`col/doc[/col/doc…]`). */
export function parseDocumentName(db: DatabaseId, name: unknown, what = "Document name"): string {
  if (typeof name !== "string") throw invalidArgument(`${what} must be a string.`);
  const segs = relativeSegments(db, name, what);
  if (segs.length === 0 || segs.length % 2 !== 0) {
    throw invalidArgument(
      `${what} ${JSON.stringify(name)} is not a document path (it needs an even number of segments).`,
    );
  }
  return segs.join("/");
}

/** Relative path of a parent (the root `''` or a document path). */
export function parseParentName(db: DatabaseId, name: unknown, what = "Parent"): string {
  if (typeof name !== "string") throw invalidArgument(`${what} must be a string.`);
  const segs = relativeSegments(db, name, what);
  if (segs.length % 2 !== 0) {
    throw invalidArgument(`${what} ${JSON.stringify(name)} must be the documents root or a document path.`);
  }
  return segs.join("/");
}

const RESERVED_ID = /^__.*__$/;

/** Checks a document path for a write. */
export function validateWritablePath(path: string): void {
  for (const seg of path.split("/")) {
    if (seg === "." || seg === "..")
      throw invalidArgument(`Document path ${path} has an invalid segment ${seg}.`);
    if (RESERVED_ID.test(seg)) {
      throw invalidArgument(
        `Document path ${path} uses the reserved id ${seg} (ids matching __.*__ are reserved).`,
      );
    }
    if (Buffer.byteLength(seg, "utf8") > 1500)
      throw invalidArgument(`Document path ${path} has a segment over 1500 bytes.`);
  }
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

export function lastSegment(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? path : path.slice(i + 1);
}

export function fullName(db: DatabaseId, path: string): string {
  return path === "" ? documentsRoot(db) : `${documentsRoot(db)}/${path}`;
}

// ---------------------------------------------------------------------------
// Field paths

export type FieldPath = readonly string[];

export const NAME_FIELD = "__name__";

export function isNameField(path: FieldPath): boolean {
  return path.length === 1 && path[0] === NAME_FIELD;
}

const SIMPLE = /^[a-zA-Z_][a-zA-Z_0-9]*$/;

/** Parses `a.b`, `` `a.b`.c `` (backslash escapes inside backquotes). */
export function parseFieldPath(text: unknown, what = "Field path"): FieldPath {
  if (typeof text !== "string" || text === "") throw invalidArgument(`${what} must be a non-empty string.`);
  const segs: string[] = [];
  let i = 0;
  while (i <= text.length) {
    let seg = "";
    if (text[i] === "`") {
      i++;
      let closed = false;
      while (i < text.length) {
        const ch = text[i] as string;
        if (ch === "\\") {
          if (i + 1 >= text.length)
            throw invalidArgument(`${what} ${JSON.stringify(text)} ends with a backslash.`);
          seg += text[i + 1];
          i += 2;
        } else if (ch === "`") {
          closed = true;
          i++;
          break;
        } else {
          seg += ch;
          i++;
        }
      }
      if (!closed) throw invalidArgument(`${what} ${JSON.stringify(text)} has an unterminated backquote.`);
      if (i < text.length && text[i] !== ".") {
        throw invalidArgument(`${what} ${JSON.stringify(text)} has characters after a closing backquote.`);
      }
    } else {
      const dot = text.indexOf(".", i);
      const end = dot < 0 ? text.length : dot;
      seg = text.slice(i, end);
      if (seg.includes("`")) throw invalidArgument(`${what} ${JSON.stringify(text)} has a stray backquote.`);
      i = end;
    }
    if (seg === "") throw invalidArgument(`${what} ${JSON.stringify(text)} has an empty segment.`);
    segs.push(seg);
    if (i >= text.length) break;
    i++; // skip '.'
    if (i === text.length) throw invalidArgument(`${what} ${JSON.stringify(text)} ends with a dot.`);
  }
  return segs;
}

export function formatFieldPath(path: FieldPath): string {
  return path
    .map((s) => (SIMPLE.test(s) ? s : `\`${s.replace(/\\/g, "\\\\").replace(/`/g, "\\`")}\``))
    .join(".");
}

export function fieldPathKey(path: FieldPath): string {
  return path.join("\u0000");
}
