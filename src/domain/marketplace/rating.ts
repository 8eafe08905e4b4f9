import { z } from "zod";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import { FEEDBACK_MAX_LENGTH, RATING_COOLDOWN_MS } from "../core/limits.ts";
import { invalid, type ValidationResult, valid } from "../core/validation.ts";

/**
 * Star rating of a completed transaction (spec §5): 1-5, comment optional. The form preselects no star
 * (a rating the buyer did not choose would not be theirs), so there is no default.
 */
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATING_VALUES)[number];
export const MIN_RATING = 1;
export const MAX_RATING = 5;

export const ratingSchema = z
  .number({ error: VALIDATION_MESSAGES.invalidRating })
  .int({ error: VALIDATION_MESSAGES.invalidRating })
  .min(MIN_RATING, { error: VALIDATION_MESSAGES.invalidRating })
  .max(MAX_RATING, { error: VALIDATION_MESSAGES.invalidRating })
  .transform((value) => value as Rating);

export const RATING_LABELS: Record<Rating, string> = {
  5: "Eccellente!",
  4: "Molto buono",
  3: "Buono",
  2: "Sufficiente",
  1: "Insufficiente",
};

export function isRating(value: unknown): value is Rating {
  return typeof value === "number" && (RATING_VALUES as readonly number[]).includes(value);
}

export function validateRating(value: unknown): ValidationResult<Rating> {
  return isRating(value) ? valid(value) : invalid(VALIDATION_MESSAGES.invalidRating);
}

export type RatingData = { rating: Rating; feedback?: string };

/** The rating dialog: stars (1-5) and an optional comment, trimmed; an empty comment is dropped. */
export function validateRatingForm(input: unknown): ValidationResult<RatingData> {
  const rating = validateRating(
    typeof input === "object" && input !== null ? (input as { rating?: unknown }).rating : undefined,
  );
  if (!rating.ok) return rating;
  const rawFeedback = (input as { feedback?: unknown }).feedback;
  if (rawFeedback !== undefined && rawFeedback !== null && typeof rawFeedback !== "string") {
    return invalid(VALIDATION_MESSAGES.invalidData);
  }
  const feedback = typeof rawFeedback === "string" ? rawFeedback.trim() : "";
  if (feedback.length > FEEDBACK_MAX_LENGTH)
    return invalid(`Il commento può contenere al massimo ${FEEDBACK_MAX_LENGTH} caratteri`);
  return valid(feedback ? { rating: rating.data, feedback } : { rating: rating.data });
}

/**
 * Why a rating did not enter the shop's average: the buyer has not proved their e-mail, or one of their
 * ratings of this shop already counted in the last RATING_COOLDOWN_MS.
 */
export const RATING_UNCOUNTED_REASONS = ["email_unproven", "cooldown"] as const;
export type RatingUncountedReason = (typeof RATING_UNCOUNTED_REASONS)[number];

export type RatingOutcome = { counted: true } | { counted: false; reason: RatingUncountedReason };

/**
 * Whether a buyer's rating enters the shop's average (docs/product.md, 'Come pesano le valutazioni'), so
 * no one can pump or sink a shop with throwaway accounts or a run of small deals: at most one counted
 * rating per buyer and shop in RATING_COOLDOWN_MS, verified or not. A verified purchase (the shop itself
 * confirmed the sale at its till) needs no proven e-mail and keeps its badge, but within the window it
 * does not count again. Otherwise the buyer proved their e-mail (shop-status.ts isEmailProven).
 * A rating that does not count is still stored on the request and the offer.
 */
export function ratingOutcome(input: {
  emailProven: boolean;
  /** The shop checked the buyer's pickup code at the till (pickup.ts): no proven e-mail needed. */
  verifiedPurchase?: boolean | undefined;
  lastCountedAt?: Date | undefined;
  now: Date;
}): RatingOutcome {
  if (!input.emailProven && !input.verifiedPurchase) return { counted: false, reason: "email_unproven" };
  const cooling =
    input.lastCountedAt !== undefined &&
    input.now.getTime() - input.lastCountedAt.getTime() < RATING_COOLDOWN_MS;
  return cooling ? { counted: false, reason: "cooldown" } : { counted: true };
}

/** ratingOutcome's yes or no. */
export function ratingCounts(input: { emailProven: boolean; lastCountedAt?: Date | undefined; now: Date }) {
  return ratingOutcome(input).counted;
}

/** The ratingsGiven document of a buyer and a shop (collections.ts). */
export function ratingLedgerId(buyerId: string, merchantId: string): string {
  return `${buyerId}_${merchantId}`;
}

export type RatingSummary = { averageRating: number; totalRatings: number };

/** Adds one rating to a merchant's running mean (spec §4); missing or broken values count as none. */
export function applyRating(current: Partial<RatingSummary> | undefined, rating: Rating): RatingSummary {
  const total = current?.totalRatings;
  const average = current?.averageRating;
  const count = typeof total === "number" && Number.isInteger(total) && total > 0 ? total : 0;
  const mean = count > 0 && typeof average === "number" && Number.isFinite(average) ? average : 0;
  const totalRatings = count + 1;
  return { averageRating: (mean * count + rating) / totalRatings, totalRatings };
}

/** Rating with one decimal the Italian way, e.g. 4.5 → "4,5". */
export function formatRating(average: number): string {
  return average.toLocaleString("it-IT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
