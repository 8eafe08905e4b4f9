import { BROWSE_CATEGORIES, type BrowseCategory } from "@/domain/core/enums";
import { type ShopVerification, shopVerificationInputSchema } from "@/domain/people/shop-verification";
import { SHOP_VERIFICATION_MESSAGES } from "@/domain/people/shop-verification-messages";
import type { SessionUserData } from "@/lib/session/types";

/** Where the shop is: from the gazetteer (with its comune as zone) or the browser's position. */
export type ShopPosition = { lat: number; lng: number; zone?: string };

export type ShopFormValues = {
  businessName: string;
  partitaIva: string;
  address: string;
  /** Null until a place is chosen: a typed address alone has no position. */
  position: ShopPosition | null;
  categories: BrowseCategory[];
};

export type ShopFormField = "businessName" | "partitaIva" | "address" | "categories";
export type ShopFormErrors = Partial<Record<ShopFormField, string>>;

/** The fields in the order the form shows them (the first invalid one takes the focus). */
export const SHOP_FORM_FIELDS: readonly ShopFormField[] = [
  "businessName",
  "partitaIva",
  "address",
  "categories",
];

const isBrowseCategory = (value: string): value is BrowseCategory =>
  (BROWSE_CATEGORIES as readonly string[]).includes(value);

/** What the users doc already says (sign-up's business name, the profile's shop address). */
export function initialShopValues(user: SessionUserData | null): ShopFormValues {
  const location = user?.location;
  return {
    businessName: user?.businessName ?? "",
    partitaIva: "",
    address: location?.address ?? "",
    position: location
      ? { lat: location.lat, lng: location.lng, ...(location.zone ? { zone: location.zone } : {}) }
      : null,
    categories: (user?.preferredCategories ?? []).filter(isBrowseCategory),
  };
}

/**
 * The form checked with the schema verifyShop checks it with: the parsed input, or one Italian message
 * per field. A missing position is told on the address field (the address has no other way to get one).
 */
export function parseShopForm(
  values: ShopFormValues,
): { ok: true; data: ShopVerification } | { ok: false; errors: ShopFormErrors } {
  const result = shopVerificationInputSchema.safeParse({
    businessName: values.businessName,
    partitaIva: values.partitaIva,
    address: values.address,
    position: values.position ?? undefined,
    categories: values.categories,
  });
  if (result.success) return { ok: true, data: result.data };
  const errors: ShopFormErrors = {};
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (field === "position") errors.address ??= SHOP_VERIFICATION_MESSAGES.positionRequired;
    else if (
      field === "businessName" ||
      field === "partitaIva" ||
      field === "address" ||
      field === "categories"
    )
      errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
