import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError, onCall } from "firebase-functions/https";
import { ERROR_MESSAGES } from "@/domain/messages";
import { trialSubscription } from "@/domain/plans";
import {
  SHOP_FIELD,
  SHOP_STATUS,
  type ShopVerification,
  shopVerificationInputSchema,
  type VerifyShopOutput,
} from "@/domain/shop-verification";
import { SHOP_VERIFICATION_MESSAGES } from "@/domain/shop-verification-messages";
import { subscriptionDoc, subscriptionRef } from "../billing/subscription-store";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { emailProvenInAuth } from "../lib/email-proven";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { syncPublicProfile } from "../profiles/sync-profile";
import { parseUserDoc, userRef } from "../profiles/user-record";

export type VerifyShopDeps = {
  db: Firestore;
  now: () => Date;
  /** The address is proved: a verified e-mail (password after its link, magic link) or Google. */
  emailProven: (uid: string) => Promise<boolean>;
};

/**
 * verifyShop(input) → {status: 'verified'}: checks what a real shop has and grants the shop's powers by
 * writing users/{uid}.shop, a field only functions write and the rules read. Re-running it updates the
 * shop's details (the verification date moves). The first verification starts the shop's free month
 * (subscriptions/{uid}, plans.ts): a later one never restarts it.
 */
export async function verifyShopFor(
  uid: string,
  input: ShopVerification,
  deps: VerifyShopDeps,
): Promise<VerifyShopOutput> {
  if (!(await deps.emailProven(uid))) {
    throw new HttpsError("failed-precondition", SHOP_VERIFICATION_MESSAGES.emailNotVerified);
  }
  const ref = userRef(deps.db, uid);
  await deps.db.runTransaction(async (tx) => {
    const read = parseUserDoc((await tx.get(ref)).data());
    if (!read.ok) throw new HttpsError("not-found", ERROR_MESSAGES.userDataNotFound);
    if (read.user.userType !== "merchant") {
      throw new HttpsError("permission-denied", SHOP_VERIFICATION_MESSAGES.merchantsOnly);
    }
    const planRef = subscriptionRef(deps.db, uid);
    const hasPlan = (await tx.get(planRef)).exists;
    const now = Timestamp.fromDate(deps.now());
    if (!hasPlan) tx.create(planRef, subscriptionDoc(trialSubscription(uid, now.toDate())));
    tx.update(ref, {
      businessName: input.businessName,
      location: {
        lat: input.position.lat,
        lng: input.position.lng,
        address: input.address,
        ...(input.position.zone ? { zone: input.position.zone } : {}),
      },
      [SHOP_FIELD]: {
        status: SHOP_STATUS.verified,
        partitaIva: input.partitaIva,
        categories: input.categories,
        verifiedAt: now,
      },
      updatedAt: now,
    });
  });
  await syncPublicProfile(deps.db, uid);
  return { status: SHOP_STATUS.verified };
}

/** One verifyShop call by a signed-in caller: the input checked as sent, then the checks and the write. */
export function verifyShopCall(uid: string | undefined, data: unknown, deps: VerifyShopDeps) {
  if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
  return verifyShopFor(uid, parseCallableInput(shopVerificationInputSchema, data), deps);
}

export const verifyShop = onCall(sized("verifyShop", callableOptions), async (request) => {
  const db = adminDb();
  return verifyShopCall(request.auth?.uid, request.data, {
    db,
    now: await clockFor(db),
    emailProven: emailProvenInAuth,
  });
});
