import { z } from "zod";
import { conditionSchema, deliveryOptionSchema } from "../core/enums.ts";
import {
  DESCRIPTION_MAX_LENGTH,
  DICTATION_MAX_LENGTH,
  MAX_AMOUNT_EUR,
  SHORT_TEXT_MAX_LENGTH,
} from "../core/limits.ts";
import { DICTATION_MESSAGES } from "./offer-dictation-messages.ts";

/**
 * dictateOffer ('Detta l'offerta', 0.5 tokens like 'Scrivi con Leonardo'): what the shop said, as the
 * browser's speech recognition heard it, turned into the offer form's fields. Only the fields Leonardo
 * understood come back; a price is never guessed (`priceMissing` says it was not heard). The shop checks
 * the form and sends it as usual: this callable writes no offer.
 */
export const dictateOfferInputSchema = z.object({
  requestId: z.string().trim().min(1).max(128),
  transcript: z
    .string({ error: DICTATION_MESSAGES.emptyTranscript })
    .trim()
    .min(1, { error: DICTATION_MESSAGES.emptyTranscript })
    .max(DICTATION_MAX_LENGTH, { error: DICTATION_MESSAGES.tooLong }),
});
export type DictateOfferInput = z.input<typeof dictateOfferInputSchema>;

/** The form's fields Leonardo understood; any of them may be missing. */
export const dictatedOfferFieldsSchema = z.object({
  price: z.number().positive().max(MAX_AMOUNT_EUR).optional(),
  deliveryOptions: z.array(deliveryOptionSchema).min(1).max(2).optional(),
  estimatedDeliveryTime: z.string().trim().min(1).max(SHORT_TEXT_MAX_LENGTH).optional(),
  condition: conditionSchema.optional(),
  description: z.string().trim().min(1).max(DESCRIPTION_MAX_LENGTH).optional(),
});
export type DictatedOfferFields = z.infer<typeof dictatedOfferFieldsSchema>;

export const dictateOfferOutputSchema = z.object({
  fields: dictatedOfferFieldsSchema,
  /** No price was heard: the price field stays empty and the page says so. */
  priceMissing: z.boolean(),
  /** Who read the offer: Gemini with a key, the offline extractor without one (or when Gemini failed). */
  source: z.enum(["gemini", "offline"]),
  tokenBalance: z.number(),
  outOfTokens: z.boolean().optional(),
});
export type DictateOfferOutput = z.infer<typeof dictateOfferOutputSchema>;
