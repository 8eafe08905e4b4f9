import { describe, expect, it } from "vitest";
import { restFeedKey } from "./feed-over-rest";

// The feed over REST (./feed-over-rest.ts): a document's place in the feed's order, read from its typed
// fields (the location nested, the time to the nanosecond). The queries themselves run against the
// emulator under the rules in tests/integration/requests-geo.test.ts.

const location = (lat: number, lng: number) => ({
  mapValue: {
    fields: { lat: { doubleValue: lat }, lng: { doubleValue: lng }, geohash: { stringValue: "u0n" } },
  },
});

describe("restFeedKey", () => {
  it("reads the ordering fields, the nested location and the time's nanoseconds", () => {
    expect(
      restFeedKey({
        id: "r1",
        fields: {
          createdAt: { timestampValue: "2026-11-30T10:00:01.000000007Z" },
          actionRadius: { integerValue: "10" },
          location: location(45.46, 9.19),
        },
      }),
    ).toEqual({
      seconds: Date.UTC(2026, 10, 30, 10, 0, 1) / 1000,
      nanoseconds: 7,
      actionRadius: 10,
      lat: 45.46,
      lng: 9.19,
      id: "r1",
    });
  });

  it("is null when a field the order needs is missing or of another kind", () => {
    expect(
      restFeedKey({ id: "r2", fields: { actionRadius: { integerValue: "10" }, location: location(1, 2) } }),
    ).toBeNull();
    expect(
      restFeedKey({
        id: "r3",
        fields: {
          createdAt: { timestampValue: "2026-11-30T10:00:01Z" },
          actionRadius: { stringValue: "10" },
          location: location(1, 2),
        },
      }),
    ).toBeNull();
    expect(
      restFeedKey({
        id: "r4",
        fields: {
          createdAt: { timestampValue: "2026-11-30T10:00:01Z" },
          actionRadius: { integerValue: "5" },
        },
      }),
    ).toBeNull();
  });
});
