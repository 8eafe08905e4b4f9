import { z } from "zod";
import { tokenPurchaseSchema } from "../billing/tokens.ts";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import { dateSchema, httpsUrlSchema, idSchema, optionalText } from "../core/fields.ts";
import {
  ADDRESS_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  MAX_PREFERRED_CATEGORIES,
  MAX_TOP_SEARCH_TERMS,
  SHORT_TEXT_MAX_LENGTH,
} from "../core/limits.ts";
import { userTypeSchema } from "../core/user-type.ts";
import { latLngSchema } from "../geo/geo.ts";
import { consentSchema } from "../legal/legal-consent.ts";
import { hasOpenDay, weeklyHoursSchema } from "./opening-hours.ts";
import { isPlatformName } from "./platform-names.ts";
import { FALLBACK_DISPLAY_NAME } from "./session.ts";
import { openingHoursSchema, type PublicShop, phoneSchema, publicShopSchema } from "./shop-page.ts";
import { isVerifiedShop, SHOP_STATUS } from "./shop-status.ts";
import { shopSchema } from "./shop-verification.ts";
import { SHOP_VERIFICATION_MESSAGES } from "./shop-verification-messages.ts";

/** Where a user is: a shop for merchants, a home zone for customers. `zone` is the comune. */
export const userLocationSchema = latLngSchema.extend({
  address: z.string().max(ADDRESS_MAX_LENGTH).optional(),
  zone: z.string().max(SHORT_TEXT_MAX_LENGTH).optional(),
});
export type UserLocation = z.infer<typeof userLocationSchema>;

export const learningProfileSchema = z.object({
  topSearchTerms: z.array(z.string()).max(MAX_TOP_SEARCH_TERMS).default([]),
  communicationStyle: z.string().optional(),
});
export type LearningProfile = z.infer<typeof learningProfileSchema>;

/**
 * users/{uid}: private, owner-readable (spec §3). Sign-up writes id, email, displayName, userType,
 * createdAt (and updatedAt, isVerified, photoURL in the newer flow); the marketplace fields appear
 * later, so they are optional. Tokens, ratings and learning fields are written only by functions.
 */
