/** StructuredQuery filters: parsing (both enum encodings) and evaluation against a document. */
import { invalidArgument } from "./errors.ts";
import { getField } from "./fields.ts";
import { enumName, isObject, type JsonObject } from "./guards.ts";
import {
  type DatabaseId,
  type FieldPath,
  fieldPathKey,
  fullName,
  isNameField,
  parseFieldPath,
} from "./paths.ts";
import type { DocRecord } from "./store.ts";
import { compareValues, decodeValue, isNaNValue, typeOrder, type Value, valuesEquivalent } from "./values.ts";

export type FieldOp =
  | "LESS_THAN"
  | "LESS_THAN_OR_EQUAL"
  | "GREATER_THAN"
  | "GREATER_THAN_OR_EQUAL"
  | "EQUAL"
  | "NOT_EQUAL"
  | "ARRAY_CONTAINS"
  | "IN"
  | "ARRAY_CONTAINS_ANY"
  | "NOT_IN";

export type UnaryOp = "IS_NAN" | "IS_NULL" | "IS_NOT_NAN" | "IS_NOT_NULL";

export type Filter =
  | { readonly kind: "field"; readonly path: FieldPath; readonly op: FieldOp; readonly value: Value }
  | { readonly kind: "unary"; readonly path: FieldPath; readonly op: UnaryOp }
  | { readonly kind: "and"; readonly filters: readonly Filter[] }
  | { readonly kind: "or"; readonly filters: readonly Filter[] };

const FIELD_OPS: Record<number, string> = {
  0: "OPERATOR_UNSPECIFIED",
  1: "LESS_THAN",
  2: "LESS_THAN_OR_EQUAL",
  3: "GREATER_THAN",
  4: "GREATER_THAN_OR_EQUAL",
  5: "EQUAL",
  6: "NOT_EQUAL",
  7: "ARRAY_CONTAINS",
  8: "IN",
  9: "ARRAY_CONTAINS_ANY",
  10: "NOT_IN",
};
const UNARY_OPS: Record<number, string> = {
  0: "OPERATOR_UNSPECIFIED",
  2: "IS_NAN",
  3: "IS_NULL",
  4: "IS_NOT_NAN",
  5: "IS_NOT_NULL",
};
const COMPOSITE_OPS: Record<number, string> = { 0: "OPERATOR_UNSPECIFIED", 1: "AND", 2: "OR" };
const KNOWN_FIELD_OPS = new Set(Object.values(FIELD_OPS).filter((n) => n !== "OPERATOR_UNSPECIFIED"));
const KNOWN_UNARY_OPS = new Set(Object.values(UNARY_OPS).filter((n) => n !== "OPERATOR_UNSPECIFIED"));

export function parseFieldReference(json: unknown, what: string): FieldPath {
  if (!isObject(json)) throw invalidArgument(`${what} must be a field reference {fieldPath}.`);
  return parseFieldPath(json.fieldPath, `${what}.fieldPath`);
}

export function parseFilter(json: unknown, what = "where"): Filter {
  if (!isObject(json)) throw invalidArgument(`${what} must be a filter object.`);
  const keys = Object.keys(json).filter((k) => json[k] !== undefined && json[k] !== null);
  if (keys.length !== 1) {
    throw invalidArgument(`${what} must set exactly one of compositeFilter, fieldFilter, unaryFilter.`);
  }
  if (isObject(json.compositeFilter)) return parseComposite(json.compositeFilter, `${what}.compositeFilter`);
  if (isObject(json.fieldFilter)) return parseFieldFilter(json.fieldFilter, `${what}.fieldFilter`);
  if (isObject(json.unaryFilter)) return parseUnary(json.unaryFilter, `${what}.unaryFilter`);
  throw invalidArgument(`${what} has an unknown filter type ${JSON.stringify(keys[0])}.`);
}

function parseComposite(json: JsonObject, what: string): Filter {
  const op = enumName(json.op, COMPOSITE_OPS, `${what}.op`);
  if (op !== "AND" && op !== "OR") throw invalidArgument(`${what}.op must be AND or OR (got ${op}).`);
  const raw = json.filters ?? [];
  if (!Array.isArray(raw)) throw invalidArgument(`${what}.filters must be an array.`);
  if (raw.length === 0) throw invalidArgument(`${what} must contain at least one filter.`);
  const filters = raw.map((f, i) => parseFilter(f, `${what}.filters[${i}]`));
  return op === "AND" ? { kind: "and", filters } : { kind: "or", filters };
}

function parseFieldFilter(json: JsonObject, what: string): Filter {
  const path = parseFieldReference(json.field, `${what}.field`);
  const op = enumName(json.op, FIELD_OPS, `${what}.op`);
  if (!KNOWN_FIELD_OPS.has(op))
    throw invalidArgument(`${what}.op ${op} is not a valid field filter operator.`);
  const fop = op as FieldOp;
  const listOperand = fop === "IN" || fop === "NOT_IN" || fop === "ARRAY_CONTAINS_ANY";
  const value = decodeValue(json.value, `${what}.value`, 0, listOperand);
  if (fop === "IN" || fop === "NOT_IN" || fop === "ARRAY_CONTAINS_ANY") {
    if (value.t !== "arr" || value.v.length === 0) {
      throw invalidArgument(`${what}: a ${fop} filter needs a non-empty array value.`);
    }
    const max = fop === "NOT_IN" ? 10 : 30;
    if (value.v.length > max) {
      throw invalidArgument(
        `${what}: a ${fop} filter supports at most ${max} elements (got ${value.v.length}).`,
      );
    }
  }
  if (isNameField(path)) {
    if (fop === "ARRAY_CONTAINS" || fop === "ARRAY_CONTAINS_ANY") {
      throw invalidArgument(`${what}: ${fop} cannot be used on __name__.`);
    }
    const refs = fop === "IN" || fop === "NOT_IN" ? (value.t === "arr" ? value.v : []) : [value];
    for (const r of refs) {
      if (r.t !== "ref") throw invalidArgument(`${what}: filters on __name__ need reference values.`);
    }
  }
  return { kind: "field", path, op: fop, value };
}

