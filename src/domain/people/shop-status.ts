/**
 * Whether a shop has its powers, apart from the verification's schemas (shop-verification.ts) so the
 * route guards, which the marketing pages' entry chunk carries, do not pull zod in.
 */

/**
 * A shop's verification: `pending` while an admin has not yet approved it (the pilot reviews every new
 * shop, and a shop that changes its name, address or Partita IVA waits again), `verified` once approved,
 * `refused` with the admin's reason. Only `verified` opens the shop's powers (here and in firestore.rules).
 */
export const SHOP_STATUS = { pending: "pending", verified: "verified", refused: "refused" } as const;
export type ShopStatus = (typeof SHOP_STATUS)[keyof typeof SHOP_STATUS];

/** The server-owned field `users/{uid}.shop` once verifyShop has checked the shop. */
export const SHOP_FIELD = "shop";

/** True only for a merchant the server has verified. */
export function isVerifiedShop(user: { userType: string; shop?: { status: string } | undefined }): boolean {
  return user.userType === "merchant" && user.shop?.status === SHOP_STATUS.verified;
}

/** A merchant whose shop waits for an admin's approval ('In attesa di verifica'). */
export function isShopAwaitingReview(user: {
  userType: string;
  shop?: { status: string } | undefined;
}): boolean {
  return user.userType === "merchant" && user.shop?.status === SHOP_STATUS.pending;
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
