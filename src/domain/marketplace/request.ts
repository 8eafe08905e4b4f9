import { z } from "zod";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import {
  conditionSchema,
  deliveryPreferenceSchema,
  MAX_RADIUS_KM,
  requestCategorySchema,
  urgencySchema,
} from "../core/enums.ts";
import { dateSchema, idSchema, optionalText, requiredText } from "../core/fields.ts";
import {
  ADDRESS_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  FEEDBACK_MAX_LENGTH,
  MAX_AMOUNT_EUR,
  MERCHANT_DASHBOARD_ADDRESS_CHARS,
  PRODUCT_NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from "../core/limits.ts";
import { latLngSchema } from "../geo/geo.ts";
import { MAX_REQUEST_PHOTOS, requestThumbnailSchema } from "./request-photo.ts";
import { storedRequestStatusSchema } from "./state-machine.ts";

const amount = z
  .number({ error: VALIDATION_MESSAGES.invalidBudget })
  .min(0, { error: VALIDATION_MESSAGES.invalidBudget })
  .max(MAX_AMOUNT_EUR, { error: VALIDATION_MESSAGES.invalidBudget });

/** Budget in euro, min ≤ max. */
export const budgetSchema = z
  .object({ min: amount, max: amount }, { error: VALIDATION_MESSAGES.invalidBudget })
  .refine((budget) => budget.min <= budget.max, { error: VALIDATION_MESSAGES.budgetRange, path: ["max"] });
export type Budget = z.infer<typeof budgetSchema>;

/** What a client sends: a place and its coordinates (the geohash is computed, never trusted). */
export const locationInputSchema = latLngSchema.extend({
  address: requiredText(ADDRESS_MAX_LENGTH, VALIDATION_MESSAGES.addressRequired),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

/**
 * Stored request location (architecture §4, §7), what shops read: `address` is the zone (comune and
 * neighbourhood, never the street) and lat/lng the public grid node (geo-privacy.ts), `geohash` its
 * precision-9 geohash (computed from the coarse point, so it tells nothing finer).
 */
export const requestLocationSchema = locationInputSchema.extend({
  geohash: z.string().regex(/^[0-9b-hjkmnp-z]{1,12}$/, { error: VALIDATION_MESSAGES.invalidLocation }),
});
export type RequestLocation = z.infer<typeof requestLocationSchema>;

/** requests/{id}/private/location: the buyer's exact position and typed address, theirs alone. */
export const requestPrivateLocationSchema = locationInputSchema.extend({ customerId: idSchema });
export type RequestPrivateLocation = z.infer<typeof requestPrivateLocationSchema>;

export const productDetailsSchema = z.object({
  size: optionalText(SHORT_TEXT_MAX_LENGTH),
  color: optionalText(SHORT_TEXT_MAX_LENGTH),
  material: optionalText(SHORT_TEXT_MAX_LENGTH),
  condition: conditionSchema.optional(),
  specifications: optionalText(DESCRIPTION_MAX_LENGTH),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;

export const actionRadiusSchema = z
  .number({ error: "Raggio d'azione non valido" })
  .positive({ error: "Raggio d'azione non valido" })
  .max(MAX_RADIUS_KM, { error: `Il raggio massimo è ${MAX_RADIUS_KM} km` });

const geohashPrefix = (length: number) => z.string().length(length);

/** A request document (spec §3 plus the geohash prefixes of architecture §4). */
export const requestSchema = z.object({
  id: idSchema,
  customerId: idSchema,
  productName: requiredText(PRODUCT_NAME_MAX_LENGTH, VALIDATION_MESSAGES.productNameRequired),
  description: z.string().max(DESCRIPTION_MAX_LENGTH),
  category: requestCategorySchema,
  budget: budgetSchema,
  urgency: urgencySchema,
  deliveryPreference: deliveryPreferenceSchema,
  actionRadius: actionRadiusSchema,
  location: requestLocationSchema,
  gh3: geohashPrefix(3),
  gh4: geohashPrefix(4),
  gh5: geohashPrefix(5),
  productDetails: productDetailsSchema,
  /** Legacy `matched` reads as `in_progress`. */
  status: storedRequestStatusSchema,
  aiGenerated: z.boolean(),
  imageAnalyzed: z.boolean(),
  algoConversationId: z.string().optional(),
  /** How many photos requests/{id}/photos holds (request-photo.ts); absent when none. */
  photoCount: z.number().int().min(0).max(MAX_REQUEST_PHOTOS).optional(),
  /** The first photo, small, for cards (request-photo.ts); absent without photos or on older requests. */
  thumbnail: requestThumbnailSchema.optional().catch(undefined),
  /**
   * How many shops have offered on it (one offer per shop): kept by submitOffer in the transaction that
   * writes the offer, so the buyer's card counts from the request, not from a list of newest offers.
   * Absent before the first offer (and on documents older than the field).
   */
  offerCount: z.number().int().min(0).optional(),
  createdAt: dateSchema,
  updatedAt: dateSchema,
  acceptedOfferId: z.string().optional(),
  completedAt: dateSchema.optional(),
  completedOfferId: z.string().optional(),
  customerRating: z.number().int().min(1).max(5).optional(),
  customerFeedback: z.string().max(FEEDBACK_MAX_LENGTH).optional(),
  /** The shop checked the buyer's pickup code at the till (verifyPickup, pickup.ts). */
  verifiedPurchaseAt: dateSchema.optional(),
  cancelledAt: dateSchema.optional(),
  /** When the request stops taking offers (request-life.ts); absent on old documents: createdAt + 7 days. */
  expiresAt: dateSchema.optional(),
});
export type Request = z.infer<typeof requestSchema>;

/**
 * What a client (or algoChat) provides to publish a request. The data layer adds customerId (the
 * signed-in user), status `active`, the geohash fields (geo-cover.ts `requestGeoFields`) and timestamps.
 */
export const newRequestInputSchema = z.object({
  productName: requiredText(PRODUCT_NAME_MAX_LENGTH, VALIDATION_MESSAGES.productNameRequired),
  description: optionalText(DESCRIPTION_MAX_LENGTH).default(""),
  category: requestCategorySchema,
  budget: budgetSchema,
  urgency: urgencySchema,
  deliveryPreference: deliveryPreferenceSchema,
  actionRadius: actionRadiusSchema,
  location: locationInputSchema,
  productDetails: productDetailsSchema.default({}),
  aiGenerated: z.boolean().default(false),
  imageAnalyzed: z.boolean().default(false),
  algoConversationId: z.string().optional(),
});
export type NewRequestInput = z.input<typeof newRequestInputSchema>;
export type NewRequest = z.output<typeof newRequestInputSchema>;

/** Address cut for the merchant dashboard (spec §2: 30 characters). */
export function shortAddress(address: string, max: number = MERCHANT_DASHBOARD_ADDRESS_CHARS): string {
  const chars = Array.from(address);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : address;
}
