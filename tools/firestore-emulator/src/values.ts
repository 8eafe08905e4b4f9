/**
 * Firestore values: decoding from proto3 JSON (both enum encodings, the `{seconds,nanos}`
 * timestamp form, numbers or strings for int64/double), encoding back, Firestore's cross-type
 * ordering and storage equality.
 */
import { invalidArgument } from "./errors.ts";
import { isObject } from "./guards.ts";
import { compareSegments, compareUtf8 } from "./paths.ts";
import { formatTimestamp, parseTimestamp } from "./time.ts";

export type FieldsMap = ReadonlyMap<string, Value>;

export type Value =
  | { readonly t: "null" }
  | { readonly t: "bool"; readonly v: boolean }
  | { readonly t: "int"; readonly v: bigint }
  | { readonly t: "double"; readonly v: number }
  | { readonly t: "ts"; readonly s: number; readonly n: number }
  | { readonly t: "str"; readonly v: string }
  | { readonly t: "bytes"; readonly v: Buffer }
  | { readonly t: "ref"; readonly v: string }
  | { readonly t: "geo"; readonly lat: number; readonly lng: number }
  | { readonly t: "arr"; readonly v: readonly Value[] }
  | { readonly t: "map"; readonly v: FieldsMap };

export const NULL: Value = { t: "null" };
export const INT64_MAX = 9223372036854775807n;
export const INT64_MIN = -9223372036854775808n;

export function int(v: bigint | number): Value {
  return { t: "int", v: typeof v === "bigint" ? v : BigInt(v) };
}
export function str(v: string): Value {
  return { t: "str", v };
}

// ---------------------------------------------------------------------------
// Decoding

const REF_RE = /^projects\/[^/]+\/databases\/[^/]+\/documents(\/[^/]+\/[^/]+)+$/;
const MAX_DEPTH = 20;

/**
 * `filterOperand`: the operand of an in / not-in / array-contains-any filter, a list whose
 * elements may themselves be arrays (documents cannot store arrays directly inside arrays).
 */
