import { isEmailProven } from "@/domain/shop-status";
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
