import { describe, expect, it } from "vitest";
import type { IndexConfig } from "./index-config";
import { checkQuery, describeNeed, type Filter, type StructuredQuery } from "./query-index";

// The cases of Firestore's "Index types" and "Managing indexes" pages (cities, restaurants), as the SDKs
// put them on the wire.

const eq = (fieldPath: string, op = "EQUAL"): Filter => ({
  fieldFilter: { field: { fieldPath }, op, value: { stringValue: "x" } },
});
const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: "AND", filters } });
const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: "OR", filters } });
const order = (fieldPath: string, direction = "ASCENDING") => ({ field: { fieldPath }, direction });
const cities = (where?: Filter, orderBy: ReturnType<typeof order>[] = []): StructuredQuery => ({
  from: [{ collectionId: "cities" }],
  ...(where ? { where } : {}),
  orderBy,
});

const none: IndexConfig = { indexes: [] };
const ok = (config: IndexConfig, query: StructuredQuery) => checkQuery(config, query).every((v) => v.ok);

describe("queries served by single-field indexes", () => {
  it("serves an equality, a range on one field, its order, and an array-contains", () => {
    expect(ok(none, cities(eq("state")))).toBe(true);
    expect(ok(none, cities(eq("population", "LESS_THAN")))).toBe(true);
    expect(ok(none, cities(eq("name", "GREATER_THAN_OR_EQUAL"), [order("name", "DESCENDING")]))).toBe(true);
    expect(ok(none, cities(eq("regions", "ARRAY_CONTAINS")))).toBe(true);
    expect(ok(none, cities(undefined, [order("population", "DESCENDING")]))).toBe(true);
    expect(ok(none, cities())).toBe(true);
  });

  it("merges single-field indexes for several equalities (state == CO and name == Denver)", () => {
    expect(ok(none, cities(and(eq("state"), eq("name"))))).toBe(true);
    expect(ok(none, cities(and(eq("state"), eq("country", "IN"))))).toBe(true);
  });

  it("asks for a composite index for an array-contains beside an equality (no merge assumed)", () => {
    expect(ok(none, cities(and(eq("regions", "ARRAY_CONTAINS"), eq("state", "IN"))))).toBe(false);
  });

  it("ignores filters on the document name", () => {
    expect(ok(none, cities(eq("__name__", "GREATER_THAN"), [order("__name__")]))).toBe(true);
  });
});

