import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "@/config/env";
import {
  decodeValue,
  encodeValue,
  exactTimeOf,
  getDocumentOverRest,
  runQueryOverRest,
  structuredQuery,
} from "./firestore-rest";
import { DOCUMENT_ID_FIELD, exactTime, type QuerySpec } from "./query-spec";

// The first read over REST (src/lib/first-read.ts): Firestore's typed values both ways, the query as
// runQuery takes it, and one call with a stubbed network.

afterEach(() => vi.unstubAllGlobals());

const spec: QuerySpec = {
  collection: "requests",
  where: [["customerId", "==", "anna"]],
  orderBy: [["createdAt", "desc"]],
  limit: 50,
};

describe("Firestore's typed values", () => {
  it("become the plain values the SDKs' documents hold, Timestamps as Dates", () => {
    expect(
      decodeValue({
        mapValue: {
          fields: {
            title: { stringValue: "Caricatore USB-C" },
            offers: { integerValue: "3" },
            price: { doubleValue: 12.5 },
            urgent: { booleanValue: true },
            note: { nullValue: null },
            createdAt: { timestampValue: "2026-11-30T10:00:00.000Z" },
            tags: { arrayValue: { values: [{ stringValue: "a" }, { integerValue: "2" }] } },
            empty: { arrayValue: {} },
            place: { geoPointValue: { latitude: 45.46, longitude: 9.19 } },
          },
        },
      }),
    ).toEqual({
      title: "Caricatore USB-C",
      offers: 3,
      price: 12.5,
      urgent: true,
      note: null,
      createdAt: new Date("2026-11-30T10:00:00.000Z"),
      tags: ["a", 2],
      empty: [],
      place: { latitude: 45.46, longitude: 9.19 },
    });
  });

  it("are built from a filter's values, and refuse one they cannot carry", () => {
    expect(encodeValue("x")).toEqual({ stringValue: "x" });
    expect(encodeValue(2)).toEqual({ integerValue: "2" });
    expect(encodeValue(2.5)).toEqual({ doubleValue: 2.5 });
    expect(encodeValue(false)).toEqual({ booleanValue: false });
    expect(encodeValue(null)).toEqual({ nullValue: null });
    expect(encodeValue(new Date("2026-11-30T10:00:00.000Z"))).toEqual({
      timestampValue: "2026-11-30T10:00:00.000Z",
    });
    expect(encodeValue(["a", 1])).toEqual({
      arrayValue: { values: [{ stringValue: "a" }, { integerValue: "1" }] },
    });
    expect(() => encodeValue({ nested: true })).toThrow(TypeError);
  });
});

describe("a stored time to the nanosecond (a feed's cursor)", () => {
  it("is read from its typed value with every digit the answer carries", () => {
    expect(exactTimeOf({ timestampValue: "2026-11-30T10:00:01.123456Z" })).toEqual({
      seconds: Date.UTC(2026, 10, 30, 10, 0, 1) / 1000,
      nanoseconds: 123_456_000,
    });
    expect(exactTimeOf({ timestampValue: "2026-11-30T10:00:01Z" })).toEqual({
      seconds: Date.UTC(2026, 10, 30, 10, 0, 1) / 1000,
      nanoseconds: 0,
    });
    expect(exactTimeOf({ stringValue: "2026-11-30T10:00:01Z" })).toBeNull();
    expect(exactTimeOf(undefined)).toBeNull();
  });

  it("is sent with its nine digits, which a Date would cut to three", () => {
    const at = exactTime(Date.UTC(2026, 10, 30, 10, 0, 1) / 1000, 123_456_789);
    expect(encodeValue(at)).toEqual({ timestampValue: "2026-11-30T10:00:01.123456789Z" });
    expect(exactTimeOf(encodeValue(at))).toEqual(at);
  });
});

