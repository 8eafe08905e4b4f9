import { signInWithGoogle } from "@/data/auth";
import { getPendingUserType } from "@/lib/pending-user-type";
import { ensureUserDocument, type SignedIn } from "./account-setup";

/**
 * Google popup sign-in. A first sign-in creates users/{uid} with the pending type (then consumed),
 * isVerified true and the Google photo, and sends the welcome e-mail; an existing user keeps the
 * stored role.
 */
export async function googleSignIn(): Promise<SignedIn> {
  const { user } = await signInWithGoogle();
  return ensureUserDocument(user, { userType: getPendingUserType(), photoURL: user.photoURL, welcome: true });
}
