/**
 * Whether a shop has its powers, apart from the verification's schemas (shop-verification.ts) so the
 * route guards, which the marketing pages' entry chunk carries, do not pull zod in.
 */

export const SHOP_STATUS = { verified: "verified" } as const;
export type ShopStatus = (typeof SHOP_STATUS)[keyof typeof SHOP_STATUS];

/** The server-owned field `users/{uid}.shop` once verifyShop has checked the shop. */
export const SHOP_FIELD = "shop";

/** True only for a merchant the server has verified. */
export function isVerifiedShop(user: { userType: string; shop?: { status: string } | undefined }): boolean {
  return user.userType === "merchant" && user.shop?.status === SHOP_STATUS.verified;
}

/** Firebase Auth's provider id of a Google sign-in. */
export const GOOGLE_PROVIDER_ID = "google.com";

/**
 * The account proved it owns its e-mail address: Auth marks it verified (a password account after its
 * link, a magic link) or it signs in with Google. verifyShop asks for it; the merchant's panel shows it.
 */
export function isEmailProven(account: { emailVerified: boolean; providerIds: readonly string[] }): boolean {
  return account.emailVerified || account.providerIds.includes(GOOGLE_PROVIDER_ID);
}