export function decodeValue(json: unknown, what = "value", depth = 0, filterOperand = false): Value {
  if (!isObject(json)) throw invalidArgument(`${what} must be a Value object such as {"stringValue": "x"}.`);
  if (depth > MAX_DEPTH) throw invalidArgument(`${what} is nested more than ${MAX_DEPTH} levels deep.`);
  let found: Value | undefined;
  let count = 0;
  for (const key in json) {
    const raw = json[key];
    let v: Value;
    switch (key) {
      case "nullValue":
        // proto3 JSON: "NULL_VALUE"; numeric enums: 0; proto3-json-serializer sends null.
        if (raw !== null && raw !== "NULL_VALUE" && raw !== 0 && raw !== "0") {
          throw invalidArgument(`${what}.nullValue must be "NULL_VALUE", 0 or null.`);
        }
        v = NULL;
        break;
      case "booleanValue":
        if (typeof raw !== "boolean") throw invalidArgument(`${what}.booleanValue must be a boolean.`);
        v = { t: "bool", v: raw };
        break;
      case "integerValue":
        v = { t: "int", v: parseInt64(raw, `${what}.integerValue`) };
        break;
      case "doubleValue":
        v = { t: "double", v: parseDouble(raw, `${what}.doubleValue`) };
        break;
      case "timestampValue": {
        const ts = parseTimestamp(raw, `${what}.timestampValue`);
        // Firestore stores microsecond precision.
        v = { t: "ts", s: ts.seconds, n: ts.nanos - (ts.nanos % 1000) };
        break;
      }
      case "stringValue":
        if (typeof raw !== "string") throw invalidArgument(`${what}.stringValue must be a string.`);
        v = { t: "str", v: raw };
        break;
      case "bytesValue":
        v = { t: "bytes", v: parseBytes(raw, `${what}.bytesValue`) };
        break;
      case "referenceValue":
        if (typeof raw !== "string" || !REF_RE.test(raw)) {
          throw invalidArgument(
            `${what}.referenceValue must be a document resource name (projects/{p}/databases/{d}/documents/{path}), got ${JSON.stringify(raw)}.`,
          );
        }
        v = { t: "ref", v: raw };
        break;
      case "geoPointValue": {
        if (!isObject(raw)) throw invalidArgument(`${what}.geoPointValue must be an object.`);
        const lat = parseDouble(raw.latitude ?? 0, `${what}.geoPointValue.latitude`);
        const lng = parseDouble(raw.longitude ?? 0, `${what}.geoPointValue.longitude`);
        if (!(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) {
          throw invalidArgument(`${what}.geoPointValue is out of range (latitude ±90, longitude ±180).`);
        }
        v = { t: "geo", lat, lng };
        break;
      }
      case "arrayValue": {
        if (!isObject(raw)) throw invalidArgument(`${what}.arrayValue must be an object {values: [...]}.`);
        const values = raw.values ?? [];
        if (!Array.isArray(values)) throw invalidArgument(`${what}.arrayValue.values must be an array.`);
        const out: Value[] = [];
        for (let i = 0; i < values.length; i++) {
          const el = decodeValue(values[i], `${what}[${i}]`, depth + 1);
          if (el.t === "arr" && !filterOperand) {
            throw invalidArgument(`${what}[${i}]: arrays cannot directly contain arrays.`);
          }
          out.push(el);
        }
        v = { t: "arr", v: out };
        break;
      }
      case "mapValue": {
        if (!isObject(raw)) throw invalidArgument(`${what}.mapValue must be an object {fields: {...}}.`);
        v = { t: "map", v: decodeFields(raw.fields, what, depth + 1) };
        break;
      }
      default:
        throw invalidArgument(`${what} has an unknown value type ${JSON.stringify(key)}.`);
    }
    found = v;
    count++;
  }
  if (count !== 1 || !found) {
    throw invalidArgument(`${what} must set exactly one value type (got ${count === 0 ? "none" : count}).`);
  }
  return found;
}

export function decodeFields(json: unknown, what = "fields", depth = 0): Map<string, Value> {
  const out = new Map<string, Value>();
  if (json === undefined || json === null) return out;
  if (!isObject(json)) throw invalidArgument(`${what}.fields must be an object.`);
  for (const key in json) {
    if (key === "") throw invalidArgument(`${what} has an empty field name.`);
    out.set(key, decodeValue(json[key], what === "fields" ? key : `${what}.${key}`, depth));
  }
  return out;
}

function parseInt64(raw: unknown, what: string): bigint {
  let b: bigint;
  if (typeof raw === "string" && /^[-+]?\d+$/.test(raw)) b = BigInt(raw);
  else if (typeof raw === "number" && Number.isSafeInteger(raw)) b = BigInt(raw);
  else
    throw invalidArgument(`${what} must be a 64-bit integer (a decimal string), got ${JSON.stringify(raw)}.`);
  if (b > INT64_MAX || b < INT64_MIN)
    throw invalidArgument(`${what} ${raw} is out of the 64-bit integer range.`);
  return b;
}

function parseDouble(raw: unknown, what: string): number {
  if (typeof raw === "number") return raw;
  if (typeof raw === "string") {
    if (raw === "NaN") return Number.NaN;
    if (raw === "Infinity") return Number.POSITIVE_INFINITY;
    if (raw === "-Infinity") return Number.NEGATIVE_INFINITY;
    if (raw === "-0") return -0;
    if (raw.trim() !== "") {
      const n = Number(raw);
      if (!Number.isNaN(n)) return n;
    }
  }
  throw invalidArgument(
    `${what} must be a number (or "NaN", "Infinity", "-Infinity"), got ${JSON.stringify(raw)}.`,
  );
}

function parseBytes(raw: unknown, what: string): Buffer {
  if (typeof raw !== "string" || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(raw)) {
    throw invalidArgument(`${what} must be a base64 string.`);
  }
  return Buffer.from(raw, raw.includes("-") || raw.includes("_") ? "base64url" : "base64");
}

// ---------------------------------------------------------------------------
// Encoding

export type JsonValue = { [key: string]: unknown };

/** Encodes to proto3 JSON; `intEnums` selects `nullValue: 0` (enum-encoding=int) over "NULL_VALUE". */
export function encodeValue(v: Value, intEnums: boolean): JsonValue {
  switch (v.t) {
    case "null":
      return { nullValue: intEnums ? 0 : "NULL_VALUE" };
    case "bool":
      return { booleanValue: v.v };
    case "int":
      return { integerValue: v.v.toString() };
    case "double": {
      const d = v.v;
      if (Number.isNaN(d)) return { doubleValue: "NaN" };
      if (d === Number.POSITIVE_INFINITY) return { doubleValue: "Infinity" };
      if (d === Number.NEGATIVE_INFINITY) return { doubleValue: "-Infinity" };
      if (d === 0 && 1 / d < 0) return { doubleValue: "-0" };
      return { doubleValue: d };
    }
    case "ts":
      return { timestampValue: formatTimestamp({ seconds: v.s, nanos: v.n }) };
    case "str":
      return { stringValue: v.v };
    case "bytes":
      return { bytesValue: v.v.toString("base64") };
    case "ref":
      return { referenceValue: v.v };
    case "geo":
      return { geoPointValue: { latitude: v.lat, longitude: v.lng } };
    case "arr":
      return { arrayValue: v.v.length === 0 ? {} : { values: v.v.map((x) => encodeValue(x, intEnums)) } };
    case "map":
      return { mapValue: v.v.size === 0 ? {} : { fields: encodeFields(v.v, intEnums) } };
  }
}

export function encodeFields(fields: FieldsMap, intEnums: boolean): JsonValue {
  const out: JsonValue = {};
  for (const [k, v] of fields) out[k] = encodeValue(v, intEnums);
  return out;
}

// ---------------------------------------------------------------------------
// Ordering

const TYPE_ORDER = {
  null: 0,
  bool: 1,
  int: 2,
  double: 2,
  ts: 3,
  str: 4,
  bytes: 5,
  ref: 6,
  geo: 7,
  arr: 8,
  map: 10,
} as const;

const VECTOR_ORDER = 9;

export function isVector(v: Value): boolean {
  if (v.t !== "map") return false;
  const type = v.v.get("__type__");
  return type !== undefined && type.t === "str" && type.v === "__vector__";
}

/** null < bool < number (NaN first) < timestamp < string < bytes < reference < geopoint < array < vector < map */
export function typeOrder(v: Value): number {
  if (v.t === "map" && isVector(v)) return VECTOR_ORDER;
  return TYPE_ORDER[v.t];
}

function cmp<T extends number | bigint | string>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Numbers compare by value across int and double; NaN sorts below every other number; -0 equals 0. */
export function compareNumbers(a: Value, b: Value): number {
  const x = a.t === "int" || a.t === "double" ? a.v : 0;
  const y = b.t === "int" || b.t === "double" ? b.v : 0;
  const xNaN = typeof x === "number" && Number.isNaN(x);
  const yNaN = typeof y === "number" && Number.isNaN(y);
  if (xNaN || yNaN) return xNaN && yNaN ? 0 : xNaN ? -1 : 1;
  // bigint/number relational comparison in JS is exact.
  return x < y ? -1 : x > y ? 1 : 0;
}

export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (a.t) {
    case "null":
      return 0;
    case "bool":
      return b.t === "bool" ? cmp(Number(a.v), Number(b.v)) : 0;
    case "int":
    case "double":
      return compareNumbers(a, b);
    case "ts":
      return b.t === "ts" ? cmp(a.s, b.s) || cmp(a.n, b.n) : 0;
    case "str":
      return b.t === "str" ? compareUtf8(a.v, b.v) : 0;
    case "bytes":
      return b.t === "bytes" ? Buffer.compare(a.v, b.v) : 0;
    case "ref":
      return b.t === "ref" ? compareReferences(a.v, b.v) : 0;
    case "geo":
      return b.t === "geo" ? compareDoubles(a.lat, b.lat) || compareDoubles(a.lng, b.lng) : 0;
    case "arr":
      return b.t === "arr" ? compareArrays(a.v, b.v) : 0;
    case "map":
      if (b.t !== "map") return 0;
      return ta === VECTOR_ORDER ? compareVectors(a.v, b.v) : compareMaps(a.v, b.v);
  }
}

