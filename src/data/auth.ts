import {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  deleteUser,
  type User as FirebaseUser,
  signOut as firebaseSignOut,
  GoogleAuthProvider,
  getAdditionalUserInfo,
  isSignInWithEmailLink,
  onAuthStateChanged,
  onIdTokenChanged,
  sendSignInLinkToEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  updateProfile,
} from "firebase/auth";
import { getAuthInstance, getReadyAuth } from "./firebase";

/**
 * Firebase Auth behind plain functions (spec §7, Auth provider). The rest of the app sees
 * `AuthUser`, never the SDK's User; errors keep their `auth/...` codes, which
 * src/domain/people/auth-errors.ts turns into Italian.
 */

/** The signed-in account, as the app needs it. */
export type AuthUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  /** How the account signs in ('password', 'google.com', …): Google proves the address too. */
  providerIds: readonly string[];
};

function toAuthUser(user: FirebaseUser): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
    providerIds: user.providerData.map((provider) => provider.providerId),
  };
}

/** Creates an e-mail/password account and sets its display name. */
export async function registerWithPassword(input: {
  email: string;
  password: string;
  displayName: string;
}): Promise<AuthUser> {
  const auth = await getAuthInstance();
  const { user } = await createUserWithEmailAndPassword(auth, input.email, input.password);
  await updateProfile(user, { displayName: input.displayName });
  return { ...toAuthUser(user), displayName: input.displayName };
}

export async function signInWithPassword(email: string, password: string): Promise<AuthUser> {
  const auth = await getAuthInstance();
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  return toAuthUser(user);
}

/** Google popup with account selection; `isNewUser` is true on the account's first sign-in. */
export async function signInWithGoogle(): Promise<{ user: AuthUser; isNewUser: boolean }> {
  const auth = await getAuthInstance();
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: "select_account" });
  const credential = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
  return {
    user: toAuthUser(credential.user),
    isNewUser: getAdditionalUserInfo(credential)?.isNewUser ?? false,
  };
}

/** Signs in with a custom token minted by verifyMagicLink. */
export async function signInWithToken(customToken: string): Promise<AuthUser> {
  const auth = await getAuthInstance();
  const { user } = await signInWithCustomToken(auth, customToken);
  return toAuthUser(user);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(await getAuthInstance());
}

/**
 * Deletes the account that has just been created, when sign-up could not finish (its users
 * document was not written): the address stays free for a new attempt.
 */
export async function deleteCurrentAccount(): Promise<void> {
  const { currentUser } = await getAuthInstance();
  if (currentUser) await deleteUser(currentUser);
}

/** The signed-in account's ID token (for /api/send-email), or null when signed out. */
export async function currentIdToken(): Promise<string | null> {
  const { currentUser } = await getReadyAuth();
  return currentUser ? currentUser.getIdToken() : null;
}

/**
 * Whether the restored session is `uid`'s: writes that need the ID token and may run while Auth is still
 * restoring or has just signed out (a chat marking what it shows as read) check this first, since Firestore
 * Lite sends a request without a token rather than waiting for one.
 */
export async function isSignedInAs(uid: string): Promise<boolean> {
  const auth = await getReadyAuth();
  return auth.currentUser?.uid === uid;
}

/**
 * Observes the signed-in account; the first call reports the restored session (or null).
 * Returns the unsubscribe function, safe to call before the SDK has loaded.
 */
export function onAuthChange(
  listener: (user: AuthUser | null) => void,
  onError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  getAuthInstance().then(
    (auth) => {
      if (stopped) return;
      unsubscribe = onAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null), onError);
    },
    (error: unknown) => {
      if (!stopped) onError(error);
    },
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/** The signed-in account's current ID token and when it expires (ms since the epoch). */
export type IdTokenNote = { user: AuthUser; idToken: string; expiresAt: number };

/**
 * Follows the signed-in account's ID token: every new one (sign-in, Firebase's hourly refresh) and
 * null at sign-out. Failures to read a token are left out: the note is only a head start.
 */
export function onIdTokenChange(listener: (note: IdTokenNote | null) => void): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  getAuthInstance().then(
    (auth) => {
      if (stopped) return;
      unsubscribe = onIdTokenChanged(auth, (user) => {
        if (!user) return listener(null);
        user.getIdTokenResult().then(
          (result) => {
            if (!stopped) {
              listener({
                user: toAuthUser(user),
                idToken: result.token,
                expiresAt: Date.parse(result.expirationTime),
              });
            }
          },
          () => undefined,
        );
      });
    },
    () => undefined, // onAuthChange reports it
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

// Firebase e-mail link sign-in (returns to /auth-callback).

export async function isEmailSignInLink(url: string): Promise<boolean> {
  return isSignInWithEmailLink(await getAuthInstance(), url);
}

export async function completeEmailLinkSignIn(email: string, url: string): Promise<AuthUser> {
  const auth = await getAuthInstance();
  const { user } = await signInWithEmailLink(auth, email, url);
  return toAuthUser(user);
}

/** Firebase's own e-mail with a sign-in link to `continueUrl`: the fallback when our e-mail endpoint fails. */
export async function sendFirebaseSignInLink(email: string, continueUrl: string): Promise<void> {
  await sendSignInLinkToEmail(await getAuthInstance(), email, { url: continueUrl, handleCodeInApp: true });
}
