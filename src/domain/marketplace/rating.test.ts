import { describe, expect, it } from "vitest";
import {
  applyRating,
  formatRating,
  RATING_LABELS,
  ratingCounts,
  ratingOutcome,
  ratingSchema,
  validateRating,
  validateRatingForm,
} from "./rating.ts";

describe("rating", () => {
  it("labels every star count", () => {
    expect(RATING_LABELS).toEqual({
      5: "Eccellente!",
      4: "Molto buono",
      3: "Buono",
      2: "Sufficiente",
      1: "Insufficiente",
    });
  });

  it.each([1, 2, 3, 4, 5])("accepts %i", (value) => {
    expect(validateRating(value)).toEqual({ ok: true, data: value });
    expect(ratingSchema.safeParse(value).success).toBe(true);
  });

  it.each([0, 6, 4.5, -1, "5", null, undefined, Number.NaN])("refuses %s", (value) => {
    expect(validateRating(value)).toEqual({ ok: false, message: "Scegli una valutazione da 1 a 5 stelle" });
    const parsed = ratingSchema.safeParse(value);
    expect(parsed.success ? "" : parsed.error.issues[0]?.message).toBe(
      "Scegli una valutazione da 1 a 5 stelle",
    );
  });

  it("validates the dialog: optional comment, trimmed", () => {
    expect(validateRatingForm({ rating: 4, feedback: "  Ottimo  " })).toEqual({
      ok: true,
      data: { rating: 4, feedback: "Ottimo" },
    });
    expect(validateRatingForm({ rating: 5, feedback: "  " })).toEqual({ ok: true, data: { rating: 5 } });
    expect(validateRatingForm({ rating: 5 })).toEqual({ ok: true, data: { rating: 5 } });
    expect(validateRatingForm({ rating: 7 }).ok).toBe(false);
    expect(validateRatingForm({ rating: 3, feedback: 5 }).ok).toBe(false);
    expect(validateRatingForm({ rating: 3, feedback: "x".repeat(1001) }).ok).toBe(false);
    for (const bad of [undefined, null, "5", 5]) {
      expect(validateRatingForm(bad)).toEqual({
        ok: false,
        message: "Scegli una valutazione da 1 a 5 stelle",
      });
    }
  });

  it("keeps a running mean", () => {
    expect(applyRating(undefined, 4)).toEqual({ averageRating: 4, totalRatings: 1 });
    expect(applyRating({ averageRating: 4, totalRatings: 1 }, 5)).toEqual({
      averageRating: 4.5,
      totalRatings: 2,
    });
    expect(applyRating({ averageRating: 4.5, totalRatings: 2 }, 3)).toEqual({
      averageRating: 4,
      totalRatings: 3,
    });
    expect(applyRating({ averageRating: 3, totalRatings: 0 }, 5)).toEqual({
      averageRating: 5,
      totalRatings: 1,
    });
    expect(formatRating(4.25)).toBe("4,3");
  });
});

describe("ratingCounts", () => {
  const now = new Date("2026-03-31T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  it("counts a proved buyer's first rating of a shop, and again after 30 days", () => {
    expect(ratingCounts({ emailProven: true, now })).toBe(true);
    expect(ratingCounts({ emailProven: true, lastCountedAt: daysAgo(30), now })).toBe(true);
  });

  it("does not count an unproved e-mail, or a second rating within 30 days", () => {
    expect(ratingCounts({ emailProven: false, now })).toBe(false);
    expect(ratingCounts({ emailProven: true, lastCountedAt: daysAgo(29.9), now })).toBe(false);
  });

  it("says why a rating does not count: the e-mail first, then the 30 days", () => {
    expect(ratingOutcome({ emailProven: false, lastCountedAt: daysAgo(1), now })).toEqual({
      counted: false,
      reason: "email_unproven",
    });
    expect(ratingOutcome({ emailProven: true, lastCountedAt: daysAgo(1), now })).toEqual({
      counted: false,
      reason: "cooldown",
    });
    expect(ratingOutcome({ emailProven: true, now })).toEqual({ counted: true });
  });
});

describe("ratingOutcome: one counted rating per buyer and shop in 30 days, verified or not", () => {
  const now = new Date("2026-03-10T10:00:00Z");
  const lastCountedAt = new Date("2026-03-01T10:00:00Z");

  it("a verified purchase needs no proven e-mail, but within the window it does not count again", () => {
    expect(ratingOutcome({ emailProven: false, verifiedPurchase: true, now })).toEqual({ counted: true });
    expect(ratingOutcome({ emailProven: false, verifiedPurchase: true, lastCountedAt, now })).toEqual({
      counted: false,
      reason: "cooldown",
    });
    expect(ratingOutcome({ emailProven: true, verifiedPurchase: true, lastCountedAt, now })).toEqual({
      counted: false,
      reason: "cooldown",
    });
  });
});
