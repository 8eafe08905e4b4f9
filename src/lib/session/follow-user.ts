import { homePathByRole } from "@/config/paths";
import type { AuthUser } from "@/data/auth";
import { inSlices } from "@/data/slices";
import { getUser, loadUserParser, subscribeUser } from "@/data/users";
import { USER_DOC_RETRY_MS, USER_DOC_TIMEOUT_MS } from "@/domain/core/limits";
import { fallbackUser } from "@/domain/people/session";
import type { User } from "@/domain/people/user";
import { afterSettled } from "../after-settled";
import { signedInSession } from "./signed-in-session";
import type { SessionSnapshot } from "./types";
import { readUserCopy, writeUserCopy } from "./user-copy";

/**
 * The session's second half, loaded by the runtime (./session-runtime.ts) as it starts, beside Firebase
 * Auth's start: users/{uid} for a signed-in user, with Firestore Lite, the listener and the schemas it
 * parses with. Apart from the runtime so that the browser evaluates the two halves' code in two tasks
 * rather than one long one (docs/lighthouse.md at 1a8da11, sixth pass).
 *
 * The document as this device last read it (./user-copy.ts) when there is one, or else one quick read
 * (Firestore Lite), so guarded pages can render; then a live listener (full SDK, started once the page
 * has settled (../after-settled.ts), or at once while the document does not exist yet, e.g. during
 * sign-up), whose first snapshot confirms or replaces the copy: with a copy, a load reads the document
 * once, not twice (docs/scale.md). If no document has arrived within USER_DOC_TIMEOUT_MS, or the read fails, the
 * domain's fallback user (role customer) stands in (spec §4); a document arriving later replaces it.
 */
export function followUser(user: AuthUser, emit: (snapshot: SessionSnapshot) => void): () => void {
  let stopped = false;
  let arrived = false;
  let stopLive: (() => void) | undefined;
  let cancelIdle: (() => void) | undefined;

  const deliver = (doc: User, read = true) => {
    if (stopped) return;
    arrived = true;
    if (read) writeUserCopy(user.uid, doc);
    clearTimeout(timer);
    emit(signedInSession(user, doc));
  };
  const applyFallback = () => {
    if (stopped || arrived) return;
    clearTimeout(timer);
    const userData = fallbackUser(user);
    emit({ loading: false, user, userData, homePath: homePathByRole[userData.userType] });
  };
  const failed = (error: unknown) => {
    if (stopped) return;
    console.error("Lettura del profilo utente non riuscita", error);
    applyFallback();
  };
  const startLive = () => {
    if (stopped || stopLive) return;
    stopLive = subscribeUser(user.uid, {
      // A missing document may still be on its way (sign-up writes it right after the account).
      next: (doc) => doc && deliver(doc),
      error: failed,
    });
  };

  // A missing document is being written by the sign-up right now. The live listener will see it, but
  // it needs the full SDK and its channel first (seconds on a slow phone): quick reads bridge the gap.
  let retry: ReturnType<typeof setTimeout> | undefined;
  const since = Date.now();
  const readAgainSoon = () => {
    if (Date.now() - since >= USER_DOC_TIMEOUT_MS) return; // the listener goes on alone
    retry = setTimeout(() => {
      if (stopped || arrived || Date.now() - since >= USER_DOC_TIMEOUT_MS) return;
      getUser(user.uid).then((doc) => (doc ? deliver(doc) : readAgainSoon()), readAgainSoon);
    }, USER_DOC_RETRY_MS);
  };

  const timer = setTimeout(applyFallback, USER_DOC_TIMEOUT_MS);
  const readFromServer = () =>
    getUser(user.uid).then((doc) => {
      if (stopped) return;
      if (!doc) {
        startLive();
        readAgainSoon();
        return;
      }
      deliver(doc);
      cancelIdle = afterSettled(startLive);
    }, failed);
  const copy = readUserCopy(user.uid);
  if (copy === null) void readFromServer();
  else {
    // A copy that no longer matches the schema (an older app's) is read again from the server.
    loadUserParser()
      .then((parseUser) => inSlices([copy], parseUser))
      .then(([doc]) => {
        if (stopped) return;
        if (!doc) return void readFromServer();
        deliver(doc, false);
        cancelIdle = afterSettled(startLive);
      }, readFromServer);
  }

  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(retry);
    cancelIdle?.();
    stopLive?.();
  };
}
