import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { COLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { SHOP_REVIEW_STATUS, VIES_STATE, type ViesCheck } from "@/domain/people/shop-review";
import {
  SHOP_FIELD,
  SHOP_STATUS,
  type ShopVerification,
  shopVerificationInputSchema,
  type VerifyShopOutput,
} from "@/domain/people/shop-verification";
import { SHOP_VERIFICATION_MESSAGES } from "@/domain/people/shop-verification-messages";
import type { User } from "@/domain/people/user";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { emailProvenInAuth } from "../lib/email-proven";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput, rateLimitedError } from "../lib/http-errors";
import { hitRateLimits } from "../lib/rate-limit";
import { type RatePolicy, VERIFY_SHOP_RATE_POLICY } from "../lib/rate-limit-policy";
import { sized } from "../lib/sizing";
import { syncPublicProfile } from "../profiles/sync-profile";
import { parseUserDoc, userRef } from "../profiles/user-record";
import type { ViesGateway } from "./vies";
import { viesFromEnv } from "./vies-config";

/** The business name last approved: the current one of a verified shop, else the one it kept. */
function approvedName(user: Pick<User, "businessName" | "shop">): string | undefined {
  return user.shop?.status === SHOP_STATUS.verified ? user.businessName : user.shop?.approvedName;
}

export type VerifyShopDeps = {
  db: Firestore;
  now: () => Date;
  /** The address is proved: a verified e-mail (password after its link, magic link) or Google. */
  emailProven: (uid: string) => Promise<boolean>;
  vies: ViesGateway;
  /** Calls per user (the callable passes VERIFY_SHOP_RATE_POLICY; the seed none). */
  limit?: RatePolicy;
};

export const partitaIvaRef = (db: Firestore, partitaIva: string) =>
  db.collection(COLLECTIONS.partiteIva).doc(partitaIva);
export const shopReviewRef = (db: Firestore, uid: string) => db.collection(COLLECTIONS.shopReviews).doc(uid);

/** The name, address, position and Partita IVA an admin approved are the ones sent again. */
function sameIdentity(user: User, input: ShopVerification): boolean {
  return (
    user.shop?.status === SHOP_STATUS.verified &&
    user.shop.partitaIva === input.partitaIva &&
    user.businessName === input.businessName &&
    user.location?.address === input.address &&
    user.location.lat === input.position.lat &&
    user.location.lng === input.position.lng
  );
}

function readMerchant(data: DocumentData | undefined): User {
  const read = parseUserDoc(data);
  if (!read.ok) throw new HttpsError("not-found", ERROR_MESSAGES.userDataNotFound);
  if (read.user.userType !== "merchant") {
    throw new HttpsError("permission-denied", SHOP_VERIFICATION_MESSAGES.merchantsOnly);
  }
  return read.user;
}

/**
 * verifyShop(input) → {status}: checks what a real shop has and queues it for an admin's approval.
 * - the e-mail is proved, the call within VERIFY_SHOP_RATE_POLICY, the name not the platform's (schema);
 * - VIES is asked about the Partita IVA before the transaction (an outage is an answer: the shop waits,
 *   and the admin's queue retries it; 'not found' is shown to the reviewer, not refused);
 * - in one transaction: the Partita IVA is claimed (`partiteIva/{piva}`, refused with an Italian message
 *   when another account holds it; a number the shop leaves is released), users/{uid}.shop becomes
 *   `pending` (no powers: the rules read `verified` only) and shopReviews/{uid} holds what the admin
 *   compares: the typed name and address, the e-mail and VIES's answer.
 * A verified shop that sends the same name, address and Partita IVA (the profile page changing its
 * categories) stays verified: only the categories change. The free month starts at the approval.
 */
