import { paths } from "@/config/paths";
import { createMagicLink } from "@/data/account";
import { sendFirebaseSignInLink } from "@/data/auth";
import { sendEmail } from "@/data/email";
import { callableErrorCode, callableErrorMessage, Refusal } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { UserType } from "@/domain/core/user-type";
import { errorCode } from "@/domain/people/auth-errors";
import { rememberEmailForSignIn } from "../lib/email-link-storage";

/** Password reset (spec §7): our Italian e-mail carrying Firebase's reset link. */
export async function requestPasswordReset(email: string): Promise<void> {
  await sendEmail({ type: "password-reset", email });
}

/** Failures of the magic-link function itself (not a refusal such as the rate limit). */
const INFRASTRUCTURE_FAILURES = new Set([
  "internal",
  "unavailable",
  "not-found",
  "unimplemented",
  "deadline-exceeded",
]);

/**
 * Magic mode: createMagicLink({email, userType}) mails a single-use link to /magic-link-auth.
 * When that function is down, the Firebase e-mail link (to /auth-callback) is sent instead, through
 * our e-mail endpoint or, failing that, Firebase's own mailer. A refusal (rate limit, invalid
 * address) is shown as it is. Errors leave here as Italian text ('Errore durante l'invio del magic link').
 */
export async function requestMagicLink(email: string, userType: UserType): Promise<void> {
  try {
    await createMagicLink({ email, userType });
    return;
  } catch (error) {
    const code = callableErrorCode(errorCode(error));
    if (!code || !INFRASTRUCTURE_FAILURES.has(code)) {
      throw new Refusal(callableErrorMessage(error, ERROR_MESSAGES.magicLinkSend));
    }
    console.error("createMagicLink unavailable: sending the Firebase sign-in link instead", error);
  }
  try {
    await requestEmailSignInLink(email, userType);
  } catch (error) {
    console.error("Firebase sign-in link not sent", error);
    throw new Refusal(ERROR_MESSAGES.magicLinkSend);
  }
}

/** Firebase e-mail link sign-in: keeps the address and type, then mails the link. */
export async function requestEmailSignInLink(email: string, userType: UserType): Promise<void> {
  rememberEmailForSignIn(email, userType);
  try {
    await sendEmail({ type: "magic-link", email, data: { userType } });
  } catch (error) {
    console.error("/api/send-email failed: falling back to Firebase's mailer", error);
    await sendFirebaseSignInLink(email, `${window.location.origin}${paths.authCallback.getHref(userType)}`);
  }
}
