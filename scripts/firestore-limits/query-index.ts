import {
  type CompositeIndex,
  type Direction,
  describeIndex,
  type IndexConfig,
  type IndexField,
  type QueryScope,
  scopeOf,
  singleFieldModes,
} from "./index-config";

// Does production have an index for this query? Firestore's rules of index selection, applied to a
// structured query as it travels on the wire (REST JSON, or the same shape decoded from gRPC):
//  - an OR is split into its conjunctions (disjunctive normal form), each needing an index;
//  - ==, in, is-null and is-NaN are equalities; array-contains(-any) needs an array-contains mode;
//    <, <=, >, >=, !=, not-in, is-not-null order the results by their field;
//  - the order is the explicit orderBy, then each inequality field not in it (by name, ascending),
//    then __name__ in the direction of the last order (the tiebreak every index ends with);
//  - equalities alone are served by merging single-field indexes, an array-contains alone by its own;
//    one ordered field alone by its single-field index in that direction;
//  - anything else needs composite indexes of the query's scope whose fields are equality fields (any
//    direction) followed by exactly the ordered fields and directions; several such indexes merge when
//    together they cover every equality;
//  - a field's single-field index may be exempted (fieldOverrides), and collection group queries get
//    single-field indexes only where an override adds that scope.

export interface FieldReference {
  fieldPath?: string;
}
export interface Filter {
  compositeFilter?: { op?: string; filters?: Filter[] };
  fieldFilter?: { field?: FieldReference; op?: string; value?: unknown };
  unaryFilter?: { op?: string; field?: FieldReference };
}
export interface StructuredQuery {
  from?: Array<{ collectionId?: string; allDescendants?: boolean }>;
  where?: Filter;
  orderBy?: Array<{ field?: FieldReference; direction?: string }>;
}

/** What one conjunction of a query needs of the indexes. */
export interface QueryNeed {
  collectionGroup: string;
  scope: QueryScope;
  equalities: string[];
  contains: string[];
  /** The ordered fields without __name__, in order. */
  orders: Array<{ fieldPath: string; direction: Direction }>;
  /** The direction of the __name__ tiebreak. */
  nameDirection: Direction;
}

export type IndexVerdict =
  | { ok: true; via: "single-field" | "composite"; indexes: CompositeIndex[] }
  | { ok: false; need: QueryNeed; add: CompositeIndex };

const NAME = "__name__";
const EQUALITY = new Set(["EQUAL", "IN", "IS_NULL", "IS_NAN"]);
const CONTAINS = new Set(["ARRAY_CONTAINS", "ARRAY_CONTAINS_ANY"]);

type Leaf = { fieldPath: string; op: string };

/** The filter as a list of conjunctions of leaves (OR distributed over AND). */
function conjunctions(filter: Filter | undefined): Leaf[][] {
  if (!filter) return [[]];
  if (filter.fieldFilter)
    return [[{ fieldPath: filter.fieldFilter.field?.fieldPath ?? "", op: filter.fieldFilter.op ?? "" }]];
  if (filter.unaryFilter)
    return [[{ fieldPath: filter.unaryFilter.field?.fieldPath ?? "", op: filter.unaryFilter.op ?? "" }]];
  const parts = (filter.compositeFilter?.filters ?? []).map(conjunctions);
  if (filter.compositeFilter?.op === "OR") return parts.flat();
  return parts.reduce<Leaf[][]>(
    (product, part) => product.flatMap((left) => part.map((right) => [...left, ...right])),
    [[]],
  );
}

const directionOf = (direction: string | undefined): Direction =>
  direction === "DESCENDING" ? "DESCENDING" : "ASCENDING";

