import { z } from "zod";
import { requestCategorySchema } from "../core/enums.ts";
import { ADDRESS_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, MAX_PREFERRED_CATEGORIES } from "../core/limits.ts";
import { latLngSchema } from "../geo/geo.ts";
import { isValidPartitaIva, normalizePartitaIva } from "./partita-iva.ts";
import { isPlatformName } from "./platform-names.ts";
import { SHOP_STATUS } from "./shop-status.ts";
import { SHOP_VERIFICATION_MESSAGES } from "./shop-verification-messages.ts";

// The status and its checks live in the zod-free shop-status.ts (the route guards use them); the
// functions and the rules tests import them from here too.
export { isVerifiedShop, SHOP_FIELD, SHOP_STATUS, type ShopStatus } from "./shop-status.ts";

/**
 * A shop's powers (reading the request feed, sending offers, Leonardo) come from the server, never from
 * the `userType` a client wrote at sign-up. The verifyShop callable checks what a real shop has (an
 * e-mail address it proved, a business name that does not pass for the platform, a Partita IVA with a
 * valid check digit that no other account holds, an address with a position, the categories it sells),
 * asks VIES about the Partita IVA and writes `users/{uid}.shop` with status `pending`; an admin approves
 * it (`verified`) or refuses it from the review queue (shop-review.ts). Clients can never write that
 * field, and firestore.rules read it.
 */

export const shopVerificationInputSchema = z.object({
  businessName: z
    .string({ error: SHOP_VERIFICATION_MESSAGES.businessNameRequired })
    .trim()
    .min(1, { error: SHOP_VERIFICATION_MESSAGES.businessNameRequired })
    .max(DISPLAY_NAME_MAX_LENGTH, { error: SHOP_VERIFICATION_MESSAGES.businessNameRequired })
    .refine((name) => !isPlatformName(name), { error: SHOP_VERIFICATION_MESSAGES.platformName }),
  partitaIva: z
    .string({ error: SHOP_VERIFICATION_MESSAGES.partitaIvaInvalid })
    .transform(normalizePartitaIva)
    .refine(isValidPartitaIva, { error: SHOP_VERIFICATION_MESSAGES.partitaIvaInvalid }),
  address: z
    .string({ error: SHOP_VERIFICATION_MESSAGES.addressRequired })
    .trim()
    .min(1, { error: SHOP_VERIFICATION_MESSAGES.addressRequired })
    .max(ADDRESS_MAX_LENGTH, { error: SHOP_VERIFICATION_MESSAGES.addressRequired }),
  /** Chosen from the gazetteer or the browser's position: a typed address alone has no position. */
  position: latLngSchema.extend({ zone: z.string().trim().max(ADDRESS_MAX_LENGTH).optional() }),
  categories: z
    .array(requestCategorySchema, { error: SHOP_VERIFICATION_MESSAGES.categoriesRequired })
    .min(1, { error: SHOP_VERIFICATION_MESSAGES.categoriesRequired })
    .max(MAX_PREFERRED_CATEGORIES, { error: SHOP_VERIFICATION_MESSAGES.tooManyCategories })
    .transform((categories) => [...new Set(categories)]),
});
export type ShopVerificationInput = z.input<typeof shopVerificationInputSchema>;
export type ShopVerification = z.output<typeof shopVerificationInputSchema>;

/** What `users/{uid}.shop` holds (dates as the data layer gives them). */
export const shopSchema = z.object({
  status: z.enum([SHOP_STATUS.pending, SHOP_STATUS.verified, SHOP_STATUS.refused]),
  partitaIva: z.string(),
  categories: z.array(requestCategorySchema),
  /** When the shop last sent its details for review. */
  submittedAt: z.date().optional(),
  /** When an admin approved it (kept while a later change waits for review). */
  verifiedAt: z.date().optional(),
  /** The admin's reason, when refused. */
  refusalReason: z.string().optional(),
  /**
   * The business name an admin last approved: the public one (profiles, chats) while a new name waits
   * for review or after it was refused (publicBusinessName, user.ts). Written by decideShopReview.
   */
  approvedName: z.string().optional(),
  /**
   * The comune of the address verifyShop checked, kept here where no client writes: what a city
   * check reads (the launch code's pilot city), never the profile's editable `location`.
   */
  zone: z.string().optional(),
});
export type Shop = z.infer<typeof shopSchema>;

/** `verified` when only the categories changed on a verified shop; `pending` when an admin must look. */
export const verifyShopOutputSchema = z.object({
  status: z.enum([SHOP_STATUS.pending, SHOP_STATUS.verified]),
});
export type VerifyShopOutput = z.infer<typeof verifyShopOutputSchema>;
