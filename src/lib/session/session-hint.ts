import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import { KEPT_TOKEN_MIN_VALIDITY_MS } from "@/domain/core/limits";

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

/**
 * The account whose ID token this browser kept with time left (src/data/device-session.ts, which checks
 * the rest before a read uses it), when it had a session: the gate starts the page's first reads for it
 * and the session opens the page on it before loading Firebase Auth (./session-provider.tsx). Read in the
 * first chunk, so neither waits for a download.
 */
export function keptTokenUid(now: number = Date.now()): string | undefined {
  try {
    const raw = hasSessionHint() ? globalThis.localStorage?.getItem(DEVICE_STORAGE_KEYS.deviceSession) : null;
    const note = raw ? (JSON.parse(raw) as { user?: { uid?: unknown }; expiresAt?: unknown }) : undefined;
    const uid = note?.user?.uid;
    const fresh = typeof note?.expiresAt === "number" && note.expiresAt - now >= KEPT_TOKEN_MIN_VALIDITY_MS;
    return fresh && typeof uid === "string" ? uid : undefined;
  } catch {
    return undefined;
  }
}