/** What each conjunction of `query` needs (none for a kindless query: the name index serves it). */
export function queryNeeds(query: StructuredQuery): QueryNeed[] {
  const from = query.from?.[0];
  if (!from?.collectionId) return [];
  const scope: QueryScope = from.allDescendants ? "COLLECTION_GROUP" : "COLLECTION";
  return conjunctions(query.where).map((leaves) => {
    const equalities = new Set<string>();
    const contains = new Set<string>();
    const inequalities = new Set<string>();
    for (const { fieldPath, op } of leaves) {
      if (fieldPath === NAME) continue;
      if (EQUALITY.has(op)) equalities.add(fieldPath);
      else if (CONTAINS.has(op)) contains.add(fieldPath);
      // An inequality, or an operator this checker does not know: counted as one (asks for more, never less).
      else inequalities.add(fieldPath);
    }
    const explicit = (query.orderBy ?? []).map((order) => ({
      fieldPath: order.field?.fieldPath ?? "",
      direction: directionOf(order.direction),
    }));
    const ordered = new Set(explicit.map((order) => order.fieldPath));
    const implicit = [...inequalities]
      .filter((field) => !ordered.has(field))
      .sort()
      .map((fieldPath) => ({ fieldPath, direction: "ASCENDING" as Direction }));
    const all = [...explicit, ...implicit];
    const nameAt = all.findIndex((order) => order.fieldPath === NAME);
    const orders = (nameAt >= 0 ? all.slice(0, nameAt) : all).filter((order) => order.fieldPath !== NAME);
    const nameDirection = nameAt >= 0 ? all[nameAt]!.direction : (orders.at(-1)?.direction ?? "ASCENDING");
    return {
      collectionGroup: from.collectionId!,
      scope,
      equalities: [...equalities].filter((field) => !contains.has(field)),
      contains: [...contains],
      orders,
      nameDirection,
    };
  });
}

/** Served by single-field indexes alone (merged for equalities), or not. */
function singleFieldServes(config: IndexConfig, need: QueryNeed): boolean {
  const has = (field: string, mode: string) =>
    singleFieldModes(config, need.collectionGroup, field).includes(`${mode}@${need.scope}` as never);
  if (need.orders.length === 0) {
    // An array-contains beside other equalities is not merged here (Firestore documents merging for
    // equalities only): the checker asks for the composite index rather than pass what may fail.
    if (need.contains.length > 1 || (need.contains.length === 1 && need.equalities.length > 0)) return false;
    const sortable = (field: string) => has(field, "ASCENDING") || has(field, "DESCENDING");
    return need.equalities.every(sortable) && need.contains.every((field) => has(field, "CONTAINS"));
  }
  if (need.orders.length > 1 || need.equalities.length > 0 || need.contains.length > 0) return false;
  const [order] = need.orders;
  return order!.direction === need.nameDirection && has(order!.fieldPath, order!.direction);
}

/** The composite indexes that can take part in serving `need`, each with the equalities it covers. */
function compositeCandidates(config: IndexConfig, need: QueryNeed): Array<[CompositeIndex, string[]]> {
  const found: Array<[CompositeIndex, string[]]> = [];
  for (const index of config.indexes) {
    if (index.collectionGroup !== need.collectionGroup || scopeOf(index) !== need.scope) continue;
    let fields: IndexField[] = index.fields;
    const last = fields.at(-1);
    let nameDirection: Direction;
    if (last?.fieldPath === NAME) {
      nameDirection = directionOf(last.order);
      fields = fields.slice(0, -1);
    } else {
      nameDirection = fields.at(-1)?.order ?? "ASCENDING";
    }
    if (nameDirection !== need.nameDirection) continue;
    const split = fields.length - need.orders.length;
    if (split < 0) continue;
    const suffixMatches = need.orders.every((order, at) => {
      const field = fields[split + at]!;
      return (
        field.fieldPath === order.fieldPath &&
        !field.arrayConfig &&
        directionOf(field.order) === order.direction
      );
    });
    if (!suffixMatches) continue;
    const prefix = fields.slice(0, split);
    const prefixMatches = prefix.every((field) =>
      field.arrayConfig ? need.contains.includes(field.fieldPath) : need.equalities.includes(field.fieldPath),
    );
    if (prefixMatches) found.push([index, prefix.map((field) => field.fieldPath)]);
  }
  return found;
}