function parseUnary(json: JsonObject, what: string): Filter {
  const op = enumName(json.op, UNARY_OPS, `${what}.op`);
  if (!KNOWN_UNARY_OPS.has(op))
    throw invalidArgument(`${what}.op ${op} is not a valid unary filter operator.`);
  const path = parseFieldReference(json.field, `${what}.field`);
  return { kind: "unary", path, op: op as UnaryOp };
}

/** Field paths that carry inequality filters (they join the implicit ordering). */
export function inequalityFields(filter: Filter | null): FieldPath[] {
  const out = new Map<string, FieldPath>();
  const visit = (f: Filter): void => {
    if (f.kind === "and" || f.kind === "or") {
      for (const c of f.filters) visit(c);
      return;
    }
    const ineq =
      f.kind === "field"
        ? f.op === "LESS_THAN" ||
          f.op === "LESS_THAN_OR_EQUAL" ||
          f.op === "GREATER_THAN" ||
          f.op === "GREATER_THAN_OR_EQUAL" ||
          f.op === "NOT_EQUAL" ||
          f.op === "NOT_IN"
        : f.op === "IS_NOT_NAN" || f.op === "IS_NOT_NULL";
    if (ineq) out.set(fieldPathKey(f.path), f.path);
  };
  if (filter) visit(filter);
  return [...out.values()];
}

/** Value of a field for query purposes; `__name__` is the document's reference. */
export function fieldValue(db: DatabaseId, doc: DocRecord, path: FieldPath): Value | undefined {
  if (isNameField(path)) return { t: "ref", v: fullName(db, doc.path) };
  return getField(doc.fields, path);
}

function contains(list: readonly Value[], v: Value): boolean {
  for (const x of list) if (valuesEquivalent(x, v)) return true;
  return false;
}

export function matchesFilter(db: DatabaseId, f: Filter, doc: DocRecord): boolean {
  switch (f.kind) {
    case "and":
      for (const c of f.filters) if (!matchesFilter(db, c, doc)) return false;
      return true;
    case "or":
      for (const c of f.filters) if (matchesFilter(db, c, doc)) return true;
      return false;
    case "unary": {
      const v = fieldValue(db, doc, f.path);
      switch (f.op) {
        case "IS_NAN":
          return v !== undefined && isNaNValue(v);
        case "IS_NULL":
          return v !== undefined && v.t === "null";
        case "IS_NOT_NAN":
          return v !== undefined && v.t !== "null" && !isNaNValue(v);
        case "IS_NOT_NULL":
          return v !== undefined && v.t !== "null";
      }
      return false;
    }
    case "field":
      return matchesFieldFilter(db, f, doc);
  }
}

function matchesFieldFilter(db: DatabaseId, f: Filter & { kind: "field" }, doc: DocRecord): boolean {
  const v = fieldValue(db, doc, f.path);
  if (v === undefined) return false;
  const target = f.value;
  switch (f.op) {
    case "EQUAL":
      return typeOrder(v) === typeOrder(target) && compareValues(v, target) === 0;
    case "NOT_EQUAL":
      return v.t !== "null" && compareValues(v, target) !== 0;
    case "LESS_THAN":
      return typeOrder(v) === typeOrder(target) && compareValues(v, target) < 0;
    case "LESS_THAN_OR_EQUAL":
      return typeOrder(v) === typeOrder(target) && compareValues(v, target) <= 0;
    case "GREATER_THAN":
      return typeOrder(v) === typeOrder(target) && compareValues(v, target) > 0;
    case "GREATER_THAN_OR_EQUAL":
      return typeOrder(v) === typeOrder(target) && compareValues(v, target) >= 0;
    case "ARRAY_CONTAINS":
      return v.t === "arr" && contains(v.v, target);
    case "ARRAY_CONTAINS_ANY": {
      if (v.t !== "arr" || target.t !== "arr") return false;
      for (const el of v.v) if (contains(target.v, el)) return true;
      return false;
    }
    case "IN":
      return target.t === "arr" && contains(target.v, v);
    case "NOT_IN": {
      if (target.t !== "arr") return false;
      for (const x of target.v) if (x.t === "null") return false;
      return v.t !== "null" && !contains(target.v, v);
    }
  }
}

/** Equality constraints usable by an index (`field == value` directly under the top-level AND). */
export function equalityConstraints(f: Filter | null): Array<{ path: FieldPath; value: Value }> {
  if (!f) return [];
  if (f.kind === "field" && f.op === "EQUAL" && !isNameField(f.path))
    return [{ path: f.path, value: f.value }];
  if (f.kind === "and") return f.filters.flatMap((c) => equalityConstraints(c));
  return [];
}