export async function verifyShopFor(
  uid: string,
  input: ShopVerification,
  deps: VerifyShopDeps,
): Promise<VerifyShopOutput> {
  if (!(await deps.emailProven(uid))) {
    throw new HttpsError("failed-precondition", SHOP_VERIFICATION_MESSAGES.emailNotVerified);
  }
  if (deps.limit) {
    const allowed = await hitRateLimits(
      deps.db,
      [{ key: `verify-shop:uid:${uid}`, policy: deps.limit }],
      deps.now(),
    );
    if (!allowed) throw rateLimitedError();
  }
  const ref = userRef(deps.db, uid);
  const before = readMerchant((await ref.get()).data());
  // Told at once, before VIES is asked (the transaction below checks again).
  const held = (await partitaIvaRef(deps.db, input.partitaIva).get()).data()?.uid;
  if (held !== undefined && held !== uid) {
    throw new HttpsError("already-exists", SHOP_VERIFICATION_MESSAGES.partitaIvaTaken);
  }
  const vies: ViesCheck | undefined = sameIdentity(before, input)
    ? undefined
    : await deps.vies.check(input.partitaIva, deps.now());

  const status = await deps.db.runTransaction(async (tx) => {
    const user = readMerchant((await tx.get(ref)).data());
    const claimRef = partitaIvaRef(deps.db, input.partitaIva);
    const previous = user.shop?.partitaIva;
    const previousRef = previous && previous !== input.partitaIva ? partitaIvaRef(deps.db, previous) : null;
    const [claim, previousClaim] = await Promise.all([
      tx.get(claimRef),
      previousRef ? tx.get(previousRef) : Promise.resolve(null),
    ]);
    const holder = claim.data()?.uid;
    if (claim.exists && holder !== uid) {
      throw new HttpsError("already-exists", SHOP_VERIFICATION_MESSAGES.partitaIvaTaken);
    }
    const now = Timestamp.fromDate(deps.now());
    if (sameIdentity(user, input)) {
      tx.update(ref, { [`${SHOP_FIELD}.categories`]: input.categories, updatedAt: now });
      return SHOP_STATUS.verified;
    }
    if (previousRef && previousClaim?.data()?.uid === uid) tx.delete(previousRef);
    if (!claim.exists) tx.create(claimRef, { uid, claimedAt: now });
    tx.update(ref, {
      businessName: input.businessName,
      location: {
        lat: input.position.lat,
        lng: input.position.lng,
        address: input.address,
        ...(input.position.zone ? { zone: input.position.zone } : {}),
      },
      [SHOP_FIELD]: {
        status: SHOP_STATUS.pending,
        partitaIva: input.partitaIva,
        categories: input.categories,
        submittedAt: now,
        ...(user.shop?.verifiedAt ? { verifiedAt: Timestamp.fromDate(user.shop.verifiedAt) } : {}),
        // The name others keep seeing until an admin approves the new one (publicBusinessName).
        ...(approvedName(user) ? { approvedName: approvedName(user) } : {}),
        ...(input.position.zone ? { zone: input.position.zone } : {}),
      },
      updatedAt: now,
    });
    const answer = vies ?? {
      state: VIES_STATE.unavailable,
      source: deps.vies.source,
      checkedAt: now.toDate(),
    };
    tx.set(shopReviewRef(deps.db, uid), {
      uid,
      status: SHOP_REVIEW_STATUS.pending,
      businessName: input.businessName,
      address: input.address,
      partitaIva: input.partitaIva,
      email: user.email,
      vies: { ...answer, checkedAt: Timestamp.fromDate(answer.checkedAt) },
      viesAttempts: vies ? 1 : 0,
      submittedAt: now,
    });
    return SHOP_STATUS.pending;
  });
  await syncPublicProfile(deps.db, uid);
  return { status };
}

/** One verifyShop call by a signed-in caller: the input checked as sent, then the checks and the write. */
export function verifyShopCall(uid: string | undefined, data: unknown, deps: VerifyShopDeps) {
  if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
  return verifyShopFor(uid, parseCallableInput(shopVerificationInputSchema, data), deps);
}

export const verifyShop = guardedCall(
  ACCOUNT_GUARD.account,
  sized("verifyShop", callableOptions),
  async (request) => {
    const db = adminDb();
    return verifyShopCall(request.auth?.uid, request.data, {
      db,
      now: await clockFor(db),
      emailProven: emailProvenInAuth,
      vies: viesFromEnv(),
      limit: VERIFY_SHOP_RATE_POLICY,
    });
  },
);
