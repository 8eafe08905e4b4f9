import { z } from "zod";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import { deliveryOptionSchema } from "../core/enums.ts";
import { dateSchema, idSchema, optionalText, requiredText } from "../core/fields.ts";
import {
  DESCRIPTION_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  FEEDBACK_MAX_LENGTH,
  MAX_AMOUNT_EUR,
  PRODUCT_NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from "../core/limits.ts";
import { displayProductName } from "../products/product-name.ts";
import { MERCHANT_MESSAGES } from "./marketplace-messages.ts";
import { HOLD_RELEASED_BY, holdChoiceSchema } from "./pickup-hold.ts";
import { OFFER_STATUS, type OfferStatus, offerStatusSchema } from "./state-machine.ts";

/** Price in euro: a number above 0. */
export const priceSchema = z
  .number({ error: VALIDATION_MESSAGES.invalidPrice })
  .positive({ error: VALIDATION_MESSAGES.invalidPrice })
  .max(MAX_AMOUNT_EUR, { error: VALIDATION_MESSAGES.invalidPrice });

/** At least one of pickup / delivery, each at most once. */
export const deliveryOptionsSchema = z
  .array(deliveryOptionSchema, { error: VALIDATION_MESSAGES.requiredFields })
  .min(1, { error: VALIDATION_MESSAGES.requiredFields })
  .refine((options) => new Set(options).size === options.length, {
    error: VALIDATION_MESSAGES.invalidData,
  });

/**
 * An offer document (spec §3). `customerId`, `merchantName` and `productName` are denormalised for rules
 * and lists: a shop that lost the request can no longer read it, but still sees what it offered on
 * (older offers have no productName).
 */
export const offerSchema = z.object({
  id: idSchema,
  requestId: idSchema,
  merchantId: idSchema,
  customerId: z.string().optional(),
  merchantName: z.string().optional(),
  productName: z.string().max(PRODUCT_NAME_MAX_LENGTH).optional(),
  price: priceSchema,
  description: z.string().max(DESCRIPTION_MAX_LENGTH),
  estimatedDeliveryTime: z.string().max(SHORT_TEXT_MAX_LENGTH).optional(),
  deliveryOptions: deliveryOptionsSchema,
  additionalNotes: z.string().max(DESCRIPTION_MAX_LENGTH).optional(),
  status: offerStatusSchema,
  aiGenerated: z.boolean(),
  createdAt: dateSchema,
  updatedAt: dateSchema,
  acceptedAt: dateSchema.optional(),
  /** How long the shop said it would hold the item (pickup-hold.ts); older offers have none. */
  holdChoice: holdChoiceSchema.optional(),
  /** Until when the shop keeps the item aside once accepted (pickup-hold.ts, set by acceptOffer). */
  holdUntil: dateSchema.optional(),
  /** null while the hold's reminder is due (acceptOffer), then when it was sent (the hold sweep). */
  holdReminderSentAt: dateSchema.nullable().optional(),
  /** The hold let go by either side, with the reason (releaseHold). */
  holdReleasedAt: dateSchema.optional(),
  holdReleasedBy: z.enum(HOLD_RELEASED_BY).optional(),
  holdReleaseReason: z.string().max(SHORT_TEXT_MAX_LENGTH).optional(),
  rejectedAt: dateSchema.optional(),
  rejectionReason: z.string().max(SHORT_TEXT_MAX_LENGTH).optional(),
  /** Rejected because the buyer accepted another shop's offer: 'Acquistato altrove' (acceptOffer). */
  boughtElsewhere: z.boolean().optional(),
  customerRating: z.number().int().min(1).max(5).optional(),
  customerFeedback: z.string().max(FEEDBACK_MAX_LENGTH).optional(),
  ratedAt: dateSchema.optional(),
  /** The shop checked the buyer's pickup code at the till (verifyPickup, pickup.ts). */
  verifiedPurchaseAt: dateSchema.optional(),
  /** The shop marked it 'Non ritirato' once the hold ended unverified (markNoShow). */
  noShowAt: dateSchema.optional(),
  /** When an accepted, unverified deal closes by itself (acceptOffer; deal-end.ts), then removed. */
  dealClosesAt: dateSchema.optional(),
  /** The deal closed unverified after DEAL_OPEN_MS (closeStaleDeals). */
  dealClosedAt: dateSchema.optional(),
});
export type Offer = z.infer<typeof offerSchema>;

/**
 * What a shop offers on a request: the make-offer form's fields, which the app sends to the submitOffer
 * callable (src/domain/boundary/callables.ts) and, while the offer is pending, edits directly.
 */
export const offerTermsSchema = z.object({
  requestId: idSchema,
  price: priceSchema,
  description: requiredText(DESCRIPTION_MAX_LENGTH, VALIDATION_MESSAGES.requiredFields),
  estimatedDeliveryTime: optionalText(SHORT_TEXT_MAX_LENGTH),
  deliveryOptions: deliveryOptionsSchema,
  additionalNotes: optionalText(DESCRIPTION_MAX_LENGTH),
  aiGenerated: z.boolean().default(false),
  holdChoice: holdChoiceSchema.optional(),
});
export type OfferTerms = z.input<typeof offerTermsSchema>;

/**
 * A new offer as submitOffer builds it: the shop's terms plus what the server takes from its own
 * documents, never from the caller: the request's buyer, the shop's public name and the product asked
 * for. The function adds merchantId (the caller), status `pending` and timestamps.
 */
export const newOfferInputSchema = offerTermsSchema.extend({
  customerId: idSchema,
  merchantName: requiredText(DISPLAY_NAME_MAX_LENGTH, VALIDATION_MESSAGES.requiredFields),
  productName: optionalText(PRODUCT_NAME_MAX_LENGTH),
});
export type NewOfferInput = z.input<typeof newOfferInputSchema>;
export type NewOffer = z.output<typeof newOfferInputSchema>;

/** Optional reason typed in the reject box. */
export const rejectionReasonSchema = optionalText(SHORT_TEXT_MAX_LENGTH);

export { offerIdFor, offerIdParts } from "./offer-id.ts";

/**
 * Whether the offer's shop may read the request it answers (firestore.rules, requests get): while the
 * offer is pending (the request is then active, unless the buyer cancelled it) and once it was accepted.
 * Rejected or expired: the request is closed to the shop, so the app does not even ask for it.
 */
export function shopMayReadRequest(status: OfferStatus): boolean {
  return status === OFFER_STATUS.pending || status === OFFER_STATUS.accepted;
}

/**
 * What a shop's lists call one of its offers (shown as a name, displayProductName): the request's product name when the request could be read,
 * else the name copied on the offer (submitOffer), else 'Richiesta chiusa' (offers from before the copy)
 * or, for an offer that should have had its request, 'Richiesta non più disponibile'.
 */
export function offerTitle(
  offer: Pick<Offer, "status" | "productName">,
  request: { productName: string } | null,
): string {
  if (request) return displayProductName(request.productName);
  if (offer.productName) return displayProductName(offer.productName);
  return shopMayReadRequest(offer.status)
    ? MERCHANT_MESSAGES.requestUnavailable
    : MERCHANT_MESSAGES.closedRequestTitle;
}
