import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import { PENDING_USER_TYPE_STORAGE_KEY, parseUserType, type UserType } from "@/domain/core/user-type";

/**
 * Firebase e-mail link sign-in (spec §4): when the link is requested, the address and the pending
 * account type are kept in local storage, so the link opened on the same device completes without
 * asking; on another device /auth-callback asks for the address. Storage failures are tolerated.
 */
export const EMAIL_FOR_SIGN_IN_KEY = DEVICE_STORAGE_KEYS.emailForSignIn;

function store(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberEmailForSignIn(email: string, userType: UserType): void {
  try {
    store()?.setItem(EMAIL_FOR_SIGN_IN_KEY, email);
    store()?.setItem(PENDING_USER_TYPE_STORAGE_KEY, userType);
  } catch {
    // The other-device form covers it.
  }
}

export function storedEmailForSignIn(): string | null {
  try {
    return store()?.getItem(EMAIL_FOR_SIGN_IN_KEY) || null;
  } catch {
    return null;
  }
}

/** The type kept with the address, for a link whose URL lost its userType. */
export function storedUserTypeForSignIn(): UserType {
  try {
    return parseUserType(store()?.getItem(PENDING_USER_TYPE_STORAGE_KEY));
  } catch {
    return parseUserType(undefined);
  }
}

export function forgetEmailForSignIn(): void {
  try {
    store()?.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    // Nothing to clean up.
  }
}
