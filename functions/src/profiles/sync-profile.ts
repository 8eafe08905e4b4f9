import type { Firestore } from "firebase-admin/firestore";
import { HttpsError, onCall } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import type { SyncProfileOutput } from "@/domain/callables";
import { ERROR_MESSAGES } from "@/domain/messages";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseUserDoc, profileDoc, profileRef, userRef } from "./user-record";

/**
 * Rewrites profiles/{uid} from users/{uid}. profiles are written only by functions (firestore.rules),
 * so what others see is always derived from the validated private document, never sent by a client.
 * Read and write happen in one transaction so two syncs racing with a profile edit cannot leave an
 * older projection behind.
 */
export async function syncPublicProfile(db: Firestore, uid: string): Promise<SyncProfileOutput> {
  const result = await db.runTransaction(async (tx) => {
    const read = parseUserDoc((await tx.get(userRef(db, uid))).data());
    if (!read.ok) return read;
    const profile = profileDoc(read.user);
    tx.set(profileRef(db, uid), profile);
    return { ok: true as const, profile };
  });
  if (result.ok) return { profile: result.profile };
  if (result.reason === "missing") throw new HttpsError("not-found", ERROR_MESSAGES.userDataNotFound);
  logger.error("syncProfile: users document does not match the schema", { uid, detail: result.detail });
  throw new HttpsError("failed-precondition", ERROR_MESSAGES.userDataNotFound);
}

/**
 * The client calls this after writing its users document at sign-up and after each profile edit.
 * Input: none (the caller's uid). Output: `{profile}`.
 */
export const syncProfile = onCall(callableOptions, async (request): Promise<SyncProfileOutput> => {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
  return syncPublicProfile(adminDb(), uid);
});
