import { VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { BROWSE_CATEGORIES, type BrowseCategory } from "@/domain/core/enums";
import { DEFAULT_LOCATION, DEFAULT_MERCHANT_LOCATION } from "@/domain/core/limits";
import { invalid, type ValidationResult, validateWith } from "@/domain/core/validation";
import { type WeekDraft, weekDraftOf, weeklyHoursFromDraft } from "@/domain/people/opening-hours-form";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { type ShopVerification, shopVerificationInputSchema } from "@/domain/people/shop-verification";
import { type ProfileUpdate, profileUpdateSchema } from "@/domain/people/user";
import type { SessionUserData } from "@/lib/session/types";

/** The edit form's state; the shop fields are used for merchants only. */
export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  businessName: string;
  address: string;
  lat: number;
  lng: number;
  /** The shop page's phone, opening hours as days and times, and notes on them (shop-page.ts). */
  phone: string;
  weeklyHours: WeekDraft;
  openingHours: string;
  /** A verified shop's categories (changed through verifyShop, which keeps the shop's powers in step). */
  categories: BrowseCategory[];
};

const isBrowseCategory = (value: string): value is BrowseCategory =>
  (BROWSE_CATEGORIES as readonly string[]).includes(value);

/** First name and surname: the stored ones, else the display name split at the first space. */
export function nameParts(user: Pick<SessionUserData, "displayName" | "firstName" | "lastName">): {
  firstName: string;
  lastName: string;
} {
  if (user.firstName !== undefined || user.lastName !== undefined) {
    return { firstName: user.firstName ?? "", lastName: user.lastName ?? "" };
  }
  const [first = "", ...rest] = user.displayName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

export function initialProfileValues(user: SessionUserData): ProfileFormValues {
  // Buyers and shops without a saved position start from the default point (an address stays empty for buyers).
  const location = user.location ?? DEFAULT_LOCATION;
  return {
    ...nameParts(user),
    businessName: user.businessName ?? "",
    address:
      user.location?.address ?? (user.userType === "merchant" ? DEFAULT_MERCHANT_LOCATION.address : ""),
    lat: location.lat,
    lng: location.lng,
    phone: user.phone ?? "",
    weeklyHours: weekDraftOf(user.weeklyHours),
    openingHours: user.openingHours ?? "",
    categories: (user.shop?.categories ?? []).filter(isBrowseCategory),
  };
}

/**
 * A verified shop that changed its categories sends its details through verifyShop again (the only
 * writer of users/{uid}.shop): the same Partita IVA, the address and position being saved, the new
 * categories. Null when nothing is to re-verify; an invalid result carries verifyShop's Italian message
 * (e.g. no category chosen).
 */
export function shopReverification(
  user: SessionUserData,
  update: ProfileUpdate,
  categories: readonly BrowseCategory[],
): ValidationResult<ShopVerification> | null {
  if (user.userType !== "merchant" || !isVerifiedShop(user) || !user.shop) return null;
  const before = [...user.shop.categories].sort().join();
  if ([...categories].sort().join() === before) return null;
  const location = update.location ?? user.location;
  return validateWith(shopVerificationInputSchema, {
    businessName: update.businessName ?? user.businessName ?? "",
    partitaIva: user.shop.partitaIva,
    address: location?.address ?? "",
    position: {
      lat: location?.lat,
      lng: location?.lng,
      // The comune's name stays only while the position does (a new place in the form has none).
      ...(user.location?.zone && user.location.lat === location?.lat && user.location.lng === location?.lng
        ? { zone: user.location.zone }
        : {}),
    },
    categories,
  });
}

/**
 * The update to save, checked with the domain's profileUpdateSchema: name required ('Il nome è
 * obbligatorio'); the display name follows first name + surname; merchants also save the business
 * name, the shop location (address required), and the phone, opening hours (days and times, each day's
 * mistake named: opening-hours-form.ts) and notes its public page shows (any may be empty; a phone must
 * look like one: SHOP_PAGE_MESSAGES). A shop that has sent its
 * details (`identityFrozen`) saves neither its business name nor its address: those change only
 * through verifyShop, and the rules refuse them here.
 */
export function toProfileUpdate(
  values: ProfileFormValues,
  isMerchant: boolean,
  identityFrozen = false,
): ValidationResult<ProfileUpdate> {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  if (!firstName) return invalid(VALIDATION_MESSAGES.nameRequired);
  const address = values.address.trim();
  if (isMerchant && !identityFrozen && !address) return invalid(VALIDATION_MESSAGES.addressRequired);
  const weeklyHours = weeklyHoursFromDraft(values.weeklyHours);
  if (isMerchant && !weeklyHours.ok) return weeklyHours;
  return validateWith(profileUpdateSchema, {
    displayName: [firstName, lastName].filter(Boolean).join(" "),
    firstName,
    lastName,
    ...(isMerchant && !identityFrozen
      ? { businessName: values.businessName.trim(), location: { address, lat: values.lat, lng: values.lng } }
      : {}),
    ...(isMerchant && weeklyHours.ok
      ? { phone: values.phone, weeklyHours: weeklyHours.data, openingHours: values.openingHours }
      : {}),
  });
}
