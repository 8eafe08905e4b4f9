import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";

/**
 * The signed-in user's own users/{uid} document as last read, kept on this device: a page load shows it
 * at once and its live listener (./follow-user.ts) confirms or replaces it, so the load reads the
 * document once instead of twice (a one-shot read, then the listener's first snapshot; docs/scale.md).
 * One account at a time: cleared at sign-out and when another account signs in (session-runtime.ts),
 * listed on the cookie page (legal-cookies.ts). Dates are kept tagged, so nothing else turns into one;
 * the caller checks what it reads with the domain's schema. Storage failures only lose the head start.
 */
type Stored = { uid: string; doc: Record<string, unknown> };

const KEY = DEVICE_STORAGE_KEYS.userCopy;
const DATE_TAG = "$date";

function read(): Stored | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw, (_key, inner: unknown) =>
      inner !== null && typeof inner === "object" && DATE_TAG in inner && Object.keys(inner).length === 1
        ? new Date(String((inner as Record<string, unknown>)[DATE_TAG]))
        : inner,
    ) as Partial<Stored> | null;
    return typeof value?.uid === "string" && value.doc !== undefined
      ? { uid: value.uid, doc: value.doc }
      : null;
  } catch {
    return null;
  }
}

/** The document kept for `uid` (unchecked: parse it with the domain's schema), or null. */
export function readUserCopy(uid: string): Record<string, unknown> | null {
  const stored = read();
  return stored?.uid === uid ? stored.doc : null;
}

/** Keeps `doc` as `uid`'s copy, replacing any other account's. */
export function writeUserCopy(uid: string, doc: object): void {
  try {
    const raw = JSON.stringify({ uid, doc }, function (this: Record<string, unknown>, key, value: unknown) {
      const original = this[key];
      return original instanceof Date ? { [DATE_TAG]: original.toISOString() } : value;
    });
    globalThis.localStorage?.setItem(KEY, raw);
  } catch {
    // Only the head start is lost.
  }
}

/** Drops the copy unless it is `uid`'s (null: signed out). */
export function keepUserCopyOf(uid: string | null): void {
  try {
    if (read()?.uid !== uid || uid === null) globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Nothing kept to drop.
  }
}
