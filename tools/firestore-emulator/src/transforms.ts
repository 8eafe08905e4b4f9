/** Field transforms: server timestamp, increment, maximum, minimum, array union and removal. */
import { invalidArgument } from "./errors.ts";
import { getField, setField } from "./fields.ts";
import { enumName, isObject, type JsonObject } from "./guards.ts";
import { type FieldPath, isNameField, parseFieldPath } from "./paths.ts";
import { type Micros, microsToTimestamp } from "./time.ts";
import {
  compareNumbers,
  decodeValue,
  INT64_MAX,
  INT64_MIN,
  isNumber,
  NULL,
  type Value,
  valuesEquivalent,
} from "./values.ts";

export type Transform =
  | { readonly kind: "serverTime"; readonly path: FieldPath }
  | { readonly kind: "increment" | "maximum" | "minimum"; readonly path: FieldPath; readonly operand: Value }
  | { readonly kind: "append" | "remove"; readonly path: FieldPath; readonly elements: readonly Value[] };

const SERVER_VALUES: Record<number, string> = { 0: "SERVER_VALUE_UNSPECIFIED", 1: "REQUEST_TIME" };

export function parseTransform(json: unknown, what: string): Transform {
  if (!isObject(json)) throw invalidArgument(`${what} must be a field transform object.`);
  const path = parseFieldPath(json.fieldPath, `${what}.fieldPath`);
  if (isNameField(path)) throw invalidArgument(`${what} cannot transform __name__.`);
  const kinds = Object.keys(json).filter(
    (k) => k !== "fieldPath" && json[k] !== undefined && json[k] !== null,
  );
  if (kinds.length !== 1) {
    throw invalidArgument(
      `${what} must set exactly one transform (setToServerValue, increment, maximum, minimum, appendMissingElements, removeAllFromArray).`,
    );
  }
  const kind = kinds[0] as string;
  switch (kind) {
    case "setToServerValue": {
      const name = enumName(json.setToServerValue, SERVER_VALUES, `${what}.setToServerValue`);
      if (name !== "REQUEST_TIME") throw invalidArgument(`${what}.setToServerValue must be REQUEST_TIME.`);
      return { kind: "serverTime", path };
    }
    case "increment":
    case "maximum":
    case "minimum": {
      const operand = decodeValue(json[kind], `${what}.${kind}`);
      if (!isNumber(operand)) throw invalidArgument(`${what}.${kind} must be an integer or double value.`);
      return { kind, path, operand };
    }
    case "appendMissingElements":
    case "removeAllFromArray": {
      const arr = json[kind];
      if (!isObject(arr)) throw invalidArgument(`${what}.${kind} must be an ArrayValue {values: [...]}.`);
      const raw = (arr as JsonObject).values ?? [];
      if (!Array.isArray(raw)) throw invalidArgument(`${what}.${kind}.values must be an array.`);
      const elements = raw.map((v, i) => decodeValue(v, `${what}.${kind}[${i}]`));
      return { kind: kind === "appendMissingElements" ? "append" : "remove", path, elements };
    }
    default:
      throw invalidArgument(`${what} has an unknown transform ${JSON.stringify(kind)}.`);
  }
}

function saturate(v: bigint): bigint {
  return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : v;
}

function toDouble(v: Value): number {
  return v.t === "int" ? Number(v.v) : v.t === "double" ? v.v : 0;
}

export function increment(current: Value | undefined, operand: Value): Value {
  if (current === undefined || !isNumber(current)) return operand;
  if (current.t === "int" && operand.t === "int") return { t: "int", v: saturate(current.v + operand.v) };
  return { t: "double", v: toDouble(current) + toDouble(operand) };
}

export function maximum(current: Value | undefined, operand: Value): Value {
  if (current === undefined || !isNumber(current)) return operand;
  if (current.t === "double" && Number.isNaN(current.v)) return current;
  if (operand.t === "double" && Number.isNaN(operand.v)) return operand;
  return compareNumbers(operand, current) > 0 ? operand : current;
}

export function minimum(current: Value | undefined, operand: Value): Value {
  if (current === undefined || !isNumber(current)) return operand;
  if (current.t === "double" && Number.isNaN(current.v)) return current;
  if (operand.t === "double" && Number.isNaN(operand.v)) return operand;
  return compareNumbers(operand, current) < 0 ? operand : current;
}

export function arrayUnion(current: Value | undefined, elements: readonly Value[]): Value {
  const out: Value[] = current?.t === "arr" ? [...current.v] : [];
  for (const e of elements) if (!out.some((x) => valuesEquivalent(x, e))) out.push(e);
  return { t: "arr", v: out };
}

export function arrayRemove(current: Value | undefined, elements: readonly Value[]): Value {
  const base = current?.t === "arr" ? current.v : [];
  return { t: "arr", v: base.filter((x) => !elements.some((e) => valuesEquivalent(x, e))) };
}

/** Applies one transform to the mutable fields; returns its transform result. */
export function applyTransform(fields: Map<string, Value>, t: Transform, commitTime: Micros): Value {
  const current = getField(fields, t.path);
  let next: Value;
  let result: Value;
  switch (t.kind) {
    case "serverTime": {
      const ts = microsToTimestamp(commitTime);
      next = { t: "ts", s: ts.seconds, n: ts.nanos };
      result = next;
      break;
    }
    case "increment":
      next = increment(current, t.operand);
      result = next;
      break;
    case "maximum":
      next = maximum(current, t.operand);
      result = next;
      break;
    case "minimum":
      next = minimum(current, t.operand);
      result = next;
      break;
    case "append":
      next = arrayUnion(current, t.elements);
      result = NULL;
      break;
    case "remove":
      next = arrayRemove(current, t.elements);
      result = NULL;
      break;
  }
  setField(fields, t.path, next);
  return result;
}
