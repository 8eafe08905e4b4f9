/** Narrowing helpers for untrusted JSON. */
import { invalidArgument } from "./errors.ts";

export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, what: string): JsonObject {
  if (!isObject(value)) throw invalidArgument(`${what} must be a JSON object.`);
  return value;
}

export function asArray(value: unknown, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidArgument(`${what} must be an array.`);
  return value;
}

export function asString(value: unknown, what: string): string {
  if (typeof value !== "string") throw invalidArgument(`${what} must be a string.`);
  return value;
}

/** int32 fields: a JSON number, a numeric string, or a wrapper `{value}`. */
export function optInt32(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  let v: unknown = value;
  if (isObject(v)) v = v.value;
  if (v === undefined || v === null) return 0;
  const n = typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== "number" || !Number.isInteger(n) || n < -2147483648 || n > 2147483647) {
    throw invalidArgument(`${what} must be a 32-bit integer.`);
  }
  return n;
}

/** Enum fields arrive by name (browser, proto3 JSON) or by number (admin with enum-encoding=int). */
export function enumName(value: unknown, names: Record<number, string>, what: string): string {
  if (typeof value === "number") {
    const name = names[value];
    if (name === undefined) throw invalidArgument(`Unknown ${what} value ${value}.`);
    return name;
  }
  if (typeof value === "string") {
    if (/^\d+$/.test(value)) return enumName(Number(value), names, what);
    return value;
  }
  throw invalidArgument(`${what} must be an enum name or number.`);
}
