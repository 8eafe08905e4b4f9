import { SHOP_STATUS } from "./shop-status.ts";
import type { ACCOUNT_GUARD_MESSAGES } from "./trust-messages.ts";

/**
 * Whether an account may act now, decided from its users document as it is at call time (never from
 * the ID token, which lives up to an hour after a suspension or a deletion). Every callable and every
 * task that acts for a user goes through this (functions/src/lib/account-guard.ts); firestore.rules
 * say the same for the client's own writes (accountActive(), shopMayAct()).
 *
 * What each kind of action asks:
 * - `public`: nobody signed in yet (the magic link's two calls): no account to check.
 * - `signUp`: the users document may not exist yet (syncProfile writes it); a suspended one is refused.
 * - `admin`: staff, whose claim is checked by the callable (requireAdmin); a staff account may have no
 *   users document (scripts/admin sets only the claim), a suspended one is refused.
 * - `account`: a users document that is not suspended (no document: the account was deleted).
 * - `shop`: as `account`, and a shop an admin refused acts no more (offers, chats, the till).
 * - `appeal`: asking for a review of a decision (decisions.ts): a suspended account and a refused shop
 *   may, which is the point; a deleted one (no users document) may not.
 */
export const ACCOUNT_GUARD = {
  public: "public",
  signUp: "signUp",
  admin: "admin",
  account: "account",
  shop: "shop",
  appeal: "appeal",
} as const;
export type AccountGuardPolicy = (typeof ACCOUNT_GUARD)[keyof typeof ACCOUNT_GUARD];

/** What the guard reads of users/{uid}. */
export interface AccountRecord {
  suspendedAt?: unknown;
  userType?: unknown;
  shop?: { status?: unknown } | undefined;
}

export type AccountRefusal = keyof typeof ACCOUNT_GUARD_MESSAGES;

/** Why the account may not act under `policy` (undefined: it may). `user` undefined: no users document. */
export function accountRefusal(
  user: AccountRecord | undefined,
  policy: AccountGuardPolicy,
): AccountRefusal | undefined {
  if (policy === ACCOUNT_GUARD.public) return undefined;
  if (!user) {
    return policy === ACCOUNT_GUARD.signUp || policy === ACCOUNT_GUARD.admin ? undefined : "deleted";
  }
  if (policy === ACCOUNT_GUARD.appeal) return undefined;
  if (user.suspendedAt != null) return "suspended";
  if (policy === ACCOUNT_GUARD.shop && isRefusedShop(user)) return "shopRefused";
  return undefined;
}

/** A merchant whose shop an admin refused (shop-review.ts): it may not offer, chat or verify a pickup. */
export function isRefusedShop(user: AccountRecord): boolean {
  return user.userType === "merchant" && user.shop?.status === SHOP_STATUS.refused;
}
