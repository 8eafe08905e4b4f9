import { validDeviceSession } from "@/data/device-session";
import { hasSessionHint } from "./session-hint";
import { signedInSession } from "./signed-in-session";
import type { SessionSnapshot } from "./types";
import { readUserCopy } from "./user-copy";

/**
 * The session as this device kept it, before Firebase Auth has loaded and answered: the account and its
 * still-valid ID token (src/data/device-session.ts) and its users/{uid} as last read (./user-copy.ts),
 * checked with the domain's schema. A guarded page opens on it (its first reads went out over REST with
 * that token, src/lib/first-read.ts) instead of waiting for Auth's download and its round trip; Auth's
 * answer then confirms it or replaces it (another account, or none: the gate sends them to /auth).
 * Null when there is no such note or copy, or the copy no longer matches the schema. Loaded by
 * ./session-provider.tsx as the session starts; the schema's chunk (zod) only when there is a copy.
 */
export async function keptSession(): Promise<SessionSnapshot | null> {
  const note = hasSessionHint() ? validDeviceSession() : null;
  const copy = note ? readUserCopy(note.user.uid) : null;
  if (!note || !copy) return null;
  const { parseUser } = await import("@/data/user-parsing");
  try {
    return { ...signedInSession(note.user, parseUser(copy)), provisional: true };
  } catch {
    return null;
  }
}
