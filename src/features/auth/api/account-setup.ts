import { syncProfile } from "@/data/account";
import { type AuthUser, currentIdToken } from "@/data/auth";
import { SendEmailError, sendEmail } from "@/data/email";
import { createUserDoc, getUser } from "@/data/users";
import { WELCOME_EMAIL_RETRY_MS, WELCOME_EMAIL_TRIES } from "@/domain/core/limits";
import { ASSISTANT_NAME, type UserType } from "@/domain/core/user-type";
import { isPlatformName } from "@/domain/people/platform-names";
import { FALLBACK_DISPLAY_NAME, fallbackDisplayName } from "@/domain/people/session";
import { clearPendingUserType } from "@/lib/pending-user-type";

/** A finished sign-in, as the screens need it to greet and redirect. */
export type SignedIn = {
  userType: UserType;
  displayName: string;
  /** True when this sign-in created the users document. */
  firstSignIn: boolean;
  /** For new accounts: whether the welcome e-mail went out. */
  welcomeSent?: boolean;
};

/** profiles/{uid} is rewritten from users/{uid}; a failure is reported and retried on the next edit. */
export async function syncPublicProfile(): Promise<void> {
  try {
    await syncProfile();
  } catch (error) {
    console.error("Public profile not updated (syncProfile)", error);
  }
}

/** A failure worth another try: no answer (the network), or the server's own error (5xx). */
function transient(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof SendEmailError && error.status >= 500);
}

/**
 * POST /api/send-email welcome, tried again after a transient failure. Never blocks a sign-up for
 * good: a refusal or the last failure is logged and reported as false.
 */
export async function sendWelcomeEmail(displayName: string, userType: UserType): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      const idToken = await currentIdToken();
      if (!idToken) throw new Error("Nessun utente collegato per l'email di benvenuto");
      await sendEmail(
        { type: "welcome", data: { displayName, userType, assistantName: ASSISTANT_NAME[userType] } },
        idToken,
      );
      return true;
    } catch (error) {
      if (attempt < WELCOME_EMAIL_TRIES && transient(error)) {
        await new Promise((resolve) => setTimeout(resolve, WELCOME_EMAIL_RETRY_MS * attempt));
        continue;
      }
      console.error("Welcome e-mail not sent", error);
      return false;
    }
  }
}

/**
 * The users document of an account that has just signed in with Google or an e-mail link: the
 * stored one (its role wins), or a new one with `userType` (the pending type), verified. A new
 * account also gets its public profile, and the welcome e-mail when `welcome` is set.
 */
export async function ensureUserDocument(
  account: AuthUser,
  options: { userType: UserType; photoURL?: string | null; welcome: boolean },
): Promise<SignedIn> {
  const existing = await getUser(account.uid);
  if (existing) {
    return { userType: existing.userType, displayName: existing.displayName, firstSignIn: false };
  }
  const email = account.email ?? "";
  // A Google name that passes for the platform ('Admin', 'Vicino') is not kept: the rules refuse it.
  const googleName = account.displayName?.trim();
  const fromEmail = fallbackDisplayName(email, null);
  const displayName =
    googleName && !isPlatformName(googleName)
      ? googleName
      : isPlatformName(fromEmail)
        ? FALLBACK_DISPLAY_NAME
        : fromEmail;
  await createUserDoc({
    uid: account.uid,
    email,
    displayName,
    userType: options.userType,
    isVerified: true,
    ...(options.photoURL ? { photoURL: options.photoURL } : {}),
  });
  clearPendingUserType();
  const [, welcomeSent] = await Promise.all([
    syncPublicProfile(),
    options.welcome ? sendWelcomeEmail(displayName, options.userType) : Promise.resolve(false),
  ]);
  return { userType: options.userType, displayName, firstSignIn: true, welcomeSent };
}
