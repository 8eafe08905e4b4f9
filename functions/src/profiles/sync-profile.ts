import { isDeepStrictEqual } from "node:util";
import type { Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import type { SyncProfileOutput } from "@/domain/boundary/callables";
import { COLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { type ShopArea, shopAreaAround } from "@/domain/geo/shop-area";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { isVerifiedShop } from "@/domain/people/shop-verification";
import type { User } from "@/domain/people/user";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { rateLimitedError } from "../lib/http-errors";
import { hitRateLimitInTransaction } from "../lib/rate-limit";
import { PROFILE_SYNC_RATE_POLICY, type RatePolicy } from "../lib/rate-limit-policy";
import { sized } from "../lib/sizing";
import { fromFirestore, parseUserDoc, profileDoc, profileRef, userRef } from "./user-record";

export interface SyncOptions {
  /**
   * Limits the rewrites that change the profile (a sync that would store the same projection writes
   * nothing and is never refused). Server-side callers that have just changed users/{uid} themselves
   * (verifyShop) pass none.
   */
  limit?: RatePolicy;
  now?: Date;
}

/** The rate-limit key of a user's profile rewrites (hashed before use, rate-limit.ts). */
export function profileSyncRateKey(uid: string): string {
  return `profile-sync:uid:${uid}`;
}

/** The feed area of a verified shop with a position (shop-area.ts); null for anyone else. */
function shopAreaOf(user: User): ShopArea | null {
  return isVerifiedShop(user) && user.location ? shopAreaAround(user.location) : null;
}

/**
 * Rewrites profiles/{uid} from users/{uid}, and shopAreas/{uid} (the cells the rules let a verified shop's
 * feed list) from the verified shop's position: at verification and whenever the shop moves. profiles are written only by functions (firestore.rules),
 * so what others see is always derived from the validated private document, never sent by a client.
 * Read and write happen in one transaction so two syncs racing with a profile edit cannot leave an
 * older projection behind; the rate-limit hit is in the same transaction, so only a rewrite that
 * commits is counted.
 */
export async function syncPublicProfile(
  db: Firestore,
  uid: string,
  options: SyncOptions = {},
): Promise<SyncProfileOutput> {
  const now = options.now ?? new Date();
  const result = await db.runTransaction(async (tx) => {
    const areaRef = db.collection(COLLECTIONS.shopAreas).doc(uid);
    const [userSnap, profileSnap, areaSnap] = await tx.getAll(userRef(db, uid), profileRef(db, uid), areaRef);
    const read = parseUserDoc(userSnap?.data());
    if (!read.ok) return read;
    const profile = profileDoc(read.user);
    // The area is not rate limited: it follows the users document, which only its owner and the
    // functions change. Written after every read (a transaction reads first).
    const area = shopAreaOf(read.user);
    const writeArea = () => {
      if (area && !isDeepStrictEqual(areaSnap?.data(), area)) tx.set(areaRef, area);
      if (!area && areaSnap?.exists) tx.delete(areaRef);
    };
    const stored = profileSnap?.data();
    if (stored && isDeepStrictEqual(fromFirestore(stored), profile)) {
      writeArea();
      return { ok: true as const, profile };
    }
    const { limit } = options;
    const allowed =
      !limit ||
      (await hitRateLimitInTransaction(tx, db, { key: profileSyncRateKey(uid), policy: limit }, now));
    writeArea();
    if (!allowed) return { ok: false as const, reason: "limited" as const };
    tx.set(profileRef(db, uid), profile);
    return { ok: true as const, profile };
  });
  if (result.ok) return { profile: result.profile };
  if (result.reason === "limited") throw rateLimitedError();
  if (result.reason === "missing") throw new HttpsError("not-found", ERROR_MESSAGES.userDataNotFound);
  logUnexpectedError("syncProfile: users document does not match the schema", undefined, {
    uid,
    detail: result.detail,
  });
  throw new HttpsError("failed-precondition", ERROR_MESSAGES.userDataNotFound);
}

/**
 * The client calls this after writing its users document at sign-up and after each profile edit.
 * Input: none (the caller's uid). Output: `{profile}`. A sync that changes nothing is a read-only
 * no-op; changing rewrites are limited per user (PROFILE_SYNC_RATE_POLICY), past which the call
 * fails with `resource-exhausted` and the Italian 'Troppi tentativi' text, which the profile page's
 * save shows in its error toast.
 */
export const syncProfile = guardedCall(
  ACCOUNT_GUARD.signUp,
  sized("syncProfile", callableOptions),
  async (request): Promise<SyncProfileOutput> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    return syncPublicProfile(adminDb(), uid, { limit: PROFILE_SYNC_RATE_POLICY });
  },
);
