import type { Auth, UserRecord } from "firebase-admin/auth";
import { FieldValue, type Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import { DISPLAY_NAME_MAX_LENGTH } from "@/domain/core/limits";
import { type UserType, userTypeSchema } from "@/domain/core/user-type";
import { AUTH_ERROR_MESSAGES, errorCode } from "@/domain/people/auth-errors";
import { isPlatformName } from "@/domain/people/platform-names";
import { FALLBACK_DISPLAY_NAME } from "@/domain/people/session";
import type { User } from "@/domain/people/user";
import { logUnexpectedError } from "../lib/error-log";
import { parseUserDoc, profileDoc, profileRef, userRef } from "../profiles/user-record";

/**
 * Accounts created or reached through a proven e-mail address (a magic link). The address is
 * proven, so the Auth user is marked verified and so is the users document.
 */

export interface ProvenAuthUser {
  user: UserRecord;
  /**
   * The account existed with an e-mail nobody had proven: whoever created it (possibly someone who
   * typed another person's address, a pre-hijack) lost every way in but this link.
   */
  reclaimed: boolean;
}

/**
 * The Auth user of `email`, created (verified, no password) if there is none. An existing account
 * whose e-mail was never verified was not provably made by the owner of the address, so before the
 * owner is signed in: every sign-in method is removed (password and any linked provider), the name
 * and photo go, the e-mail becomes verified and every session is revoked.
 */
export async function provenAuthUser(auth: Auth, email: string): Promise<ProvenAuthUser> {
  let user: UserRecord;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if (errorCode(error) !== "auth/user-not-found") throw error;
    try {
      return { user: await auth.createUser({ email, emailVerified: true }), reclaimed: false };
    } catch (createError) {
      // Two links of the same new address verified at once: the other call created it.
      if (errorCode(createError) !== "auth/email-already-exists") throw createError;
      user = await auth.getUserByEmail(email);
    }
  }
  if (user.disabled) throw new HttpsError("permission-denied", AUTH_ERROR_MESSAGES["user-disabled"]);
  if (user.emailVerified) return { user, reclaimed: false };
  return { user: await reclaimUnverifiedAccount(auth, user, email), reclaimed: true };
}

/**
 * Takes every way in away from whoever created `user` before the owner of `email` proved it: every
 * sign-in method is unlinked, the name and photo go, the e-mail is (again) verified and every session
 * is revoked. The owner is then signed in with a custom token.
 */
export async function reclaimUnverifiedAccount(
  auth: Auth,
  user: UserRecord,
  email: string,
): Promise<UserRecord> {
  const providers = user.providerData.map((info) => info.providerId);
  logger.warn("sign-in by link into an account with an unverified e-mail: sign-in methods removed", {
    uid: user.uid,
    providers,
  });
  // Unlinking 'password' also clears the e-mail (so does the Auth emulator), hence the second update.
  if (providers.length > 0) await auth.updateUser(user.uid, { providersToUnlink: providers });
  const reclaimed = await auth.updateUser(user.uid, {
    email,
    emailVerified: true,
    displayName: null,
    photoURL: null,
  });
  await auth.revokeRefreshTokens(user.uid);
  return reclaimed;
}

/** The spec's fallback name (spec §4): the e-mail's local part, else 'Utente'. */
export function defaultDisplayName(email: string): string {
  const local = email.split("@")[0]?.trim() ?? "";
  // admin@…, supporto@…: a name taken from the address must not pass for the platform either.
  if (!local || isPlatformName(local)) return FALLBACK_DISPLAY_NAME;
  return local.slice(0, DISPLAY_NAME_MAX_LENGTH);
}

export interface EnsuredUser {
  /** The role the account has: the stored one for an existing user, else the link's. */
  userType: UserType;
  created: boolean;
}

/**
 * What the owner of an unproven account may have typed (sign-up and profile edit): a reclaimed
 * account gets them back as a fresh account has them (displayName from the e-mail, the rest absent).
 * The role and what the server writes (tokens, ratings, learning) stay.
 */
export const RECLAIM_RESET_FIELDS = [
  "firstName",
  "lastName",
  "businessName",
  "location",
  "photoURL",
] as const;

/**
 * Creates users/{uid} with the sign-up fields (spec §3, isVerified true) when missing; an existing
 * document keeps its role and every other field (only isVerified becomes true), except for a
 * `reclaimed` account (provenAuthUser), whose user-written fields are reset. Writes the public
 * projection profiles/{uid} in the same transaction.
 */
export async function ensureUserDocument(
  db: Firestore,
  account: { uid: string; email: string; userType: UserType; reclaimed?: boolean },
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

    const storedType = userTypeSchema.safeParse(data.userType);
    let current = data;
    if (account.reclaimed) {
      const reset = { email, displayName: defaultDisplayName(email), isVerified: true };
      tx.update(userRef(db, uid), {
        ...reset,
        ...Object.fromEntries(RECLAIM_RESET_FIELDS.map((field) => [field, FieldValue.delete()])),
        updatedAt: FieldValue.serverTimestamp(),
      });
      current = { ...data, ...reset };
      for (const field of RECLAIM_RESET_FIELDS) delete current[field];
    } else if (data.isVerified !== true) {
      tx.update(userRef(db, uid), { isVerified: true, updatedAt: FieldValue.serverTimestamp() });
    }
    const read = parseUserDoc(current);
    if (read.ok) {
      tx.set(profileRef(db, uid), profileDoc(read.user));
    } else {
      // Sign-in still works; the profile is rewritten by syncProfile once the document is repaired.
      logUnexpectedError("users document does not match the schema; profile not written", undefined, {
        uid,
        detail: read.detail,
      });
    }
    return { userType: storedType.success ? storedType.data : account.userType, created: false };
  });
}
