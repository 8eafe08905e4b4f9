import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";

/**
 * The buyer's pickup codes (src/domain/marketplace/pickup.ts) kept on this device once shown, so the code and its
 * QR open at the till with no network: in the app, and on the offline page the service worker serves
 * when the network is down (public/offline.js reads this same entry, so its shape is a contract: keep
 * the two in step). A code stays until it is used or let go (the deal panel forgets it) or its hold
 * ends (dropped on every read). One account's codes at a time: cleared at sign-out and when another
 * account signs in (session-runtime.ts), listed on the cookie page (legal-cookies.ts). A full or
 * blocked storage only loses the offline copy. Checked by hand (no zod): a handful of short strings.
 */
export type QrDrawing = { path: string; size: number };
export type KeptPickupCode = {
  code: string;
  /** The hold's end (ms since the epoch): the code is dropped after it. */
  until?: number;
  /** What and where ('Lampada da scrivania LED · Elettronica Navigli'), for the offline page. */
  label?: string;
  /** The hold in words ('Te lo teniamo da parte fino a …'), for the offline page. */
  note?: string;
  /** The QR's modules as an SVG path (pickup-qr.tsx), so the offline page draws it with no encoder. */
  qr?: QrDrawing;
};
type Stored = { uid: string; codes: Record<string, KeptPickupCode> };

const KEY = DEVICE_STORAGE_KEYS.pickupCodes;
/** More than any buyer has open deals; the oldest go first. */
const MAX_CODES = 20;
/** What an SVG path of uqr's modules is made of (pickup-qr.tsx): nothing else is kept or drawn. */
export const QR_PATH_PATTERN = /^[Mhvz0-9 -]*$/;

const isText = (value: unknown): value is string => typeof value === "string";

/** Checked only as far as the app reads it (offline.js checks what it draws, savePickupQr what it keeps). */
function keptFrom(value: unknown): KeptPickupCode | null {
  // Codes kept before the offline page were the bare string.
  if (isText(value)) return { code: value };
  const kept = value as KeptPickupCode | null;
  return typeof kept === "object" && kept !== null && isText(kept.code) ? kept : null;
}

function read(now: number): Stored | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Stored> | null;
    if (typeof value?.uid !== "string" || typeof value.codes !== "object" || value.codes === null)
      return null;
    const codes: Record<string, KeptPickupCode> = {};
    for (const [offerId, entry] of Object.entries(value.codes)) {
      const kept = keptFrom(entry);
      if (kept && !(typeof kept.until === "number" && kept.until <= now)) codes[offerId] = kept;
    }
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

/** Changes `uid`'s entry for this deal (null forgets it); another account's codes are dropped. */
function update(
  uid: string,
  offerId: string,
  change: (kept: KeptPickupCode | undefined) => KeptPickupCode | null,
): void {
  const stored = read(Date.now());
  const codes = stored?.uid === uid ? stored.codes : {};
  const next = change(codes[offerId]);
  if (!next && !(offerId in codes)) return;
  const others = Object.entries(codes).filter(([id]) => id !== offerId);
  const entries = next ? [...others, [offerId, next] as const] : others;
  write({ uid, codes: Object.fromEntries(entries.slice(-MAX_CODES)) });
}

/** `uid`'s code for this deal as last shown on this device, or null (none, or its hold is over). */
export function readPickupCode(uid: string, offerId: string, now = Date.now()): string | null {
  const stored = read(now);
  return stored?.uid === uid ? (stored.codes[offerId]?.code ?? null) : null;
}

/** Every code `uid` has kept whose hold has not ended, as the offline page shows them. */
export function readKeptPickupCodes(uid: string, now = Date.now()): Record<string, KeptPickupCode> {
  const stored = read(now);
  return stored?.uid === uid ? stored.codes : {};
}

export function savePickupCode(
  uid: string,
  offerId: string,
  code: string,
  details: Omit<KeptPickupCode, "code" | "qr"> = {},
): void {
  update(uid, offerId, (kept) => ({
    ...details,
    code,
    ...(kept?.qr && kept.code === code ? { qr: kept.qr } : {}),
  }));
}

/** The QR drawn for a kept code (pickup-qr.tsx), for the offline page. */
export function savePickupQr(uid: string, offerId: string, code: string, qr: QrDrawing): void {
  if (!QR_PATH_PATTERN.test(qr.path)) return;
  const stored = read(Date.now());
  const kept = stored?.uid === uid ? stored.codes[offerId] : undefined;
  if (kept?.code !== code || kept.qr?.path === qr.path) return;
  update(uid, offerId, () => ({ ...kept, qr }));
}

/** The code is spent or no longer held (verified, completed, released, not collected): off the device. */
export function forgetPickupCode(uid: string, offerId: string): void {
  update(uid, offerId, () => null);
}

/** Keeps the codes only if they are `uid`'s: null (signed out) or another account clears them. */
export function keepPickupCodesOf(uid: string | null): void {
  const stored = read(Date.now());
  if (stored && stored.uid !== uid) write(null);
}
