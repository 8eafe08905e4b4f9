/** StructuredAggregationQuery: count (with up_to), sum and avg. */
import { invalidArgument } from "./errors.ts";
import { getField } from "./fields.ts";
import { parseFieldReference } from "./filters.ts";
import { isObject } from "./guards.ts";
import type { DatabaseId, FieldPath } from "./paths.ts";
import { parseStructuredQuery, type Query } from "./query.ts";
import type { DocRecord } from "./store.ts";
import { INT64_MAX, INT64_MIN, NULL, type Value } from "./values.ts";

export interface Aggregation {
  readonly alias: string;
  readonly kind: "count" | "sum" | "avg";
  readonly path: FieldPath | null;
  readonly upTo: number | null;
}

export interface AggregationQuery {
  readonly query: Query;
  readonly aggregations: readonly Aggregation[];
}

const ALIAS_RE = /^[A-Za-z_][A-Za-z_0-9]*$/;

export function parseAggregationQuery(db: DatabaseId, parent: string, json: unknown): AggregationQuery {
  if (!isObject(json)) throw invalidArgument("structuredAggregationQuery must be an object.");
  const query = parseStructuredQuery(
    db,
    parent,
    json.structuredQuery,
    "structuredAggregationQuery.structuredQuery",
  );
  const raw = json.aggregations ?? [];
  if (!Array.isArray(raw)) throw invalidArgument("structuredAggregationQuery.aggregations must be an array.");
  if (raw.length === 0) throw invalidArgument("structuredAggregationQuery needs at least one aggregation.");
  if (raw.length > 5) throw invalidArgument("structuredAggregationQuery supports at most 5 aggregations.");
  const aliases = new Set<string>();
  const aggregations = raw.map((a, i): Aggregation => {
    const what = `structuredAggregationQuery.aggregations[${i}]`;
    if (!isObject(a)) throw invalidArgument(`${what} must be an object.`);
    const alias = a.alias === undefined || a.alias === null || a.alias === "" ? `field_${i + 1}` : a.alias;
    if (typeof alias !== "string" || !ALIAS_RE.test(alias))
      throw invalidArgument(`${what}.alias ${JSON.stringify(alias)} is not a valid alias.`);
    if (aliases.has(alias)) throw invalidArgument(`${what}.alias ${alias} is used more than once.`);
    aliases.add(alias);
    if (isObject(a.count)) {
      let upTo: number | null = null;
      const raw = a.count.upTo;
      if (raw !== undefined && raw !== null) {
        const v = isObject(raw) ? raw.value : raw;
        const n = typeof v === "string" ? Number(v) : v;
        if (typeof n !== "number" || !Number.isInteger(n) || n < 1)
          throw invalidArgument(`${what}.count.upTo must be a positive integer.`);
        upTo = n;
      }
      return { alias, kind: "count", path: null, upTo };
    }
    if (isObject(a.sum))
      return { alias, kind: "sum", path: parseFieldReference(a.sum.field, `${what}.sum.field`), upTo: null };
    if (isObject(a.avg))
      return { alias, kind: "avg", path: parseFieldReference(a.avg.field, `${what}.avg.field`), upTo: null };
    throw invalidArgument(`${what} must set one of count, sum, avg.`);
  });
  return { query, aggregations };
}

export function aggregate(docs: readonly DocRecord[], agg: Aggregation): Value {
  if (agg.kind === "count") {
    const n = agg.upTo === null ? docs.length : Math.min(docs.length, agg.upTo);
    return { t: "int", v: BigInt(n) };
  }
  const path = agg.path as FieldPath;
  let intSum = 0n;
  let dblSum = 0;
  let useDouble = false;
  let count = 0;
  for (const doc of docs) {
    const v = getField(doc.fields, path);
    if (!v) continue;
    if (v.t === "int") {
      count++;
      if (useDouble) dblSum += Number(v.v);
      else {
        intSum += v.v;
        if (intSum > INT64_MAX || intSum < INT64_MIN) {
          useDouble = true;
          dblSum = Number(intSum);
        }
      }
    } else if (v.t === "double") {
      count++;
      if (!useDouble) {
        useDouble = true;
        dblSum = Number(intSum);
      }
      dblSum += v.v;
    }
  }
  if (agg.kind === "sum") return useDouble ? { t: "double", v: dblSum } : { t: "int", v: intSum };
  if (count === 0) return NULL;
  const total = useDouble ? dblSum : Number(intSum);
  return { t: "double", v: total / count };
}
