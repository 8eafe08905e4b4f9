import { DEVICE_STORAGE_KEYS } from "@/domain/device-storage";

/**
 * The buyer's pickup codes (src/domain/pickup.ts) kept on this device once shown, so the code and its
 * QR open at the till with no network. One account's codes at a time: cleared at sign-out and when
 * another account signs in (session-runtime.ts), listed on the cookie page (legal-cookies.ts). A full
 * or blocked storage only loses the offline copy. Checked by hand (no zod): a handful of short strings.
 */
type Stored = { uid: string; codes: Record<string, string> };

const KEY = DEVICE_STORAGE_KEYS.pickupCodes;
/** More than any buyer has open deals; the oldest go first. */
const MAX_CODES = 20;

function read(): Stored | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Stored> | null;
    if (typeof value?.uid !== "string" || typeof value.codes !== "object" || value.codes === null)
      return null;
    const codes = Object.fromEntries(
      Object.entries(value.codes).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    return { uid: value.uid, codes };
  } catch {
    return null;
  }
}

function write(stored: Stored | null): void {
  try {
    if (stored === null) globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Only the offline copy is lost.
  }
}

/** `uid`'s code for this deal as last shown on this device, or null. */
export function readPickupCode(uid: string, offerId: string): string | null {
  const stored = read();
  return stored?.uid === uid ? (stored.codes[offerId] ?? null) : null;
}

export function savePickupCode(uid: string, offerId: string, code: string): void {
  const stored = read();
  const others = stored?.uid === uid ? Object.entries(stored.codes).filter(([id]) => id !== offerId) : [];
  write({ uid, codes: Object.fromEntries([...others, [offerId, code]].slice(-MAX_CODES)) });
}

/** Keeps the codes only if they are `uid`'s: null (signed out) or another account clears them. */
export function keepPickupCodesOf(uid: string | null): void {
  const stored = read();
  if (stored && stored.uid !== uid) write(null);
}
