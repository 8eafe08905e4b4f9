import { validDeviceSession } from "@/data/device-session";
import { runQueryOverRest } from "@/data/firestore-rest";
import type { QuerySpec } from "@/data/query-spec";
import { keepFirstRead, mayStartFirstRead } from "./first-read";

// The REST half of ./first-read.ts, loaded with a page's first-read queries (features' first-reads.ts)
// on a page load: no Firebase and no zod, so it arrives long before either.

/**
 * Starts `specs` over REST for `uid` when this device holds a valid session of `uid`'s; whether it did
 * (or had just done so).
 */
export function startFirstReads(uid: string, specs: readonly QuerySpec[], now: number = Date.now()): boolean {
  const session = validDeviceSession(now);
  if (session?.user.uid !== uid) return false;
  const credentials = { idToken: session.idToken, appCheckToken: session.appCheck?.token };
  for (const spec of specs) {
    if (!mayStartFirstRead(spec, now)) continue;
    const documents = runQueryOverRest(spec, credentials);
    documents.catch(() => undefined); // the page's read falls back to the SDK
    keepFirstRead(spec, documents, now);
  }
  return true;
}
