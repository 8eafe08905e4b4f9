import type { Auth } from "firebase-admin/auth";
import type { Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import type { ReclaimAccountOutput } from "@/domain/boundary/callables";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { userTypeSchema } from "@/domain/core/user-type";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { AUTH_ERROR_MESSAGES } from "@/domain/people/auth-errors";
import { guardedCall } from "../lib/account-guard";
import { adminAuth, adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { rateLimitedError } from "../lib/http-errors";
import { hitRateLimits } from "../lib/rate-limit";
import { RECLAIM_RATE_POLICY } from "../lib/rate-limit-policy";
import { sized } from "../lib/sizing";
import { userRef } from "../profiles/user-record";
import { releaseHeldRequestsQuietly } from "../requests/release-held";
import { ensureUserDocument, reclaimUnverifiedAccount } from "./accounts";

/**
 * Firebase's own e-mail link sign-in (the fallback of the function-based magic link) marks the
 * address verified but leaves whatever the account's creator set: possibly a password, a name and a
 * profile typed by someone who registered another person's address first (a pre-hijack). Right after
 * that sign-in the client calls reclaimAccount, which gives the account the treatment verifyMagicLink
 * gives it (accounts.ts): an account whose users document was never verified, and whose e-mail is now
 * verified, loses every sign-in method, every session and the user-written profile fields; the caller
 * gets a custom token to sign in again. Any other account is left alone.
 */

/** Only a sign-in this recent may reclaim: the client calls right after completing the link. */
export const RECLAIM_SIGN_IN_MAX_AGE_MS = 5 * 60 * 1000;

export interface ReclaimDeps {
  db: Firestore;
  auth: Auth;
  now: () => Date;
}

export interface ReclaimCaller {
  uid: string;
  /** The ID token's auth_time (seconds): when this session signed in. */
  authTime: number | undefined;
}

export function reclaimRateKey(uid: string): string {
  return `reclaim:uid:${uid}`;
}

export async function reclaimAfterEmailLink(
  caller: ReclaimCaller,
  deps: ReclaimDeps,
): Promise<ReclaimAccountOutput> {
  const now = deps.now();
  const { uid } = caller;
  if (!(await hitRateLimits(deps.db, [{ key: reclaimRateKey(uid), policy: RECLAIM_RATE_POLICY }], now))) {
    throw rateLimitedError();
  }
  const user = await deps.auth.getUser(uid);
  if (user.disabled) throw new HttpsError("permission-denied", AUTH_ERROR_MESSAGES["user-disabled"]);
  const fresh =
    caller.authTime !== undefined && now.getTime() - caller.authTime * 1000 <= RECLAIM_SIGN_IN_MAX_AGE_MS;
  if (!user.emailVerified || !user.email || !fresh) return { reclaimed: false };

  const data = (await userRef(deps.db, uid).get()).data();
  // No document yet (a new account) or one written after the address was proven: nothing to take back.
  if (!data || data.isVerified === true) return { reclaimed: false };

  const email = user.email;
  await reclaimUnverifiedAccount(deps.auth, user, email);
  const storedType = userTypeSchema.safeParse(data.userType);
  await ensureUserDocument(
    deps.db,
    { uid, email, userType: storedType.success ? storedType.data : "customer", reclaimed: true },
    deps.now(),
  );
  await releaseHeldRequestsQuietly(deps.db, uid, deps.now());
  return { reclaimed: true, customToken: await deps.auth.createCustomToken(uid) };
}

/** `reclaimAccount()` → `{reclaimed: false}` or `{reclaimed: true, customToken}`; no input (the caller). */
export const reclaimAccount = guardedCall(
  ACCOUNT_GUARD.signUp,
  sized("reclaimAccount", callableOptions),
  async (request): Promise<ReclaimAccountOutput> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const authTime = request.auth?.token.auth_time;
    return reclaimAfterEmailLink(
      { uid, authTime: typeof authTime === "number" ? authTime : undefined },
      { db: adminDb(), auth: adminAuth(), now: () => new Date() },
    );
  },
);
