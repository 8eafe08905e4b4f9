import { describe, expect, it } from "vitest";
import { REQUEST_LIFETIME_MS } from "./limits.ts";
import { buildRequestDocument } from "./request-document.ts";
import { effectiveExpiresAt, requestExpiresAt } from "./request-life.ts";

const PUBLISHED = new Date("2026-11-20T10:00:00Z");

describe("a request's expiry", () => {
  it("is seven days after publication", () => {
    expect(requestExpiresAt(PUBLISHED)).toEqual(new Date("2026-11-27T10:00:00Z"));
    expect(REQUEST_LIFETIME_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it("reads expiresAt, or createdAt + 7 days on documents written before the field", () => {
    const expiresAt = new Date("2026-12-01T00:00:00Z");
    expect(effectiveExpiresAt({ createdAt: PUBLISHED, expiresAt })).toEqual(expiresAt);
    expect(effectiveExpiresAt({ createdAt: PUBLISHED })).toEqual(new Date("2026-11-27T10:00:00Z"));
  });

  it("is written by the request builder when the publication time is given", () => {
    const request = {
      productName: "Bici",
      category: "sport",
      budget: { min: 10, max: 20 },
      urgency: "ore",
      deliveryPreference: "pickup",
      actionRadius: 5,
      location: { lat: 45.4642, lng: 9.19, address: "Milano" },
    } as const;
    const now = () => "now";
    const published = buildRequestDocument({ customerId: "b", request, publishedAt: PUBLISHED }, now);
    expect(published.document.expiresAt).toEqual(requestExpiresAt(PUBLISHED));
    expect(buildRequestDocument({ customerId: "b", request }, now).document).not.toHaveProperty("expiresAt");
  });
});
