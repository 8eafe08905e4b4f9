import {
  browserPopupRedirectResolver,
  EmailAuthProvider,
  GoogleAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
} from "firebase/auth";
import { getReadyAuth } from "./firebase";

/** How the signed-in account can prove itself again before a sensitive action (account deletion). */
export type ReauthMethod = "password" | "google" | "link";

/** The account's way to re-authenticate: its password, Google, or else a new e-mail link sign-in. */
export async function reauthMethod(): Promise<ReauthMethod> {
  const { currentUser } = await getReadyAuth();
  const providers = currentUser?.providerData.map((info) => info.providerId) ?? [];
  if (providers.includes(EmailAuthProvider.PROVIDER_ID)) return "password";
  if (providers.includes(GoogleAuthProvider.PROVIDER_ID)) return "google";
  return "link";
}

/**
 * Signs the current account in again (password or Google popup) and refreshes its ID token, so the
 * next callable carries a fresh auth_time (deleteMyAccount checks it).
 */
export async function reauthenticate(method: "password" | "google", password = ""): Promise<void> {
  const auth = await getReadyAuth();
  const user = auth.currentUser;
  if (!user) throw new Error("Nessun utente collegato");
  if (method === "password") {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? "", password));
  } else {
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: "select_account" });
    await reauthenticateWithPopup(user, provider, browserPopupRedirectResolver);
  }
  await user.getIdToken(true);
}
