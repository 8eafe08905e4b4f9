import { REVIEW_COUNTS_MONTHS } from "../people/review-answer.ts";
import type { Rating, RatingSummary } from "./rating.ts";

/**
 * The 24-month rule (/regole/recensioni): a counted rating leaves the shop's average REVIEW_COUNTS_MONTHS
 * after it was given; the review stays, marked 'Non più conteggiata'. completeTransaction writes
 * countsUntil on a counted review; reviewExpirySweep takes the due ones out of the average.
 */

/** The review's field the expiry sweep's collection-group index orders (firestore.indexes.json). */
export const REVIEW_COUNTS_UNTIL_FIELD = "countsUntil";

/** Reviews the expiry sweep takes per page. */
export const REVIEW_EXPIRY_PAGE_SIZE = 100;

/** The moment a rating given at `createdAt` stops counting: REVIEW_COUNTS_MONTHS later, same day and time. */
export function reviewCountsUntil(createdAt: Date): Date {
  const until = new Date(createdAt.getTime());
  const day = until.getUTCDate();
  until.setUTCDate(1);
  until.setUTCMonth(until.getUTCMonth() + REVIEW_COUNTS_MONTHS);
  // 29 February two years on is 28 February (or 1 March would be a day late).
  const lastDay = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth() + 1, 0)).getUTCDate();
  until.setUTCDate(Math.min(day, lastDay));
  return until;
}

/**
 * Whether a review reads 'Non più conteggiata': it counted and its 24 months ran out (the sweep may not
 * have reached it yet), or the sweep already took it out of the average.
 */
export function reviewNoLongerCounted(
  review: { countsUntil?: Date | undefined; uncountedAt?: Date | undefined },
  now: Date,
): boolean {
  if (review.uncountedAt) return true;
  return review.countsUntil !== undefined && review.countsUntil.getTime() <= now.getTime();
}

/**
 * Takes one counted rating out of a running mean (applyRating's inverse); the last one out leaves no
 * ratings and an average of 0. Broken values count as none.
 */
export function removeRating(current: Partial<RatingSummary> | undefined, rating: Rating): RatingSummary {
  const total = current?.totalRatings;
  const average = current?.averageRating;
  const count = typeof total === "number" && Number.isInteger(total) && total > 0 ? total : 0;
  const mean = typeof average === "number" && Number.isFinite(average) ? average : 0;
  if (count <= 1) return { averageRating: 0, totalRatings: 0 };
  const totalRatings = count - 1;
  const averageRating = Math.min(5, Math.max(1, (mean * count - rating) / totalRatings));
  return { averageRating, totalRatings };
}
