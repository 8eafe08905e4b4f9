import { describe, expect, it } from "vitest";
import { REQUEST_LIFETIME_MS } from "../core/limits.ts";
import { buildRequestDocument } from "./request-document.ts";
import {
  canRenewRequest,
  DEAL_CANCEL_REASONS,
  dealCancelReasonSchema,
  effectiveExpiresAt,
  expiryNote,
  renewCheck,
  requestExpiresAt,
} from "./request-life.ts";
import { REQUEST_LIFE_MESSAGES } from "./request-life-messages.ts";

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

describe("renewing and the card's expiry line", () => {
  const createdAt = PUBLISHED;
  const expiresAt = requestExpiresAt(PUBLISHED);
  const at = (ms: number) => new Date(expiresAt.getTime() + ms);
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;

  it("lets an active request be renewed only in its last 2 days", () => {
    expect(renewCheck({ status: "active", createdAt, expiresAt }, at(-3 * DAY))).toEqual({
      ok: false,
      message: REQUEST_LIFE_MESSAGES.renewTooEarly,
    });
    expect(canRenewRequest({ status: "active", createdAt, expiresAt }, at(-2 * DAY))).toBe(true);
  });

  it("lets an expired request be renewed for 30 days, and nothing else", () => {
    expect(canRenewRequest({ status: "expired", createdAt, expiresAt }, at(30 * DAY))).toBe(true);
    expect(renewCheck({ status: "expired", createdAt, expiresAt }, at(31 * DAY))).toEqual({
      ok: false,
      message: REQUEST_LIFE_MESSAGES.renewTooLate,
    });
    for (const status of ["in_progress", "completed", "cancelled"] as const) {
      expect(canRenewRequest({ status, createdAt, expiresAt }, at(-DAY))).toBe(false);
    }
  });

  it("says when an active request expires soon, and when an expired one expired", () => {
    const active = { status: "active" as const, createdAt, expiresAt };
    expect(expiryNote(active, at(-3 * DAY))).toBeUndefined();
    expect(expiryNote(active, at(-2 * DAY))).toBe("Scade tra 2 giorni");
    expect(expiryNote(active, at(-30 * HOUR))).toBe("Scade tra 2 giorni");
    expect(expiryNote(active, at(-20 * HOUR))).toBe("Scade domani");
    expect(expiryNote(active, at(HOUR))).toBe("Scade oggi");
    expect(expiryNote({ ...active, status: "expired" }, at(DAY))).toBe("Scaduta il 27 novembre 2026");
    expect(expiryNote({ ...active, status: "completed" }, at(-DAY))).toBeUndefined();
  });

  it("offers the fixed reasons for cancelling a deal, 'Altro' last", () => {
    expect(DEAL_CANCEL_REASONS).toContain("Il negozio non ha più il prodotto");
    expect(DEAL_CANCEL_REASONS.at(-1)).toBe("Altro");
    expect(dealCancelReasonSchema.safeParse("Perché sì").success).toBe(false);
  });
});
