import type { CallableRequest } from "firebase-functions/https";
import { HttpsError } from "firebase-functions/https";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { ADMIN_CLAIM } from "@/domain/people/moderation";
import { MODERATION_MESSAGES } from "@/domain/people/trust-messages";

/** The caller's uid when their ID token carries the admin custom claim (scripts/admin/set-admin.ts). */
export function requireAdmin(request: Pick<CallableRequest, "auth">): string {
  const auth = request.auth;
  if (!auth) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
  if (auth.token[ADMIN_CLAIM] !== true)
    throw new HttpsError("permission-denied", MODERATION_MESSAGES.adminOnly);
  return auth.uid;
}
