/**
 * Bad input never crashes the server and never surfaces as INTERNAL: seeded random
 * mutations of valid REST and WebChannel requests must be answered with a readable error
 * (or succeed), and the server keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirestoreEmulator } from "../../src/index.ts";
import { startTestServer } from "../support/server.ts";
import { httpRequest, WebChannelClient } from "../support/webchannel-client.ts";

let emu: FirestoreEmulator;
const DB = "projects/demo-fuzz/databases/(default)";
const ROOT = `${DB}/documents`;

beforeAll(async () => {
  emu = await startTestServer();
});
afterAll(async () => {
  await emu?.stop();
});

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WEIRD: unknown[] = [
  null,
  0,
  -1,
  1.5,
  "",
  "x",
  "NaN",
  true,
  [],
  {},
  [null],
  { a: 1 },
  "projects/x",
  2 ** 53,
  "9".repeat(30),
];

function mutate(value: unknown, r: () => number, depth = 0): unknown {
  if (r() < 0.08) return WEIRD[Math.floor(r() * WEIRD.length)];
  if (Array.isArray(value)) return value.map((v) => mutate(v, r, depth + 1)).filter(() => r() > 0.05);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (r() < 0.06 && k !== "readOnly") continue;
      out[r() < 0.03 ? `${k}X` : k] = mutate(v, r, depth + 1);
    }
    return out;
  }
  return value;
}

const SEEDS: Array<[string, unknown]> = [
  [
    "commit",
    {
      writes: [
        {
          update: {
            name: `${ROOT}/c/a`,
            fields: {
              n: { integerValue: "1" },
              m: { mapValue: { fields: { x: { arrayValue: { values: [{ stringValue: "s" }] } } } } },
            },
          },
          updateMask: { fieldPaths: ["n", "m.x"] },
          updateTransforms: [
            { fieldPath: "t", setToServerValue: "REQUEST_TIME" },
            { fieldPath: "k", increment: { doubleValue: 1.5 } },
          ],
          currentDocument: { exists: true },
        },
        { delete: `${ROOT}/c/b`, currentDocument: { updateTime: "2024-01-01T00:00:00Z" } },
      ],
    },
  ],
  [
    "runQuery",
    {
      structuredQuery: {
        from: [{ collectionId: "c", allDescendants: false }],
        where: {
          compositeFilter: {
            op: "AND",
            filters: [
              {
                fieldFilter: { field: { fieldPath: "n" }, op: "GREATER_THAN", value: { integerValue: "0" } },
              },
              { unaryFilter: { op: "IS_NOT_NULL", field: { fieldPath: "m" } } },
              {
                fieldFilter: {
                  field: { fieldPath: "tags" },
                  op: "ARRAY_CONTAINS_ANY",
                  value: { arrayValue: { values: [{ stringValue: "a" }] } },
                },
              },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: "n" }, direction: "DESCENDING" }],
        startAt: { values: [{ integerValue: "5" }], before: true },
        endAt: { values: [{ integerValue: "1" }], before: false },
        select: { fields: [{ fieldPath: "n" }] },
        offset: 1,
        limit: 10,
      },
    },
  ],
  [
    "runAggregationQuery",
    {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: "c" }] },
        aggregations: [
          { alias: "n", count: { upTo: "5" } },
          { alias: "s", sum: { field: { fieldPath: "n" } } },
          { alias: "a", avg: { field: { fieldPath: "n" } } },
        ],
      },
    },
  ],
  // (No read-write transactions here: abandoned ones would hold locks, which is the intended behaviour.)
  [
    "batchGet",
    {
      documents: [`${ROOT}/c/a`, `${ROOT}/c/b`],
      mask: { fieldPaths: ["n"] },
      newTransaction: { readOnly: { readTime: "2099-01-01T00:00:00Z" } },
    },
  ],
  ["beginTransaction", { options: { readOnly: { readTime: "2024-01-01T00:00:00Z" } } }],
  ["listCollectionIds", { pageSize: 2, pageToken: "" }],
  ["batchWrite", { writes: [{ update: { name: `${ROOT}/c/z`, fields: {} } }] }],
];

describe("robustness", () => {
  it("mutated REST requests get 2xx or a readable non-INTERNAL error", async () => {
    const r = rng(42);
    let errors = 0;
    for (let round = 0; round < 60; round++) {
      for (const [verb, body] of SEEDS) {
        const mutated = mutate(body, r);
        const res = await httpRequest(`${emu.url}/v1/${ROOT}:${verb}`, "POST", JSON.stringify(mutated));
        if (res.status >= 400) {
          errors++;
          const json = JSON.parse(res.body) as { error: { status: string; message: string } };
          expect(json.error.status, `${verb} ${JSON.stringify(mutated)} -> ${res.body}`).not.toBe("INTERNAL");
          expect(json.error.message.length).toBeGreaterThan(5);
        }
      }
    }
    expect(errors).toBeGreaterThan(50);
    expect((await httpRequest(`${emu.url}/`, "GET")).status).toBe(200);
  }, 60_000);

  it("garbage paths, methods and bodies", async () => {
    const cases: Array<[string, string, string | undefined]> = [
      ["GET", "/v1/projects", undefined],
      ["POST", "/v1/projects/p/databases/d/documents/a:commit", "{}"],
      ["POST", `/v1/${ROOT}:nope`, "{}"],
      ["PUT", `/v1/${ROOT}/a/b`, "{}"],
      ["GET", "/v1/projects/p/databases/d/documents/%E0%A4%A", undefined],
      ["POST", `/v1/${ROOT}:commit`, "\u0000\u0001"],
      ["POST", `/v1/${ROOT}:commit`, "null"],
      ["GET", `/v1/${ROOT}/a/b?mask.fieldPaths=%60`, undefined],
      ["GET", "/google.firestore.v1.Firestore/Listen/channel?VER=8", undefined],
      ["POST", "/google.firestore.v1.Firestore/Listen/channel?VER=8", "count=1&ofs=0&req0___data__=%7B"],
      [
        "POST",
        `/google.firestore.v1.Firestore/Write/channel?VER=8&database=${encodeURIComponent("bad")}`,
        "count=1",
      ],
      ["DELETE", "/emulator/v1/projects/x/databases/(default)/documents", undefined],
      ["GET", "/nothing/here", undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await httpRequest(`${emu.url}${path}`, method, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(600);
      if (res.headers["content-type"]?.includes("json") && res.status >= 400) {
        expect((JSON.parse(res.body) as { error: { status: string } }).error.status).not.toBe("INTERNAL");
      }
    }
    expect((await httpRequest(`${emu.url}/`, "GET")).status).toBe(200);
  });

  it("mutated Listen and Write messages only ever fail the stream", async () => {
    const r = rng(7);
    const listen = {
      database: DB,
      addTarget: {
        targetId: 2,
        query: {
          parent: ROOT,
          structuredQuery: {
            from: [{ collectionId: "c" }],
            where: { fieldFilter: { field: { fieldPath: "n" }, op: "EQUAL", value: { integerValue: "1" } } },
            limit: 3,
          },
        },
        resumeToken: "AAAA",
      },
    };
    for (let i = 0; i < 30; i++) {
      const c = new WebChannelClient(emu.url, "Listen", DB);
      const res = await c.open(mutate(listen, r));
      expect(res.status).toBe(200);
      await c.send([mutate({ removeTarget: 2 }, r), mutate(listen, r)]);
      await c.terminate();
      const w = new WebChannelClient(emu.url, "Write", DB);
      await w.open({ database: DB });
      await w.send([
        mutate(
          {
            streamToken: "x",
            writes: [{ update: { name: `${ROOT}/c/a`, fields: { n: { integerValue: "1" } } } }],
          },
          r,
        ),
      ]);
      await w.terminate();
    }
    expect((await httpRequest(`${emu.url}/`, "GET")).status).toBe(200);
  }, 60_000);
});
