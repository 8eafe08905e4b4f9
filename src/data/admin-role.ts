import { ADMIN_CLAIM } from "@/domain/people/moderation";
import { getReadyAuth } from "./firebase";

/**
 * Whether the signed-in account's ID token carries the admin claim (scripts/admin/set-admin.ts). A
 * navigation hint only: listReports and moderateReport check the claim on the server.
 */
export async function hasAdminRole(): Promise<boolean> {
  // Once Auth has restored the user: a page opened on the kept session asks before that.
  const { currentUser } = await getReadyAuth();
  if (!currentUser) return false;
  const token = await currentUser.getIdTokenResult();
  return token.claims[ADMIN_CLAIM] === true;
}
