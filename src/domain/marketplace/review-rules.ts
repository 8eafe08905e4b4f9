import { z } from "zod";
import { requiredText } from "../core/fields.ts";
import type { Rating, RatingSummary } from "./rating.ts";

/**
 * What happens to a review after it is written (Omnibus directive, D.Lgs. 26/2023; /regole/recensioni):
 * the reviewed shop answers it once ('Risposta del negozio'), editable for REVIEW_ANSWER_EDIT_MS;
 * a counted rating stops counting in the average REVIEW_COUNTS_MONTHS after it was given.
 * firestore.rules mirrors the answer's limits (profiles/{shopId}/reviews/{id}, the `answer` field).
 */

export const REVIEW_ANSWER_MAX_LENGTH = 600;
/** The shop may change its answer for this long after writing it. */
export const REVIEW_ANSWER_EDIT_MS = 48 * 60 * 60 * 1000;
/** A counted rating leaves the average this many months after it was given. */
export const REVIEW_COUNTS_MONTHS = 24;
/** Reviews the expiry sweep takes per page. */
export const REVIEW_EXPIRY_PAGE_SIZE = 100;

/** The review document's fields this file speaks of (collections.ts REVIEW_FIELDS has the queried ones). */
export const REVIEW_ANSWER_FIELD = "answer";

export const REVIEW_MESSAGES = {
  answerTitle: "Risposta del negozio",
  answerAction: "Rispondi",
  editAnswerAction: "Modifica la risposta",
  answerLabel: "La tua risposta",
  answerHint: `Puoi rispondere una volta sola e modificare la risposta per 48 ore. Al massimo ${REVIEW_ANSWER_MAX_LENGTH} caratteri.`,
  answerRequired: "Scrivi la risposta",
  answerSaved: "Risposta pubblicata",
  answerFailed:
    "Non è stato possibile salvare la risposta: forse sono passate 48 ore o hai già risposto. Ricarica la pagina.",
  noLongerCounted: "Non più conteggiata",
  noLongerCountedHint: `Ha più di ${REVIEW_COUNTS_MONTHS} mesi: resta visibile ma non conta più nella media.`,
  reportReview: "Segnala recensione",
  reportAnswer: "Segnala la risposta",
} as const;

export const reviewAnswerTextSchema = requiredText(REVIEW_ANSWER_MAX_LENGTH, REVIEW_MESSAGES.answerRequired);

/** The shop's answer as stored on the review: its text, when first written and when last changed. */
export const reviewAnswerSchema = z.object({
  text: z.string().max(REVIEW_ANSWER_MAX_LENGTH),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/** Whether the shop may still write (first time) or change (within 48 hours) its answer. */
export function answerEditable(answer: ReviewAnswer | undefined, now: Date): boolean {
  return !answer || now.getTime() - answer.createdAt.getTime() < REVIEW_ANSWER_EDIT_MS;
}

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

/**
 * The client's write of an answer (firestore.rules checks it): the whole answer the first time, both
 * dates the write's time; afterwards only the text and updatedAt, so createdAt stays the first write's.
 */
export function reviewAnswerUpdate<T>(text: string, first: boolean, stamp: () => T): Record<string, unknown> {
  const trimmed = text.trim();
  return first
    ? { [REVIEW_ANSWER_FIELD]: { text: trimmed, createdAt: stamp(), updatedAt: stamp() } }
    : { [`${REVIEW_ANSWER_FIELD}.text`]: trimmed, [`${REVIEW_ANSWER_FIELD}.updatedAt`]: stamp() };
}