describe("the query as runQuery takes it", () => {
  it("starts after a cursor, the document's id as a reference to it", () => {
    const at = exactTime(1_700_000_000, 5);
    const query = structuredQuery(
      {
        collection: "requests",
        where: [],
        orderBy: [
          ["createdAt", "desc"],
          [DOCUMENT_ID_FIELD, "desc"],
        ],
        startAfter: [at, "r9"],
        limit: 10,
      },
      { origin: "http://127.0.0.1:1", projectId: "demo-x" },
    );
    expect(query).toMatchObject({
      orderBy: [
        { field: { fieldPath: "createdAt" }, direction: "DESCENDING" },
        { field: { fieldPath: "__name__" }, direction: "DESCENDING" },
      ],
      startAt: {
        before: false,
        values: [
          { timestampValue: "2023-11-14T22:13:20.000000005Z" },
          { referenceValue: "projects/demo-x/databases/(default)/documents/requests/r9" },
        ],
      },
    });
  });

  it("has one field filter, its ordering and its bound", () => {
    expect(structuredQuery(spec)).toEqual({
      from: [{ collectionId: "requests" }],
      where: {
        fieldFilter: { field: { fieldPath: "customerId" }, op: "EQUAL", value: { stringValue: "anna" } },
      },
      orderBy: [{ field: { fieldPath: "createdAt" }, direction: "DESCENDING" }],
      limit: 50,
    });
  });

  it("joins several filters with AND", () => {
    const query = structuredQuery({
      ...spec,
      where: [
        ["status", "in", ["active", "in_progress"]],
        ["lat", ">=", 45.1],
      ],
      orderBy: [],
    });
    expect(query.where).toEqual({
      compositeFilter: {
        op: "AND",
        filters: [
          {
            fieldFilter: {
              field: { fieldPath: "status" },
              op: "IN",
              value: { arrayValue: { values: [{ stringValue: "active" }, { stringValue: "in_progress" }] } },
            },
          },
          {
            fieldFilter: {
              field: { fieldPath: "lat" },
              op: "GREATER_THAN_OR_EQUAL",
              value: { doubleValue: 45.1 },
            },
          },
        ],
      },
    });
    expect(query).not.toHaveProperty("orderBy");
  });
});

describe("runQueryOverRest", () => {
  it("sends the user's token (and the App Check token) and returns each document's id and fields", async () => {
    const fetch = vi.fn(async () =>
      Response.json([
        {
          document: {
            name: `projects/${env.firebase.projectId}/databases/(default)/documents/requests/r1`,
            fields: { productName: { stringValue: "Bici" } },
          },
          readTime: "2026-11-30T10:00:00Z",
        },
        { readTime: "2026-11-30T10:00:00Z" },
      ]),
    );
    vi.stubGlobal("fetch", fetch);
    await expect(
      runQueryOverRest(spec, { idToken: "id-token", appCheckToken: "app-check" }),
    ).resolves.toEqual([{ id: "r1", data: { productName: "Bici" } }]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(
      new RegExp(`/v1/projects/${env.firebase.projectId}/databases/\\(default\\)/documents:runQuery$`),
    );
    expect(init.headers).toMatchObject({
      Authorization: "Bearer id-token",
      "X-Firebase-AppCheck": "app-check",
    });
    expect(JSON.parse(String(init.body))).toEqual({ structuredQuery: structuredQuery(spec) });
  });

  it("rejects a refusal, so the page reads through the SDK instead", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 403 })),
    );
    await expect(runQueryOverRest(spec, { idToken: "revoked" })).rejects.toThrow("403");
  });
});

describe("a subcollection's query (a conversation's messages)", () => {
  const messages: QuerySpec = {
    collection: "messages",
    parent: "conversations/r1_shop-1",
    where: [],
    orderBy: [
      ["createdAt", "desc"],
      [DOCUMENT_ID_FIELD, "desc"],
    ],
    startAfter: [exactTime(1_700_000_000, 0), "m9"],
    limit: 50,
  };

  it("runs under its parent document, its cursor's id a reference under that parent", async () => {
    const fetch = vi.fn(async () => Response.json([]));
    vi.stubGlobal("fetch", fetch);
    await runQueryOverRest(messages, { idToken: "id-token" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/documents\/conversations\/r1_shop-1:runQuery$/);
    const { structuredQuery: sent } = JSON.parse(String(init.body));
    expect(sent.from).toEqual([{ collectionId: "messages" }]);
    expect(sent.startAt.values[1]).toEqual({
      referenceValue: `projects/${env.firebase.projectId}/databases/(default)/documents/conversations/r1_shop-1/messages/m9`,
    });
  });
});

describe("getDocumentOverRest", () => {
  it("reads one document by its path with the user's token: its id and plain fields", async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        name: `projects/${env.firebase.projectId}/databases/(default)/documents/offers/r1_shop-1`,
        fields: { price: { doubleValue: 12.5 }, createdAt: { timestampValue: "2026-11-30T10:00:00Z" } },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    await expect(
      getDocumentOverRest({ document: "offers/r1_shop-1" }, { idToken: "id-token", appCheckToken: "ac" }),
    ).resolves.toEqual({
      id: "r1_shop-1",
      data: { price: 12.5, createdAt: new Date("2026-11-30T10:00:00Z") },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/databases\/\(default\)\/documents\/offers\/r1_shop-1$/);
    expect(init.headers).toEqual({ Authorization: "Bearer id-token", "X-Firebase-AppCheck": "ac" });
  });

  it("answers null for a document that does not exist", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: 404 } }, { status: 404 })),
    );
    await expect(getDocumentOverRest({ document: "offers/none" }, { idToken: "t" })).resolves.toBeNull();
  });

  it("rejects a refusal (the rules hide it, a revoked token), so the screen reads through the SDK", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 403 })),
    );
    await expect(getDocumentOverRest({ document: "requests/r1" }, { idToken: "t" })).rejects.toThrow("403");
  });
});
