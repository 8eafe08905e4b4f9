import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";

/**
 * A one-bit note in local storage that this browser had a signed-in session. Firebase keeps the
 * session itself in IndexedDB, which we can only read by loading the SDK; the note lets pages
 * that do not need an account (the marketing pages) load the SDK after first paint only for
 * returning users, and never for first-time visitors. Storage failures read as "no session".
 */
const SESSION_HINT_KEY = DEVICE_STORAGE_KEYS.sessionHint;

export function hasSessionHint(): boolean {
  try {
    return globalThis.localStorage?.getItem(SESSION_HINT_KEY) === "1";
  } catch {
    return false;
  }
}

export function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) globalThis.localStorage?.setItem(SESSION_HINT_KEY, "1");
    else globalThis.localStorage?.removeItem(SESSION_HINT_KEY);
  } catch {
    // Only an optimisation is lost.
  }
}
