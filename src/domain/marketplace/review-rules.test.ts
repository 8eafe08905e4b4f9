import { describe, expect, it } from "vitest";
import { answerEditable, REVIEW_ANSWER_EDIT_MS, reviewAnswerUpdate } from "../people/review-answer.ts";
import { applyRating } from "./rating.ts";
import { removeRating, reviewCountsUntil, reviewNoLongerCounted } from "./review-rules.ts";

describe("the 24-month rule", () => {
  it("a rating counts until the same day and time 24 months on; 29 February ends on 28 February", () => {
    expect(reviewCountsUntil(new Date("2026-03-15T10:30:00Z")).toISOString()).toBe(
      "2028-03-15T10:30:00.000Z",
    );
    expect(reviewCountsUntil(new Date("2028-02-29T09:00:00Z")).toISOString()).toBe(
      "2030-02-28T09:00:00.000Z",
    );
    expect(reviewCountsUntil(new Date("2026-01-31T09:00:00Z")).toISOString()).toBe(
      "2028-01-31T09:00:00.000Z",
    );
  });

  it("reads 'non più conteggiata' once its date passed or the sweep took it out, never before", () => {
    const countsUntil = new Date("2028-03-15T10:30:00Z");
    expect(reviewNoLongerCounted({ countsUntil }, new Date("2028-03-15T10:29:59Z"))).toBe(false);
    expect(reviewNoLongerCounted({ countsUntil }, countsUntil)).toBe(true);
    expect(reviewNoLongerCounted({ uncountedAt: countsUntil }, new Date("2027-01-01"))).toBe(true);
    // A rating that never counted (the 30-day window) has no date: nothing to stop.
    expect(reviewNoLongerCounted({}, new Date("2040-01-01"))).toBe(false);
  });

  it("removeRating undoes applyRating; the last one out leaves no ratings", () => {
    const one = applyRating(undefined, 5);
    const two = applyRating(one, 2);
    const three = applyRating(two, 4);
    const back = removeRating(three, 4);
    expect(back.totalRatings).toBe(2);
    expect(back.averageRating).toBeCloseTo(3.5);
    expect(removeRating(one, 5)).toEqual({ averageRating: 0, totalRatings: 0 });
    expect(removeRating(undefined, 3)).toEqual({ averageRating: 0, totalRatings: 0 });
    // Rounding never pushes a mean outside the stars.
    expect(removeRating({ averageRating: 1, totalRatings: 2 }, 5).averageRating).toBe(1);
  });
});

describe("the shop's answer", () => {
  it("is editable for 48 hours after it was first written", () => {
    const createdAt = new Date("2026-12-01T10:00:00Z");
    const answer = { text: "Grazie", createdAt, updatedAt: createdAt };
    expect(answerEditable(undefined, new Date())).toBe(true);
    expect(answerEditable(answer, new Date(createdAt.getTime() + REVIEW_ANSWER_EDIT_MS - 1))).toBe(true);
    expect(answerEditable(answer, new Date(createdAt.getTime() + REVIEW_ANSWER_EDIT_MS))).toBe(false);
  });

  it("writes the whole answer the first time, then only the text and updatedAt", () => {
    const stamp = () => "now";
    expect(reviewAnswerUpdate("  Grazie ", true, stamp)).toEqual({
      answer: { text: "Grazie", createdAt: "now", updatedAt: "now" },
    });
    expect(reviewAnswerUpdate("Grazie mille", false, stamp)).toEqual({
      "answer.text": "Grazie mille",
      "answer.updatedAt": "now",
    });
  });
});
