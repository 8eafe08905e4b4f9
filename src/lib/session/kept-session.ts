import { validDeviceSession } from "@/data/device-session";
import { restReadsSettled } from "@/data/rest-reads";
import { KEPT_SESSION_ENGINE_WAIT_MS } from "@/domain/core/limits";
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

/**
 * Settles when the engine of a page opened on the kept session may load: once the page's reads over
 * REST have answered (its 70 kB would otherwise share a phone's link with them), or after
 * KEPT_SESSION_ENGINE_WAIT_MS at most.
 */
export function engineMayLoad(): Promise<void> {
  return Promise.race([
    restReadsSettled(),
    new Promise<void>((resolve) => setTimeout(resolve, KEPT_SESSION_ENGINE_WAIT_MS)),
  ]);
}
