import { reclaimAccount } from "@/data/account";
import {
  type AuthUser,
  completeEmailLinkSignIn,
  isEmailSignInLink,
  signInWithToken,
  signOut,
} from "@/data/auth";
import { errorMessage } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { UserType } from "@/domain/core/user-type";
import { errorCode } from "@/domain/people/auth-errors";
import { forgetEmailForSignIn } from "../lib/email-link-storage";
import { onceByKey } from "../lib/once";
import { ensureUserDocument, type SignedIn, sendWelcomeEmail } from "./account-setup";

export class EmailLinkError extends Error {
  override name = "EmailLinkError";
}

const once = onceByKey<SignedIn>();

const SPENT_LINK_CODES = new Set(["auth/invalid-action-code", "auth/expired-action-code"]);

/**
 * Completes a Firebase e-mail link sign-in (at most once per link and page load): signs in, lets the
 * server reclaim an account someone registered with this address before it was proven (reclaimAccount:
 * on a reclaim every session is revoked, so it signs in again with the custom token), then
 * creates users/{uid} on the first sign-in with the link's `userType` (an existing user keeps the
 * stored role) and sends a new account the welcome e-mail, as password and Google sign-ups get it,
 * without making the sign-in wait for it. A used or expired link reads 'Token non valido o scaduto'.
 */
export function completeEmailLink(email: string, url: string, userType: UserType): Promise<SignedIn> {
  return once(`${email}\n${url}`, async () => {
    try {
      let account = await completeEmailLinkSignIn(email, url);
      account = await reclaimIfNeeded(account);
      const signedIn = await ensureUserDocument(account, { userType, welcome: false });
      // sendWelcomeEmail never rejects (a failure is logged): the redirect does not wait on SMTP.
      if (signedIn.firstSignIn) void sendWelcomeEmail(signedIn.displayName, signedIn.userType);
      forgetEmailForSignIn();
      return signedIn;
    } catch (error) {
      console.error("E-mail link sign-in not completed", error);
      const code = errorCode(error);
      if (code && SPENT_LINK_CODES.has(code)) throw new EmailLinkError(ERROR_MESSAGES.invalidOrExpiredToken);
      throw new EmailLinkError(errorMessage(error, ERROR_MESSAGES.magicLinkVerify));
    }
  });
}

/** A failed reclaim signs out: the session must not go on with what the account's creator left. */
async function reclaimIfNeeded(account: AuthUser): Promise<AuthUser> {
  try {
    const reclaim = await reclaimAccount();
    return reclaim.reclaimed ? await signInWithToken(reclaim.customToken) : account;
  } catch (error) {
    await signOut().catch(() => undefined);
    throw error;
  }
}

/** True when `url` is a Firebase e-mail sign-in link. */
export async function isSignInLink(url: string): Promise<boolean> {
  return isEmailSignInLink(url);
}
