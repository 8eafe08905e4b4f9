import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "@/config/env";
import { decodeValue, encodeValue, exactTimeOf, runQueryOverRest, structuredQuery } from "./firestore-rest";
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
