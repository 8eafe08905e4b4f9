import { validDeviceSession } from "@/data/device-session";
import {
  getDocumentOverRest,
  type RestCredentials,
  runQueryOverRest,
  runTypedQueryOverRest,
} from "@/data/firestore-rest";
import { type FirstReadTarget, keepFirstRead, mayStartFirstRead } from "./first-read";

// The REST half of ./first-read.ts, loaded with a page's first-read queries (features' first-reads.ts)
// on a page load: no Firebase and no zod, so it arrives long before either.

/**
 * Starts `targets` (queries, documents) over REST for `uid` when this device holds a valid session of
 * `uid`'s; whether it did (or had just done so).
 */
export function startFirstReads(
  uid: string,
  targets: readonly FirstReadTarget[],
  now: number = Date.now(),
): boolean {
  const credentials = keptCredentials(uid, now);
  if (!credentials) return false;
  for (const target of targets) {
    if (!mayStartFirstRead(target, now)) continue;
    if ("document" in target) {
      const document = getDocumentOverRest(target, credentials);
      document.catch(() => undefined); // the page's read falls back to the SDK
      keepFirstRead(target, document, now);
    } else if ("typed" in target) {
      const documents = runTypedQueryOverRest(target.typed, credentials);
      documents.catch(() => undefined);
      keepFirstRead(target, documents, now);
    } else {
      const documents = runQueryOverRest(target, credentials);
      documents.catch(() => undefined);
      keepFirstRead(target, documents, now);
    }
  }
  return true;
}

/** The credentials of `uid`'s session as this device kept it while valid (a read over REST), else null. */
export function keptCredentials(uid: string, now: number = Date.now()): RestCredentials | null {
  const session = validDeviceSession(now);
  if (session?.user.uid !== uid) return null;
  return { idToken: session.idToken, ...(session.appCheck ? { appCheckToken: session.appCheck.token } : {}) };
}
