// user-roles, not user-type: /auth's static frame reads the pending type from the entry chunk (no zod).
import { PENDING_USER_TYPE_STORAGE_KEY, parseUserType, type UserType } from "@/domain/core/user-roles";

// The account type chosen on a marketing page before sign-up (spec §4), kept in local storage.
// Storage can be missing or throw (private mode, disabled cookies, quota, SSR/tests): the choice is a
// convenience, so failures fall back to the default type instead of breaking the page.

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The stored pending type, or the default (customer) when nothing valid is stored. */
export function getPendingUserType(): UserType {
  try {
    return parseUserType(storage()?.getItem(PENDING_USER_TYPE_STORAGE_KEY));
  } catch {
    return parseUserType(undefined);
  }
}

/** Stores the pending type; returns false when storage is unavailable. */
export function setPendingUserType(type: UserType): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(PENDING_USER_TYPE_STORAGE_KEY, type);
    return true;
  } catch {
    return false;
  }
}

export function clearPendingUserType(): void {
  try {
    storage()?.removeItem(PENDING_USER_TYPE_STORAGE_KEY);
  } catch {
    // Nothing stored that we could remove: nothing to clean up.
  }
}
