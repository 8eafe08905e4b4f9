import type { Auth, UserRecord } from "firebase-admin/auth";
import { FieldValue, type Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import { AUTH_ERROR_MESSAGES, errorCode } from "@/domain/auth-errors";
import { DISPLAY_NAME_MAX_LENGTH } from "@/domain/limits";
import type { User } from "@/domain/user";
import { type UserType, userTypeSchema } from "@/domain/user-type";
import { parseUserDoc, profileDoc, profileRef, userRef } from "../profiles/user-record";

/**
 * Accounts created or reached through a proven e-mail address (a magic link). The address is
 * proven, so the Auth user is marked verified and so is the users document.
 */

/** The Auth user of `email`, created (verified, no password) if there is none. */
export async function getOrCreateAuthUser(auth: Auth, email: string): Promise<UserRecord> {
  let user: UserRecord;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if (errorCode(error) !== "auth/user-not-found") throw error;
    try {
      user = await auth.createUser({ email, emailVerified: true });
    } catch (createError) {
      // Two links of the same new address verified at once: the other call created it.
      if (errorCode(createError) !== "auth/email-already-exists") throw createError;
      user = await auth.getUserByEmail(email);
    }
  }
  if (user.disabled) throw new HttpsError("permission-denied", AUTH_ERROR_MESSAGES["user-disabled"]);
  if (!user.emailVerified) user = await auth.updateUser(user.uid, { emailVerified: true });
  return user;
}

/** The spec's fallback name (spec §4): the e-mail's local part, else 'Utente'. */
export function defaultDisplayName(email: string): string {
  const local = email.split("@")[0]?.trim() ?? "";
  return (local || "Utente").slice(0, DISPLAY_NAME_MAX_LENGTH);
}

export interface EnsuredUser {
  /** The role the account has: the stored one for an existing user, else the link's. */
  userType: UserType;
  created: boolean;
}

/**
 * Creates users/{uid} with the sign-up fields (spec §3, isVerified true) when missing; an existing
 * document keeps its role and every other field (only isVerified becomes true). Writes the public
 * projection profiles/{uid} in the same transaction.
 */
export async function ensureUserDocument(
  db: Firestore,
  account: { uid: string; email: string; userType: UserType },
  now: Date = new Date(),
): Promise<EnsuredUser> {
  const { uid, email } = account;
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(userRef(db, uid));
    const data = snapshot.data();
    if (!data) {
      const user: User = {
        id: uid,
        uid,
        email,
        displayName: defaultDisplayName(email),
        userType: account.userType,
        isVerified: true,
        createdAt: now,
        updatedAt: now,
      };
      tx.create(userRef(db, uid), {
        ...user,
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      tx.set(profileRef(db, uid), profileDoc(user));
      return { userType: account.userType, created: true };
    }

    const read = parseUserDoc(data);
    const storedType = userTypeSchema.safeParse(data.userType);
    if (data.isVerified !== true) {
      tx.update(userRef(db, uid), { isVerified: true, updatedAt: FieldValue.serverTimestamp() });
    }
    if (read.ok) {
      tx.set(profileRef(db, uid), profileDoc(read.user));
    } else {
      // Sign-in still works; the profile is rewritten by syncProfile once the document is repaired.
      logger.error("users document does not match the schema; profile not written", {
        uid,
        detail: read.detail,
      });
    }
    return { userType: storedType.success ? storedType.data : account.userType, created: false };
  });
}
