import { z } from "zod";
import { dateSchema, requiredText } from "../core/fields.ts";
import { FEEDBACK_MAX_LENGTH, REVIEW_ANSWER_MAX_LENGTH } from "../core/limits.ts";

export { REVIEW_ANSWER_MAX_LENGTH };

/**
 * After a review is written (Omnibus directive, D.Lgs. 26/2023; /regole/recensioni): the reviewed shop
 * answers it once ('Risposta del negozio'), editable for REVIEW_ANSWER_EDIT_MS; a counted rating stops
 * counting in the average REVIEW_COUNTS_MONTHS after it was given (marketplace/review-rules.ts).
 * firestore.rules mirrors the answer's limits (profiles/{shopId}/reviews/{id}, the `answer` field).
 */

/** The shop may change its answer for this long after writing it. */
export const REVIEW_ANSWER_EDIT_MS = 48 * 60 * 60 * 1000;
/** A counted rating leaves the average this many months after it was given. */
export const REVIEW_COUNTS_MONTHS = 24;

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

/**
 * 'Risposta del negozio' as stored on a review: its text, when first written and when last changed
 * .
 */
export const reviewAnswerSchema = z.object({
  text: z.string().max(REVIEW_ANSWER_MAX_LENGTH),
  createdAt: dateSchema,
  updatedAt: dateSchema,
});

/** profiles/{shopId}/reviews/{requestId}: one rated purchase, as others may read it. */
export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().max(FEEDBACK_MAX_LENGTH).optional(),
  /** The buyer's first name only (reviewerFirstName), never the surname or the account. */
  buyerFirstName: z.string(),
  createdAt: dateSchema,
  /** The shop checked the buyer's pickup code at the till: 'Acquisto verificato' (pickup.ts). */
  verifiedPurchase: z.boolean().optional(),
  /** A counted rating: when it leaves the average (review-rules.ts reviewCountsUntil). */
  countsUntil: dateSchema.optional(),
  /** When the expiry sweep (or a removal) took it out of the average. */
  uncountedAt: dateSchema.optional(),
  /** 'Risposta del negozio' (review-rules.ts). */
  answer: reviewAnswerSchema.optional(),
});
export type Review = z.infer<typeof reviewSchema>;
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/** Whether the shop may still write (first time) or change (within 48 hours) its answer. */
export function answerEditable(answer: ReviewAnswer | undefined, now: Date): boolean {
  return !answer || now.getTime() - answer.createdAt.getTime() < REVIEW_ANSWER_EDIT_MS;
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
