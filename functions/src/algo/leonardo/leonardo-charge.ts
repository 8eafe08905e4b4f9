import type { DocumentData, Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { COLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { cleanText } from "@/domain/core/field-sanitizers";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { SHOP_VERIFICATION_MESSAGES } from "@/domain/people/shop-verification-messages";
import { assertPlanAccess } from "../../billing/plan-gate";
import { type ChargeOutcome, chargeInTransaction, readUserTokens } from "../../tokens/token-store";

/**
 * Leonardo's gate and charge, shared by 'Scrivi con Leonardo' (generateOfferDescription) and 'Detta
 * l'offerta' (dictateOffer): a verified shop (verifyShop) with a plan that gives access
 * (billing/plan-gate.ts), on an active request; 0.5 tokens (description_generation) in one transaction
 * with the lazy monthly reset and a ledger entry. A refusal throws before any charge.
 */
export interface LeonardoCharge {
  charge: ChargeOutcome;
  request: DocumentData;
  businessName: string | undefined;
}

export async function chargeLeonardo(
  db: Firestore,
  uid: string,
  requestId: string,
  now: Date,
): Promise<LeonardoCharge> {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(requestId)) {
    throw new HttpsError("not-found", ERROR_MESSAGES.requestNotFound);
  }
  const requestRef = db.collection(COLLECTIONS.requests).doc(requestId);
  return db.runTransaction(async (tx) => {
    const user = await readUserTokens(tx, db, uid);
    if (user.data.userType !== "merchant")
      throw new HttpsError("permission-denied", ERROR_MESSAGES.permissionDenied);
    if (!isVerifiedShop({ userType: user.data.userType, shop: user.data.shop }))
      throw new HttpsError("permission-denied", SHOP_VERIFICATION_MESSAGES.notVerified);
    await assertPlanAccess(tx, db, uid, now);
    const snapshot = await tx.get(requestRef);
    const data = snapshot.data();
    if (data?.status !== REQUEST_STATUS.active)
      throw new HttpsError("not-found", ERROR_MESSAGES.requestNotFound);
    return {
      charge: chargeInTransaction(tx, user, uid, "description_generation", now),
      request: data,
      businessName: cleanText(user.data.businessName ?? user.data.displayName, 80),
    };
  });
}
