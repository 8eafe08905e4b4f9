/** Reading and copy-on-write editing of nested document fields by field path. */
import type { FieldPath } from "./paths.ts";
import type { FieldsMap, Value } from "./values.ts";

export function getField(fields: FieldsMap, path: FieldPath): Value | undefined {
  let cur: Value | undefined = fields.get(path[0] as string);
  for (let i = 1; i < path.length; i++) {
    if (cur === undefined || cur.t !== "map") return undefined;
    cur = cur.v.get(path[i] as string);
  }
  return cur;
}

/** Sets `path` to `value` in the (mutable) top-level map, copying nested maps on the way. */
export function setField(fields: Map<string, Value>, path: FieldPath, value: Value): void {
  const head = path[0] as string;
  if (path.length === 1) {
    fields.set(head, value);
    return;
  }
  const existing = fields.get(head);
  const child = new Map<string, Value>(existing?.t === "map" ? existing.v : undefined);
  setField(child, path.slice(1), value);
  fields.set(head, { t: "map", v: child });
}

/** Removes `path`; missing parents are left alone. */
export function deleteField(fields: Map<string, Value>, path: FieldPath): void {
  const head = path[0] as string;
  if (path.length === 1) {
    fields.delete(head);
    return;
  }
  const existing = fields.get(head);
  if (existing?.t !== "map") return;
  if (getField(existing.v, path.slice(1)) === undefined) return;
  const child = new Map<string, Value>(existing.v);
  deleteField(child, path.slice(1));
  fields.set(head, { t: "map", v: child });
}

/** Keeps only the given field paths (a mask / projection). */
export function projectFields(fields: FieldsMap, paths: readonly FieldPath[]): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const p of paths) {
    const v = getField(fields, p);
    if (v !== undefined) setField(out, p, v);
  }
  return out;
}
