import type { Auth } from "firebase-admin/auth";
import { ADMIN_CLAIM } from "../../src/domain/people/moderation";

/**
 * Gives (or takes away) the admin role: the `admin` custom claim on the account with this e-mail,
 * keeping its other claims. The claim reaches the user's ID token at their next token refresh (at most
 * an hour, or at once on a new sign-in); moderateReport and listReports check it.
 */
export async function setAdminClaim(auth: Auth, email: string, admin: boolean): Promise<string> {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (admin) claims[ADMIN_CLAIM] = true;
  else delete claims[ADMIN_CLAIM];
  await auth.setCustomUserClaims(user.uid, claims);
  return user.uid;
}