function compareDoubles(a: number, b: number): number {
  return compareNumbers({ t: "double", v: a }, { t: "double", v: b });
}

export function compareReferences(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split("/");
  const y = b.split("/");
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(x[i] as string, y[i] as string);
    if (c !== 0) return c;
  }
  return cmp(x.length, y.length);
}

function compareArrays(a: readonly Value[], b: readonly Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i] as Value, b[i] as Value);
    if (c !== 0) return c;
  }
  return cmp(a.length, b.length);
}

function sortedKeys(m: FieldsMap): string[] {
  return [...m.keys()].sort(compareUtf8);
}

function compareMaps(a: FieldsMap, b: FieldsMap): number {
  const ka = sortedKeys(a);
  const kb = sortedKeys(b);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const c = compareUtf8(ka[i] as string, kb[i] as string);
    if (c !== 0) return c;
    const d = compareValues(a.get(ka[i] as string) as Value, b.get(kb[i] as string) as Value);
    if (d !== 0) return d;
  }
  return cmp(ka.length, kb.length);
}

function compareVectors(a: FieldsMap, b: FieldsMap): number {
  const va = a.get("value");
  const vb = b.get("value");
  const la = va?.t === "arr" ? va.v.length : 0;
  const lb = vb?.t === "arr" ? vb.v.length : 0;
  if (la !== lb) return cmp(la, lb);
  if (va?.t === "arr" && vb?.t === "arr") return compareArrays(va.v, vb.v);
  return 0;
}