/** The index to add for `need`: its equalities, then its array-contains, then its order. */
export function indexFor(need: QueryNeed): CompositeIndex {
  const fields: IndexField[] = [
    ...need.equalities.map((fieldPath) => ({ fieldPath, order: "ASCENDING" as Direction })),
    ...need.contains.map((fieldPath) => ({ fieldPath, arrayConfig: "CONTAINS" as const })),
    ...need.orders.map(({ fieldPath, direction }) => ({ fieldPath, order: direction })),
  ];
  const lastDirection = fields.at(-1)?.order ?? "ASCENDING";
  if (need.nameDirection !== lastDirection) fields.push({ fieldPath: NAME, order: need.nameDirection });
  return { collectionGroup: need.collectionGroup, queryScope: need.scope, fields };
}

/** Whether production can run one conjunction, and with which composite indexes. */
export function checkNeed(config: IndexConfig, need: QueryNeed): IndexVerdict {
  if (singleFieldServes(config, need)) return { ok: true, via: "single-field", indexes: [] };
  const candidates = compositeCandidates(config, need);
  const covered = new Set(candidates.flatMap(([, fields]) => fields));
  const wanted = [...need.equalities, ...need.contains];
  if (candidates.length > 0 && wanted.every((field) => covered.has(field))) {
    // The fewest indexes: an exact one if there is one, else every candidate (merged).
    const exact = candidates.find(([, fields]) => wanted.every((field) => fields.includes(field)));
    return { ok: true, via: "composite", indexes: exact ? [exact[0]] : candidates.map(([index]) => index) };
  }
  return { ok: false, need, add: indexFor(need) };
}

/** Every conjunction's verdict. */
export function checkQuery(config: IndexConfig, query: StructuredQuery): IndexVerdict[] {
  return queryNeeds(query).map((need) => checkNeed(config, need));
}

/** `requests: status == · gh3 == · createdAt DESC` (for messages). */
export function describeNeed(need: QueryNeed): string {
  const parts = [
    ...need.equalities.map((field) => `${field} ==`),
    ...need.contains.map((field) => `${field} array-contains`),
    ...need.orders.map((order) => `${order.fieldPath} ${order.direction === "DESCENDING" ? "DESC" : "ASC"}`),
  ];
  const scope = need.scope === "COLLECTION_GROUP" ? " [collection group]" : "";
  return `${need.collectionGroup}${scope}: ${parts.join(" · ") || "(no filter)"}`;
}

/** The query as sent, values left out: `where emailStatus EQUAL, emailRetryAt LESS_THAN_OR_EQUAL · order emailRetryAt ASC`. */
export function describeQuery(query: StructuredQuery): string {
  const leaves: string[] = [];
  const walk = (filter: Filter | undefined): void => {
    if (!filter) return;
    if (filter.fieldFilter) leaves.push(`${filter.fieldFilter.field?.fieldPath} ${filter.fieldFilter.op}`);
    if (filter.unaryFilter) leaves.push(`${filter.unaryFilter.field?.fieldPath} ${filter.unaryFilter.op}`);
    if (filter.compositeFilter) {
      const inner = filter.compositeFilter.filters ?? [];
      if (filter.compositeFilter.op === "OR") leaves.push(`OR(${inner.length})`);
      for (const part of inner) walk(part);
    }
  };
  walk(query.where);
  const orders = (query.orderBy ?? []).map(
    (order) => `${order.field?.fieldPath} ${order.direction === "DESCENDING" ? "DESC" : "ASC"}`,
  );
  return [`where ${leaves.join(", ") || "-"}`, `order ${orders.join(", ") || "-"}`].join(" · ");
}

export { describeIndex };
