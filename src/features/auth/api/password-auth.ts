import { deleteCurrentAccount, registerWithPassword, signInWithPassword, signOut } from "@/data/auth";
import { createUserDoc, getUser } from "@/data/users";
import { Refusal } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { UserType } from "@/domain/core/user-type";
import type { LoginData, RegisterData } from "@/domain/people/auth-form";
import { clearPendingUserType } from "@/lib/pending-user-type";
import { type SignedIn, sendWelcomeEmail, syncPublicProfile } from "./account-setup";

/**
 * Sign-up (spec §7): account → display name → users/{uid} → public profile → welcome e-mail.
 * If the users document cannot be written the new account is deleted again, so the address is
 * not left taken by an account without data. The e-mail never blocks: its outcome is returned.
 */
export async function registerAccount(data: RegisterData, userType: UserType): Promise<SignedIn> {
  const account = await registerWithPassword(data);
  try {
    await createUserDoc({
      uid: account.uid,
      email: account.email ?? data.email,
      displayName: data.displayName,
      userType,
      isVerified: false,
    });
  } catch (error) {
    await deleteCurrentAccount().catch((rollbackError: unknown) =>
      console.error("New account not deleted after the failure", rollbackError),
    );
    throw error;
  }
  clearPendingUserType();
  const [, welcomeSent] = await Promise.all([
    syncPublicProfile(),
    sendWelcomeEmail(data.displayName, userType),
  ]);
  return { userType, displayName: data.displayName, firstSignIn: true, welcomeSent };
}

/** Password sign-in; an account without users/{uid} is signed out again ('Dati utente non trovati'). */
export async function loginWithPassword(data: LoginData): Promise<SignedIn> {
  const account = await signInWithPassword(data.email, data.password);
  const user = await getUser(account.uid);
  if (!user) {
    await signOut().catch((error: unknown) => console.error("Sign-out after missing data failed", error));
    throw new Refusal(ERROR_MESSAGES.userDataNotFound);
  }
  return { userType: user.userType, displayName: user.displayName, firstSignIn: false };
}
