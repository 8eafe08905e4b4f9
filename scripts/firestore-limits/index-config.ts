// firestore.indexes.json as Firestore reads it: composite indexes, and the single-field settings of each
// field (automatic unless a field override says otherwise). Pure: the checks and their tests share it.

export type Direction = "ASCENDING" | "DESCENDING";
export type QueryScope = "COLLECTION" | "COLLECTION_GROUP";

export interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: "CONTAINS";
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope?: QueryScope;
  fields: IndexField[];
}

export interface OverrideIndex {
  order?: Direction;
  arrayConfig?: "CONTAINS";
  queryScope?: QueryScope;
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: OverrideIndex[];
}

export interface IndexConfig {
  indexes: CompositeIndex[];
  fieldOverrides?: FieldOverride[];
}

/** A single-field index mode in one scope: `ASCENDING@COLLECTION`, `CONTAINS@COLLECTION_GROUP`. */
export type SingleFieldMode = `${Direction | "CONTAINS"}@${QueryScope}`;

/**
 * What Firestore creates for every field unless told otherwise: ascending and descending indexes for
 * each non-array value and an array-contains index for each array, in collection scope only (a
 * collection group query needs an override that adds its scope).
 */
export const AUTOMATIC_MODES: readonly SingleFieldMode[] = [
  "ASCENDING@COLLECTION",
  "DESCENDING@COLLECTION",
  "CONTAINS@COLLECTION",
];

/**
 * The single-field modes of `fieldPath` in `collectionGroup`: those of the most specific override on the
 * field or on a map above it (a map's override applies to its subfields), else the automatic ones.
 */
export function singleFieldModes(
  config: IndexConfig,
  collectionGroup: string,
  fieldPath: string,
): readonly SingleFieldMode[] {
  let best: FieldOverride | undefined;
  for (const override of config.fieldOverrides ?? []) {
    if (override.collectionGroup !== collectionGroup) continue;
    const covers = fieldPath === override.fieldPath || fieldPath.startsWith(`${override.fieldPath}.`);
    if (covers && (!best || override.fieldPath.length > best.fieldPath.length)) best = override;
  }
  if (!best) return AUTOMATIC_MODES;
  return best.indexes.map(
    (index) =>
      `${index.arrayConfig ?? index.order ?? "ASCENDING"}@${index.queryScope ?? "COLLECTION"}` as const,
  );
}

export function scopeOf(index: CompositeIndex): QueryScope {
  return index.queryScope ?? "COLLECTION";
}

/** `offers (merchantId ASC, createdAt DESC)`, `notifications [group] (emailStatus ASC, …)`. */
export function describeIndex(index: CompositeIndex): string {
  const fields = index.fields
    .map(
      (field) => `${field.fieldPath} ${field.arrayConfig ?? (field.order === "DESCENDING" ? "DESC" : "ASC")}`,
    )
    .join(", ");
  const scope = scopeOf(index) === "COLLECTION_GROUP" ? " [collection group]" : "";
  return `${index.collectionGroup}${scope} (${fields})`;
}

/** The index as it would be written in firestore.indexes.json. */
export function indexJson(index: CompositeIndex): string {
  return JSON.stringify({
    collectionGroup: index.collectionGroup,
    queryScope: scopeOf(index),
    fields: index.fields,
  });
}
