import { type IndexConfig, singleFieldModes } from "./index-config";

// Firestore's per-document limits, computed as its documentation does ("Storage size calculations",
// "Usage and limits"), on a document in the REST JSON shape the emulator returns (typed values):
//  - size ≤ 1 MiB: the document name (each collection and document id as a string, + 16), each field's
//    name and value (string: UTF-8 bytes + 1; number, timestamp: 8; boolean, null: 1; geopoint: 16;
//    bytes: their length; reference: a document name; array: its values; map: its keys and values), + 32;
//  - index entries ≤ 40,000: each single-field index mode of each field (ascending and descending for
//    every value that is not a map or an array, recursively inside maps; array-contains for every
//    distinct element of an array), as firestore.indexes.json's field overrides leave them, plus an
//    entry per composite index of the collection the document has every field of (one per distinct
//    element of its array-contains field).

export const MAX_DOCUMENT_BYTES = 1_048_576;
export const MAX_INDEX_ENTRIES = 40_000;

export type Value = {
  stringValue?: string;
  integerValue?: string | number;
  doubleValue?: number;
  booleanValue?: boolean;
  nullValue?: unknown;
  timestampValue?: string;
  geoPointValue?: unknown;
  bytesValue?: string;
  referenceValue?: string;
  arrayValue?: { values?: Value[] };
  mapValue?: { fields?: Record<string, Value> };
};
export type Fields = Record<string, Value>;

const stringSize = (text: string) => Buffer.byteLength(text, "utf8") + 1;

/** `users/jeff/tasks/my_task_id` → 6 + 5 + 6 + 11 + 16 = 44. */
export function documentNameSize(path: string): number {
  return path.split("/").reduce((sum, segment) => sum + stringSize(segment), 16);
}

function valueSize(value: Value): number {
  if (value.stringValue !== undefined) return stringSize(value.stringValue);
  if (value.booleanValue !== undefined || value.nullValue !== undefined) return 1;
  if (value.geoPointValue !== undefined) return 16;
  if (value.bytesValue !== undefined) return Buffer.from(value.bytesValue, "base64").length;
  if (value.referenceValue !== undefined) {
    const at = value.referenceValue.indexOf("/documents/");
    return documentNameSize(at < 0 ? value.referenceValue : value.referenceValue.slice(at + 11));
  }
  if (value.arrayValue)
    return (value.arrayValue.values ?? []).reduce((sum, item) => sum + valueSize(item), 0);
  if (value.mapValue) return fieldsSize(value.mapValue.fields ?? {});
  return 8;
}

function fieldsSize(fields: Fields): number {
  return Object.entries(fields).reduce((sum, [name, value]) => sum + stringSize(name) + valueSize(value), 0);
}

/** The document's size in bytes as Firestore counts it. */
export function documentSize(path: string, fields: Fields): number {
  return documentNameSize(path) + fieldsSize(fields) + 32;
}

/** The collection (group) a document path belongs to: `shops/s1/reviews/r1` → `reviews`. */
export function collectionOf(path: string): string {
  const segments = path.split("/");
  return segments[segments.length - 2] ?? "";
}

const distinctCount = (values: readonly Value[]) =>
  new Set(values.map((value) => JSON.stringify(value))).size;

/** The single-field index entries of one field (and, for a map, of its subfields). */
function singleFieldEntries(config: IndexConfig, group: string, fieldPath: string, value: Value): number {
  if (value.mapValue) {
    // An exempted map with no override beneath it: none of its subfields is indexed.
    const deeper = (config.fieldOverrides ?? []).some(
      (override) => override.collectionGroup === group && override.fieldPath.startsWith(`${fieldPath}.`),
    );
    if (!deeper && singleFieldModes(config, group, fieldPath).length === 0) return 0;
    return Object.entries(value.mapValue.fields ?? {}).reduce(
      (sum, [key, inner]) => sum + singleFieldEntries(config, group, `${fieldPath}.${key}`, inner),
      0,
    );
  }
  const modes = singleFieldModes(config, group, fieldPath);
  const contains = modes.filter((mode) => mode.startsWith("CONTAINS")).length;
  const ordered = modes.length - contains;
  if (value.arrayValue) {
    const overridden = config.fieldOverrides?.some(
      (override) =>
        override.collectionGroup === group &&
        (fieldPath === override.fieldPath || fieldPath.startsWith(`${override.fieldPath}.`)),
    );
    // Automatically an array gets array-contains only; an override may add ordered modes on it.
    return contains * distinctCount(value.arrayValue.values ?? []) + (overridden ? ordered : 0);
  }
  return ordered;
}

function valueAt(fields: Fields, fieldPath: string): Value | undefined {
  let value: Value | undefined = { mapValue: { fields } };
  for (const key of fieldPath.split(".")) value = value?.mapValue?.fields?.[key];
  return value;
}

function compositeEntries(config: IndexConfig, group: string, fields: Fields): number {
  let total = 0;
  for (const index of config.indexes) {
    if (index.collectionGroup !== group) continue;
    let entries = 1;
    for (const field of index.fields) {
      if (field.fieldPath === "__name__") continue;
      const value = valueAt(fields, field.fieldPath);
      if (!value) entries = 0;
      else if (field.arrayConfig) entries *= distinctCount(value.arrayValue?.values ?? []);
    }
    total += entries;
  }
  return total;
}

/** The document's index entries as Firestore counts them under `config`. */
export function indexEntries(config: IndexConfig, path: string, fields: Fields): number {
  const group = collectionOf(path);
  const single = Object.entries(fields).reduce(
    (sum, [name, value]) => sum + singleFieldEntries(config, group, name, value),
    0,
  );
  return single + compositeEntries(config, group, fields);
}

/** What is over a limit in the document, as sentences (none when it is within both). */
export function documentProblems(config: IndexConfig, path: string, fields: Fields): string[] {
  const problems: string[] = [];
  const size = documentSize(path, fields);
  if (size > MAX_DOCUMENT_BYTES)
    problems.push(
      `${path}: ${size.toLocaleString("en")} bytes, over Firestore's 1 MiB (1,048,576) per document`,
    );
  const entries = indexEntries(config, path, fields);
  if (entries > MAX_INDEX_ENTRIES)
    problems.push(
      `${path}: ${entries.toLocaleString("en")} index entries, over Firestore's 40,000 per document ` +
        "(exempt the fields no query needs in firestore.indexes.json's fieldOverrides)",
    );
  return problems;
}
