import { env } from "@/config/env";
import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import { KEPT_TOKEN_MIN_VALIDITY_MS } from "@/domain/core/limits";
import type { AuthUser } from "./auth";

/**
 * The signed-in account as this device last knew it: who (the `AuthUser`), its ID token while valid
 * and, with App Check on, its App Check token. A page's first read goes out with them over Firestore's
 * REST API (./firestore-rest.ts, src/lib/first-read.ts) before Firebase's SDK has loaded and checked the
 * session with the server; Firebase keeps the session itself (IndexedDB) and stays the authority: it
 * rewrites this note whenever it refreshes the token (src/lib/session/session-runtime.ts) and the note is
 * cleared at sign-out. A session revoked elsewhere may still read its own data with a stored token for
 * the rest of that token's hour, as Firebase's own SDK would; the rules refuse everything else. No
 * Firebase import: read on the first render of a guarded page, long before the SDK arrives.
 */
export type DeviceSession = {
  user: AuthUser;
  idToken: string;
  /** ms since the epoch. */
  expiresAt: number;
  appCheck?: { token: string; expiresAt: number };
};

const KEY = DEVICE_STORAGE_KEYS.deviceSession;

/** What is stored: the account's part once someone signed in, the App Check token (per device) apart. */
type Stored = Partial<Omit<DeviceSession, "appCheck">> & Pick<DeviceSession, "appCheck">;

function read(): Stored {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Stored | null) : null;
    return value !== null && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function write(stored: Stored): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Only the head start is lost.
  }
}

const stillValid = (expiresAt: unknown, now: number) =>
  typeof expiresAt === "number" && expiresAt - now >= KEPT_TOKEN_MIN_VALIDITY_MS;

/**
 * The note, when its ID token is still valid for a while (and, on a real project, where Firestore may
 * enforce App Check, its App Check token too); otherwise null, and the page reads through the SDK.
 */
export function validDeviceSession(
  now: number = Date.now(),
  needsAppCheck: boolean = env.emulators === undefined,
): DeviceSession | null {
  const { user, idToken, expiresAt, appCheck } = read();
  if (typeof user?.uid !== "string" || typeof idToken !== "string" || !stillValid(expiresAt, now))
    return null;
  const checked = appCheck && typeof appCheck.token === "string" && stillValid(appCheck.expiresAt, now);
  if (needsAppCheck && !checked) return null;
  return { user, idToken, expiresAt: expiresAt as number, ...(checked ? { appCheck } : {}) };
}

/** Keeps the signed-in account and its current ID token. */
export function keepDeviceSession(user: AuthUser, idToken: string, expiresAt: number): void {
  write({ ...read(), user, idToken, expiresAt });
}

/** Keeps the device's current App Check token (it is the app's on this device, not an account's). */
export function keepAppCheckToken(token: string, expiresAt: number): void {
  write({ ...read(), appCheck: { token, expiresAt } });
}

/** Drops the account's part (signed out): the App Check token stays, as Firebase keeps its own. */
export function clearDeviceSession(): void {
  const { appCheck } = read();
  try {
    if (appCheck) write({ appCheck });
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Nothing kept to drop.
  }
}
