import { isEmailProven } from "@/domain/people/shop-status";
import { adminAuth } from "./admin";

/**
 * Whether the account proved it owns its e-mail address, read from Firebase Auth (never from a field
 * the client writes): verified (a password account after its link, a magic link) or Google. verifyShop
 * asks for it before granting a shop's powers; completeTransaction before counting a rating.
 */
export async function emailProvenInAuth(uid: string): Promise<boolean> {
  const record = await adminAuth().getUser(uid);
  return isEmailProven({
    emailVerified: record.emailVerified,
    providerIds: record.providerData.map((provider) => provider.providerId),
  });
}

/**
 * The same fact from the caller's ID token, as the rules read it (firestore.rules emailProven()): the
 * token's `email_verified`, or a Google sign-in. Proving the address by the magic link signs the user
 * in again, so the token is fresh when it matters. Publishing and Algo's daily cap read it.
 */
export function emailProvenInToken(
  token: { email_verified?: boolean; firebase?: { sign_in_provider?: string } } | undefined,
): boolean {
  const provider = token?.firebase?.sign_in_provider;
  return isEmailProven({
    emailVerified: token?.email_verified === true,
    providerIds: provider ? [provider] : [],
  });
}
