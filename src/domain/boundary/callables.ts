import { z } from "zod";
import { tokenPurchaseSchema } from "../billing/tokens.ts";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "../core/common-messages.ts";
import { idSchema, optionalText } from "../core/fields.ts";
import { FEEDBACK_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from "../core/limits.ts";
import { userTypeSchema } from "../core/user-type.ts";
import { acceptedTermsSchema } from "../marketplace/accepted-terms.ts";
import { offerTermsSchema } from "../marketplace/offer.ts";
import { offerOriginSchema } from "../marketplace/offer-origin.ts";
import { RATING_UNCOUNTED_REASONS, ratingSchema } from "../marketplace/rating.ts";
import { publicProfileSchema } from "../people/user.ts";

/**
 * Inputs and outputs of the callables of architecture §2 (algoChat's are in algo.ts). Functions
 * validate inputs with these; the client types its calls with them.
 */

export const purchaseTokensInputSchema = z.object({ packageId: idSchema, paymentId: idSchema });
export type PurchaseTokensInput = z.infer<typeof purchaseTokensInputSchema>;
export const purchaseTokensOutputSchema = z.object({
  tokenBalance: z.number(),
  // Callables carry JSON: the date arrives as an ISO string.
  purchase: tokenPurchaseSchema.extend({ purchaseDate: z.coerce.date() }),
  replayed: z.boolean().optional(),
});
export type PurchaseTokensOutput = z.infer<typeof purchaseTokensOutputSchema>;

/**
 * submitOffer: the make-offer form's fields and the request they answer. Who the buyer is, the names
 * both sides see and the product come from the server's documents, so they are not part of the input
 * (extra keys are dropped). The offer and its conversation share the id {requestId}_{uid}.
 */
/** The offer's terms and where the shop made it from (offerOriginSchema: a closed list). */
export const submitOfferInputSchema = offerTermsSchema.extend({ origin: offerOriginSchema.default("feed") });
export type SubmitOfferInput = z.input<typeof submitOfferInputSchema>;
export const submitOfferOutputSchema = z.object({ offerId: idSchema, conversationId: idSchema });
export type SubmitOfferOutput = z.infer<typeof submitOfferOutputSchema>;

/**
 * The terms the buyer saw (accepted-terms.ts acceptedTermsOf): a merchant may still edit a pending offer, and
 * the buyer must never accept a price, description or delivery they have not seen (the function refuses
 * with DEAL_MESSAGES.offerChanged when any of them differs from the stored offer).
 */
export const acceptOfferInputSchema = z.object({
  offerId: idSchema,
  terms: acceptedTermsSchema,
});
export type AcceptOfferInput = z.infer<typeof acceptOfferInputSchema>;
export const acceptOfferOutputSchema = z.object({ requestId: idSchema, offerId: idSchema });
export type AcceptOfferOutput = z.infer<typeof acceptOfferOutputSchema>;

export const rejectOfferInputSchema = z.object({
  offerId: idSchema,
  reason: optionalText(SHORT_TEXT_MAX_LENGTH),
});
export type RejectOfferInput = z.infer<typeof rejectOfferInputSchema>;
export const rejectOfferOutputSchema = z.object({ offerId: idSchema });
export type RejectOfferOutput = z.infer<typeof rejectOfferOutputSchema>;

export const completeTransactionInputSchema = z.object({
  requestId: idSchema,
  rating: ratingSchema,
  feedback: optionalText(FEEDBACK_MAX_LENGTH),
});
export type CompleteTransactionInput = z.input<typeof completeTransactionInputSchema>;
/**
 * `ratingCounted` says whether the rating entered the shop's average: only a buyer with a proved e-mail,
 * once per shop every RATING_COOLDOWN_DAYS (the rating is stored on the request and offer either way);
 * when it did not, `ratingUncountedReason` says why, so the buyer reads what would make it count.
 */
export const completeTransactionOutputSchema = z.object({
  requestId: idSchema,
  merchantAverageRating: z.number().min(0).max(5),
  ratingCounted: z.boolean().optional(),
  ratingUncountedReason: z.enum(RATING_UNCOUNTED_REASONS).optional(),
});
export type CompleteTransactionOutput = z.infer<typeof completeTransactionOutputSchema>;

export const createMagicLinkInputSchema = z.object({
  email: z.email({ error: VALIDATION_MESSAGES.invalidEmail }),
  userType: userTypeSchema,
});
export type CreateMagicLinkInput = z.infer<typeof createMagicLinkInputSchema>;
/** The same answer whether or not the e-mail exists. */
export const createMagicLinkOutputSchema = z.object({ ok: z.literal(true) });
export type CreateMagicLinkOutput = z.infer<typeof createMagicLinkOutputSchema>;

export const verifyMagicLinkInputSchema = z.object({
  token: z
    .string({ error: ERROR_MESSAGES.magicLinkMissingToken })
    .trim()
    .min(1, { error: ERROR_MESSAGES.magicLinkMissingToken }),
});
export type VerifyMagicLinkInput = z.infer<typeof verifyMagicLinkInputSchema>;
export const verifyMagicLinkOutputSchema = z.object({
  customToken: z.string().min(1),
  userType: userTypeSchema,
  email: z.string(),
});
export type VerifyMagicLinkOutput = z.infer<typeof verifyMagicLinkOutputSchema>;

/**
 * reclaimAccount: no input (the caller's uid), called right after a Firebase e-mail link sign-in. An
 * account whose users document was never verified, and whose address this link has just proven, is
 * reclaimed as verifyMagicLink does (sign-in methods removed, sessions revoked, profile reset); the
 * caller signs in again with `customToken`.
 */
export const reclaimAccountOutputSchema = z.discriminatedUnion("reclaimed", [
  z.object({ reclaimed: z.literal(false) }),
  z.object({ reclaimed: z.literal(true), customToken: z.string().min(1) }),
]);
export type ReclaimAccountOutput = z.infer<typeof reclaimAccountOutputSchema>;

/** syncProfile: no input (the caller's uid); rewrites and returns the public projection profiles/{uid}. */
export const syncProfileOutputSchema = z.object({ profile: publicProfileSchema });
export type SyncProfileOutput = z.infer<typeof syncProfileOutputSchema>;

/**
 * POST /api/send-email body (spec §7). The recipient is never chosen freely: `welcome` goes to the
 * e-mail of the caller's ID token (Authorization: Bearer), with name and role read from users/{uid};
 * `password-reset` and `magic-link` (signed out) go to `email`, and only ever carry a Firebase link
 * for that same address. A `to` field, as the spec's client sent it, is ignored.
 */
export const EMAIL_TYPES = ["welcome", "password-reset", "magic-link"] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
export const sendEmailInputSchema = z.object({
  type: z.enum(EMAIL_TYPES),
  /** Required by the signed-out types (password-reset, magic-link); ignored by welcome. */
  email: z.email({ error: VALIDATION_MESSAGES.invalidEmail }).optional(),
  data: z
    .object({
      displayName: z.string().max(SHORT_TEXT_MAX_LENGTH),
      userType: userTypeSchema,
      assistantName: z.string().max(SHORT_TEXT_MAX_LENGTH),
    })
    .partial()
    .default({}),
});
export type SendEmailInput = z.infer<typeof sendEmailInputSchema>;

/**
 * Billing (plans.ts): startCheckout opens a Stripe Checkout Session (subscription mode for the monthly
 * plan, payment mode for the launch offer and token packs) and answers where to send the browser; on
 * the emulators it answers a simulated session that confirmSimulatedCheckout completes.
 */
export const startCheckoutInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("monthly") }),
  z.object({ kind: z.literal("launch"), code: z.string().trim().min(1).max(32) }),
  z.object({ kind: z.literal("tokens"), packageId: idSchema }),
]);
export type StartCheckoutInput = z.infer<typeof startCheckoutInputSchema>;
export const startCheckoutOutputSchema = z.object({
  sessionId: idSchema,
  /** Stripe's hosted page; absent for a simulated session. */
  url: z.string().optional(),
  simulated: z.boolean(),
});
export type StartCheckoutOutput = z.infer<typeof startCheckoutOutputSchema>;

export const confirmSimulatedCheckoutInputSchema = z.object({ sessionId: idSchema });
export const billingOkOutputSchema = z.object({ ok: z.literal(true) });
export const noInputSchema = z.object({}).optional();
export const portalOutputSchema = z.object({ url: z.string() });