export const userSchema = z.object({
  id: idSchema,
  uid: z.string().optional(),
  email: z.string(),
  displayName: z.string(),
  userType: userTypeSchema,
  createdAt: dateSchema,
  updatedAt: dateSchema.optional(),
  isVerified: z.boolean().optional(),
  photoURL: httpsUrlSchema.nullable().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  businessName: z.string().optional(),
  location: userLocationSchema.optional(),
  /** Balance; fractional (text chat costs 0.5). */
  aiTokens: z.number().optional(),
  monthlyTokensUsed: z.number().optional(),
  aiInteractions: z.number().int().optional(),
  /** Missing means the monthly allowance has never been credited. */
  lastTokenReset: dateSchema.nullable().optional(),
  tokenPurchases: z.array(tokenPurchaseSchema).optional(),
  averageRating: z.number().min(0).max(5).optional(),
  totalRatings: z.number().int().min(0).optional(),
  preferredCategories: z.array(z.string()).max(MAX_PREFERRED_CATEGORIES).optional(),
  successfulMatches: z.number().int().min(0).optional(),
  learningProfile: learningProfileSchema.optional(),
  /** Written by verifyShop only: the shop's powers (shop-verification.ts). */
  shop: shopSchema.optional(),
  /**
   * The shop's phone and opening hours, as its public page shows them (shop-page.ts); the owner writes
   * them. `weeklyHours` are the days and times (opening-hours.ts); `openingHours` is free text: notes,
   * or the hours as written before days and times existed, shown as they are.
   */
  phone: z.string().optional(),
  openingHours: z.string().optional(),
  weeklyHours: weeklyHoursSchema.optional(),
  /** The terms accepted and the privacy notice acknowledged at sign-up (legal-consent.ts). */
  consent: consentSchema.optional(),
  /** Set by an admin's suspension (moderation): the Auth account is disabled too. */
  suspendedAt: dateSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

const displayNameSchema = z
  .string({ error: VALIDATION_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.nameRequired })
  .max(DISPLAY_NAME_MAX_LENGTH, { error: "Il nome è troppo lungo" })
  .refine((name) => !isPlatformName(name), { error: SHOP_VERIFICATION_MESSAGES.platformName });

/** A business name as a shop types it: never one that passes for the platform (platform-names.ts). */
const businessNameSchema = optionalText(DISPLAY_NAME_MAX_LENGTH).refine(
  (name) => name === undefined || !isPlatformName(name),
  {
    error: SHOP_VERIFICATION_MESSAGES.platformName,
  },
);

/**
 * What the client writes at sign-up; the data layer adds createdAt/updatedAt (server timestamps). A
 * buyer has no business name (it would be their public name in every chat).
 */
export const newUserInputSchema = z
  .object({
    id: idSchema,
    uid: idSchema,
    email: z.email({ error: VALIDATION_MESSAGES.invalidEmail }),
    displayName: displayNameSchema,
    userType: userTypeSchema,
    isVerified: z.boolean(),
    photoURL: httpsUrlSchema.nullable().optional(),
    businessName: businessNameSchema,
  })
  .transform(({ businessName, ...user }) =>
    user.userType === "merchant" && businessName ? { ...user, businessName } : user,
  );
export type NewUserInput = z.infer<typeof newUserInputSchema>;

/** Profile fields a user may change directly (never tokens, ratings or role). */
export const PROFILE_EDITABLE_FIELDS = [
  "displayName",
  "firstName",
  "lastName",
  "businessName",
  "location",
  "phone",
  "openingHours",
  "weeklyHours",
] as const;
export const profileUpdateSchema = z
  .object({
    displayName: displayNameSchema,
    firstName: optionalText(DISPLAY_NAME_MAX_LENGTH),
    lastName: optionalText(DISPLAY_NAME_MAX_LENGTH),
    businessName: businessNameSchema,
    location: userLocationSchema,
    phone: phoneSchema,
    openingHours: openingHoursSchema,
    weeklyHours: weeklyHoursSchema,
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * profiles/{uid}: what other users may see of a person (architecture §2), written only by functions.
 * `location` is set for verified shops only (their shop); others show just their zone.
 */
export const publicProfileSchema = z.object({
  uid: idSchema,
  displayName: z.string(),
  businessName: z.string().optional(),
  userType: userTypeSchema,
  averageRating: z.number().min(0).max(5),
  totalRatings: z.number().int().min(0),
  zone: z.string().optional(),
  location: latLngSchema.optional(),
  /** Set by an admin's suspension (moderateReport): the account cannot sign in. */
  suspended: z.boolean().optional(),
  /** The account was deleted: the profile is a tombstone named 'Utente eliminato'. */
  deleted: z.boolean().optional(),
  /** A verified shop's public page: address, categories, phone, opening hours (shop-page.ts). */
  shop: publicShopSchema.optional(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The public projection of a user document. */
export function toPublicProfile(user: User): PublicProfile {
  const zone = user.location?.zone ?? undefined;
  return {
    uid: user.uid ?? user.id,
    displayName: user.displayName,
    // A buyer has no business name: it would stand in for their name in every chat; a shop's new name
    // is public once an admin approved it.
    ...(publicBusinessName(user) ? { businessName: publicBusinessName(user) } : {}),
    userType: user.userType,
    averageRating: user.averageRating ?? 0,
    totalRatings: user.totalRatings ?? 0,
    ...(zone ? { zone } : {}),
    // Only a verified shop's position is public (its page, the distance on its offers): an unverified
    // merchant's typed coordinates could be anyone's home.
    ...(isVerifiedShop(user) && user.location
      ? { location: { lat: user.location.lat, lng: user.location.lng } }
      : {}),
    // Every rewrite of the profile (syncProfile, a rating) keeps the suspension others see.
    ...(user.suspendedAt ? { suspended: true } : {}),
    // A shop's page is public once an admin approved it, not while it waits or after a refusal.
    ...(isVerifiedShop(user) ? { shop: toPublicShop(user) } : {}),
  };
}

/** What a verified shop shows on its page: never the Partita IVA; empty phone, notes or hours are left out. */
function toPublicShop(user: User): PublicShop {
  const address = user.location?.address?.trim();
  const phone = user.phone?.trim();
  const openingHours = user.openingHours?.trim();
  return {
    ...(address ? { address } : {}),
    categories: user.shop?.categories ?? [],
    ...(phone ? { phone } : {}),
    ...(openingHours ? { openingHours } : {}),
    ...(hasOpenDay(user.weeklyHours) ? { weeklyHours: user.weeklyHours } : {}),
  };
}

/** Merchants show their business name when they have one. */
/**
 * The business name others see: a merchant's own while its shop is verified (or before it sent its
 * details), else the name an admin last approved (shop.approvedName), none if never approved. A
 * buyer has none. The profile (toPublicProfile) and the chat's sender name (the rules compare them)
 * both take it from here.
 */
export function publicBusinessName(
  user: Pick<User, "userType" | "businessName"> & {
    shop?: { status: string; approvedName?: string | undefined } | undefined;
  },
): string | undefined {
  if (user.userType !== "merchant") return undefined;
  if (!user.shop || user.shop.status === SHOP_STATUS.verified) return user.businessName || undefined;
  return user.shop.approvedName || undefined;
}

export function publicName(profile: Pick<PublicProfile, "displayName" | "businessName">): string {
  // Never blank: a message or an offer needs a name the other party can read (and the rules demand one).
  return profile.businessName?.trim() || profile.displayName.trim() || FALLBACK_DISPLAY_NAME;
}
