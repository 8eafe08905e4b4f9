import { z } from "zod";
import { SHORT_TEXT_MAX_LENGTH } from "../core/limits.ts";
import { SHOP_VERIFICATION_MESSAGES } from "./shop-verification-messages.ts";

/**
 * The pilot's review of every new shop (and of a shop that changes its name, address or Partita IVA).
 * verifyShop asks VIES, the European Commission's VAT service, about the Partita IVA and queues
 * `shopReviews/{uid}` (functions write; admins read): what the shop typed, its e-mail and what VIES
 * said, side by side. An admin approves (the shop is verified and its free month starts) or refuses
 * with a reason; the shop is told by e-mail either way. `partiteIva/{piva}` holds which account claimed
 * a Partita IVA (functions only): one Partita IVA, one shop account.
 */

/**
 * VIES's answer, reduced: `valid` (registered, with name and address when Italy shares them),
 * `not_found` (not in VIES: many small Italian businesses are not enrolled, so it is a signal for the
 * reviewer, never a refusal), `unavailable` (VIES or Italy's service did not answer: retried later).
 */
export const VIES_STATE = { valid: "valid", notFound: "not_found", unavailable: "unavailable" } as const;
export type ViesState = (typeof VIES_STATE)[keyof typeof VIES_STATE];

export const viesCheckSchema = z.object({
  state: z.enum([VIES_STATE.valid, VIES_STATE.notFound, VIES_STATE.unavailable]),
  name: z.string().optional(),
  address: z.string().optional(),
  /** VIES's consultation number, when it gives one. */
  requestIdentifier: z.string().optional(),
  /** `simulated` on the emulators (a clearly labelled stand-in), `vies` for the real service. */
  source: z.enum(["vies", "simulated"]),
  checkedAt: z.date(),
});
export type ViesCheck = z.infer<typeof viesCheckSchema>;

export const SHOP_REVIEW_STATUS = { pending: "pending", approved: "approved", refused: "refused" } as const;

/** shopReviews/{uid}. */
export const shopReviewSchema = z.object({
  uid: z.string(),
  status: z.enum([SHOP_REVIEW_STATUS.pending, SHOP_REVIEW_STATUS.approved, SHOP_REVIEW_STATUS.refused]),
  businessName: z.string(),
  address: z.string(),
  partitaIva: z.string(),
  email: z.string(),
  vies: viesCheckSchema,
  /** VIES calls made for this submission (bounded retries while it is unavailable). */
  viesAttempts: z.number().int().min(0),
  submittedAt: z.date(),
  decidedAt: z.date().optional(),
  decidedBy: z.string().optional(),
  reason: z.string().optional(),
});
export type ShopReview = z.infer<typeof shopReviewSchema>;

/** partiteIva/{piva}: the account that holds it. */
export const partitaIvaClaimSchema = z.object({ uid: z.string(), claimedAt: z.date() });

/** How many pending shops the queue shows at once, and how many unanswered VIES checks a view retries. */
export const SHOP_REVIEW_PAGE = 50;
export const VIES_RETRIES_PER_VIEW = 5;
/** A submission's VIES calls, first one included: past this the reviewer decides without VIES. */
export const VIES_MAX_ATTEMPTS = 10;

export const listShopReviewsOutputSchema = z.object({
  reviews: z.array(
    shopReviewSchema.extend({
      submittedAt: z.coerce.date(),
      decidedAt: z.coerce.date().optional(),
      vies: viesCheckSchema.extend({ checkedAt: z.coerce.date() }),
    }),
  ),
});
export type AdminShopReview = z.infer<typeof listShopReviewsOutputSchema>["reviews"][number];

export const decideShopReviewInputSchema = z.discriminatedUnion("decision", [
  z.object({ uid: z.string().min(1).max(128), decision: z.literal("approve") }),
  z.object({
    uid: z.string().min(1).max(128),
    decision: z.literal("refuse"),
    reason: z
      .string({ error: SHOP_VERIFICATION_MESSAGES.refusalReasonRequired })
      .trim()
      .min(1, { error: SHOP_VERIFICATION_MESSAGES.refusalReasonRequired })
      .max(SHORT_TEXT_MAX_LENGTH, { error: SHOP_VERIFICATION_MESSAGES.refusalReasonRequired }),
  }),
]);
export type ShopReviewDecision = z.output<typeof decideShopReviewInputSchema>;
export const decideShopReviewOutputSchema = z.object({ ok: z.literal(true) });