/** Query equality: same type class and compares equal (1 == 1.0, NaN == NaN, -0 == 0). */
export function valuesEquivalent(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/** Storage identity: used to decide whether a write changed a document (1 and 1.0 differ). */
export function identicalValues(a: Value, b: Value): boolean {
  if (a.t !== b.t) return false;
  switch (a.t) {
    case "null":
      return true;
    case "bool":
    case "str":
    case "ref":
    case "int":
      return a.v === (b as typeof a).v;
    case "double": {
      const y = (b as typeof a).v;
      return Object.is(a.v, y);
    }
    case "ts": {
      const y = b as typeof a;
      return a.s === y.s && a.n === y.n;
    }
    case "bytes":
      return a.v.equals((b as typeof a).v);
    case "geo": {
      const y = b as typeof a;
      return Object.is(a.lat, y.lat) && Object.is(a.lng, y.lng);
    }
    case "arr": {
      const y = (b as typeof a).v;
      if (a.v.length !== y.length) return false;
      for (let i = 0; i < y.length; i++) if (!identicalValues(a.v[i] as Value, y[i] as Value)) return false;
      return true;
    }
    case "map":
      return identicalFields(a.v, (b as typeof a).v);
  }
}

export function identicalFields(a: FieldsMap, b: FieldsMap): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || !identicalValues(v, w)) return false;
  }
  return true;
}

export function isNumber(v: Value): v is { t: "int"; v: bigint } | { t: "double"; v: number } {
  return v.t === "int" || v.t === "double";
}

export function isNaNValue(v: Value): boolean {
  return v.t === "double" && Number.isNaN(v.v);
}
