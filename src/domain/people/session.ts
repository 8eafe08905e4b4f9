import { DEFAULT_USER_TYPE, type UserType } from "../core/user-type.ts";
import type { User } from "./user.ts";

/**
 * Session fallback (spec §4): when users/{uid} has not arrived within USER_DOC_TIMEOUT_MS or the read
 * fails, the session uses a minimal user built from the auth account.
 */

export const FALLBACK_USER_TYPE: UserType = DEFAULT_USER_TYPE;

/**
 * The name shown for an account that has none (spec §4's session fallback, a profile without names).
 * Here, not in ./user.ts: the session needs it without the user schema (src/data/user-parsing.ts).
 */
export const FALLBACK_DISPLAY_NAME = "Utente";

/** E-mail local part, else the display name, else 'Utente'. */
export function fallbackDisplayName(
  email: string | null | undefined,
  displayName: string | null | undefined,
): string {
  const localPart = email?.split("@")[0]?.trim();
  if (localPart) return localPart;
  const name = displayName?.trim();
  return name || FALLBACK_DISPLAY_NAME;
}

/** The fields of a user document the session needs. */
export type SessionUser = Pick<User, "id" | "email" | "displayName" | "userType"> & {
  uid: string;
  /** True when built by `fallbackUser` rather than read from users/{uid}. */
  isFallback: boolean;
};

/** The auth account's fields a fallback needs (a firebase `User` fits). */
export type AuthAccount = { uid: string; email?: string | null; displayName?: string | null };

export function fallbackUser(account: AuthAccount): SessionUser {
  return {
    id: account.uid,
    uid: account.uid,
    email: account.email ?? "",
    displayName: fallbackDisplayName(account.email, account.displayName),
    userType: FALLBACK_USER_TYPE,
    isFallback: true,
  };
}
