import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  documentNameSize,
  documentProblems,
  documentSize,
  type Fields,
  indexEntries,
  MAX_DOCUMENT_BYTES,
  type Value,
} from "./document-limits";
import type { IndexConfig } from "./index-config";
import { readIndexConfig } from "./report";

const none: IndexConfig = { indexes: [] };

// Firestore's "Storage size calculations" example: users/jeff/tasks/my_task_id.
const task: Fields = {
  type: { stringValue: "Personal" },
  done: { booleanValue: false },
  priority: { integerValue: "1" },
  description: { stringValue: "Learn Cloud Firestore" },
};

describe("document size", () => {
  it("counts the documented example: 44 (name) + 71 (fields) + 32 = 147 bytes", () => {
    expect(documentNameSize("users/jeff/tasks/my_task_id")).toBe(44);
    expect(documentSize("users/jeff/tasks/my_task_id", task)).toBe(147);
  });

  it("counts maps, arrays, bytes and references, and refuses a document over 1 MiB", () => {
    const fields: Fields = {
      m: { mapValue: { fields: { a: { doubleValue: 1.5 }, b: { nullValue: null } } } },
      list: { arrayValue: { values: [{ stringValue: "ab" }, { geoPointValue: {} }] } },
      raw: { bytesValue: Buffer.from("abcd").toString("base64") },
      ref: { referenceValue: "projects/p/databases/(default)/documents/users/jeff" },
    };
    // m: 2 + (2 + 8) + (2 + 1); list: 5 + 3 + 16; raw: 4 + 4; ref: 4 + (6 + 5 + 16)
    expect(documentSize("c/d", fields) - documentNameSize("c/d") - 32).toBe(15 + 24 + 8 + 31);
    const big: Fields = { text: { stringValue: "x".repeat(MAX_DOCUMENT_BYTES) } };
    expect(documentProblems(none, "c/d", big)[0]).toMatch(/over Firestore's 1 MiB/);
    expect(documentProblems(none, "users/jeff/tasks/my_task_id", task)).toEqual([]);
  });
});

describe("index entries", () => {
  const cells = (count: number): Fields => ({
    cells: {
      mapValue: {
        fields: Object.fromEntries(
          Array.from({ length: count }, (_, at) => [`c${at}`, { integerValue: String(at) }]),
        ),
      },
    },
  });

  it("counts ascending and descending for each value, inside maps too, and array-contains per distinct element", () => {
    expect(indexEntries(none, "users/jeff/tasks/my_task_id", task)).toBe(8);
    expect(indexEntries(none, "rollups/2026-12", cells(3))).toBe(6);
    const tags: Fields = {
      tags: { arrayValue: { values: [{ stringValue: "a" }, { stringValue: "b" }, { stringValue: "a" }] } },
    };
    expect(indexEntries(none, "shops/s1", tags)).toBe(2);
  });

  it("fails a probe document over 40,000 entries; exempting its map brings it to none", () => {
    const probe = cells(20_001);
    expect(indexEntries(none, "rollups/2026-12", probe)).toBe(40_002);
    expect(documentProblems(none, "rollups/2026-12", probe)).toEqual([
      expect.stringMatching(/40,002 index entries, over Firestore's 40,000/),
    ]);
    const exempt: IndexConfig = {
      indexes: [],
      fieldOverrides: [{ collectionGroup: "rollups", fieldPath: "cells", indexes: [] }],
    };
    expect(indexEntries(exempt, "rollups/2026-12", probe)).toBe(0);
    expect(documentProblems(exempt, "rollups/2026-12", probe)).toEqual([]);
  });

  it("adds an entry per composite index the document has every field of (per element of its array)", () => {
    const config: IndexConfig = {
      indexes: [
        {
          collectionGroup: "shopIndex",
          fields: [
            { fieldPath: "categories", arrayConfig: "CONTAINS" },
            { fieldPath: "gh3", order: "ASCENDING" },
          ],
        },
        { collectionGroup: "shopIndex", fields: [{ fieldPath: "missing", order: "ASCENDING" }] },
      ],
    };
    const shop: Fields = {
      categories: { arrayValue: { values: [{ stringValue: "a" }, { stringValue: "b" }] } },
      gh3: { stringValue: "u0n" },
    };
    // categories: 2 array-contains; gh3: 2; the first composite: 2; the second: none.
    expect(indexEntries(config, "shopIndex/s1", shop)).toBe(6);
  });
});

describe("firestore.indexes.json", () => {
  const config = readIndexConfig(fileURLToPath(new URL("../../firestore.indexes.json", import.meta.url)));

  it("indexes nothing of a month's market rollup, however many cells it holds", () => {
    const cell: Value = {
      mapValue: {
        fields: {
          day: { stringValue: "2026-12-07" },
          comune: { stringValue: "Milano" },
          published: { integerValue: "3" },
          firstOfferMinutes: { mapValue: { fields: { "12": { integerValue: "1" } } } },
          shops: { arrayValue: { values: [{ stringValue: "k1" }, { stringValue: "k2" }] } },
        },
      },
    };
    const cells = Object.fromEntries(Array.from({ length: 5_000 }, (_, at) => [`c${at}`, cell]));
    const month: Fields = {
      month: { stringValue: "2026-12" },
      cells: { mapValue: { fields: cells } },
      shopDays: {
        mapValue: { fields: { "2026-12-07": { mapValue: { fields: { newShops: { integerValue: "1" } } } } } },
      },
    };
    expect(indexEntries(config, "marketRollups/2026-12", month)).toBe(0);
  });

  it("indexes nothing of a cell's hour inbox (read by id only, by the cell's and the shops' digests)", () => {
    const request = (id: string): Fields[string] => ({
      mapValue: {
        fields: {
          id: { stringValue: id },
          customerId: { stringValue: "b1" },
          category: { stringValue: "casa" },
          actionRadius: { integerValue: "10" },
          location: { mapValue: { fields: { lat: { doubleValue: 45.46 }, lng: { doubleValue: 9.19 } } } },
          productName: { stringValue: "Trapano" },
        },
      },
    });
    const inbox: Fields = {
      cell: { stringValue: "u0nd9" },
      category: { stringValue: "casa" },
      requests: { arrayValue: { values: [request("r1"), request("r2")] } },
      expireAt: { timestampValue: "2026-12-09T19:00:00Z" },
    };
    expect(indexEntries(config, "digestInbox/u0nd9_casa_2026120718", inbox)).toBe(0);
  });
});