describe("queries that need a composite index", () => {
  const countryPopulation: IndexConfig = {
    indexes: [
      {
        collectionGroup: "cities",
        queryScope: "COLLECTION",
        fields: [
          { fieldPath: "country", order: "ASCENDING" },
          { fieldPath: "population", order: "ASCENDING" },
        ],
      },
    ],
  };

  it("refuses an equality with a range or an order on another field, and names the index to add", () => {
    const [verdict] = checkQuery(none, cities(eq("country"), [order("population")]));
    expect(verdict?.ok).toBe(false);
    if (verdict?.ok !== false) return;
    expect(verdict.add.fields).toEqual([
      { fieldPath: "country", order: "ASCENDING" },
      { fieldPath: "population", order: "ASCENDING" },
    ]);
    expect(describeNeed(verdict.need)).toBe("cities: country == · population ASC");
    expect(ok(none, cities(and(eq("country"), eq("population", "LESS_THAN"))))).toBe(false);
  });

  it("serves them with the index, in its direction only", () => {
    expect(ok(countryPopulation, cities(eq("country"), [order("population")]))).toBe(true);
    expect(ok(countryPopulation, cities(and(eq("country"), eq("population", "GREATER_THAN"))))).toBe(true);
    expect(ok(countryPopulation, cities(eq("country"), [order("population", "DESCENDING")]))).toBe(false);
  });

  it("needs an index for two orders, and for an array-contains with a range", () => {
    expect(ok(none, cities(undefined, [order("state"), order("population", "DESCENDING")]))).toBe(false);
    expect(ok(none, cities(and(eq("regions", "ARRAY_CONTAINS"), eq("population", "LESS_THAN"))))).toBe(false);
    const regions: IndexConfig = {
      indexes: [
        {
          collectionGroup: "cities",
          fields: [
            { fieldPath: "regions", arrayConfig: "CONTAINS" },
            { fieldPath: "population", order: "ASCENDING" },
          ],
        },
      ],
    };
    expect(ok(regions, cities(and(eq("regions", "ARRAY_CONTAINS"), eq("population", "LESS_THAN"))))).toBe(
      true,
    );
  });

  it("orders inequalities on several fields by name when no order is given", () => {
    const [verdict] = checkQuery(
      none,
      cities(and(eq("population", "GREATER_THAN"), eq("density", "LESS_THAN"))),
    );
    expect(verdict?.ok === false && verdict.add.fields.map((field) => field.fieldPath)).toEqual([
      "density",
      "population",
    ]);
  });

  it("needs __name__ in the index when the tiebreak goes against the last order", () => {
    const query = cities(eq("country"), [order("population"), order("__name__", "DESCENDING")]);
    expect(ok(countryPopulation, query)).toBe(false);
    const [verdict] = checkQuery(countryPopulation, query);
    expect(verdict?.ok === false && verdict.add.fields.at(-1)).toEqual({
      fieldPath: "__name__",
      order: "DESCENDING",
    });
    const withName: IndexConfig = {
      indexes: [
        {
          collectionGroup: "cities",
          fields: [...countryPopulation.indexes[0]!.fields, { fieldPath: "__name__", order: "DESCENDING" }],
        },
      ],
    };
    expect(ok(withName, query)).toBe(true);
    expect(ok(countryPopulation, cities(eq("country"), [order("population"), order("__name__")]))).toBe(true);
  });

  it("merges composite indexes that share the order (restaurants: category, city, star_rating)", () => {
    const merged: IndexConfig = {
      indexes: ["category", "city"].map((fieldPath) => ({
        collectionGroup: "cities",
        fields: [
          { fieldPath, order: "ASCENDING" as const },
          { fieldPath: "star_rating", order: "DESCENDING" as const },
        ],
      })),
    };
    const query = cities(and(eq("category"), eq("city")), [order("star_rating", "DESCENDING")]);
    const [verdict] = checkQuery(merged, query);
    expect(verdict?.ok && verdict.indexes).toHaveLength(2);
    expect(ok(merged, cities(and(eq("category"), eq("state")), [order("star_rating", "DESCENDING")]))).toBe(
      false,
    );
  });

  it("splits an OR into its conjunctions, each needing its index", () => {
    const query = cities(or(eq("country"), eq("state")), [order("population")]);
    expect(checkQuery(countryPopulation, query).map((verdict) => verdict.ok)).toEqual([true, false]);
  });
});

describe("exemptions and scopes", () => {
  const exempt: IndexConfig = {
    indexes: [],
    fieldOverrides: [
      { collectionGroup: "cities", fieldPath: "population", indexes: [] },
      { collectionGroup: "cities", fieldPath: "stats", indexes: [] },
      {
        collectionGroup: "landmarks",
        fieldPath: "type",
        indexes: [{ order: "ASCENDING", queryScope: "COLLECTION_GROUP" }],
      },
    ],
  };

  it("refuses a query on an exempted field, and on a subfield of an exempted map", () => {
    expect(ok(exempt, cities(eq("population", "LESS_THAN")))).toBe(false);
    expect(ok(exempt, cities(eq("stats.visits")))).toBe(false);
    expect(ok(exempt, cities(eq("state")))).toBe(true);
  });

  it("gives collection group queries single-field indexes only where an override adds the scope", () => {
    const group = (collectionId: string, fieldPath: string): StructuredQuery => ({
      from: [{ collectionId, allDescendants: true }],
      where: eq(fieldPath),
    });
    expect(ok(none, group("landmarks", "type"))).toBe(false);
    expect(ok(exempt, group("landmarks", "type"))).toBe(true);
    // The override replaces the automatic modes: no collection-scope index is left for `type`.
    expect(ok(exempt, { from: [{ collectionId: "landmarks" }], where: eq("type") })).toBe(false);
  });
});
