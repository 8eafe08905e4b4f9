import {
  type DocumentData,
  FieldValue,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import { applyMonthlyReset, creditTokens } from "@/domain/billing/token-balance";
import { findTokenPackage } from "@/domain/billing/tokens";
import { COLLECTIONS } from "@/domain/core/collections";
import { addLedgerEntry, readUserTokens } from "./token-store";

/**
 * Crediting a paid token pack, inside the billing webhook's transaction (the only writer of credits):
 * tokenPurchases/{paymentId} is created with the credit, so a payment is credited exactly once.
 * Reads first (the purchase, the user), then writes, as Firestore transactions require.
 */
export const TOKEN_PURCHASES_COLLECTION = COLLECTIONS.tokenPurchases;

export interface StoredPurchase {
  id: string;
  userId: string;
  packageId: string;
  amount: number;
  price: number;
  purchaseDate: Timestamp;
}

export function asStoredPurchase(data: DocumentData | undefined): StoredPurchase | undefined {
  if (!data || !(data.purchaseDate instanceof Timestamp)) return undefined;
  const { id, userId, packageId, amount, price } = data;
  if (typeof id !== "string" || typeof userId !== "string" || typeof packageId !== "string") return undefined;
  if (typeof amount !== "number" || typeof price !== "number") return undefined;
  return { id, userId, packageId, amount, price, purchaseDate: data.purchaseDate };
}

export interface PackPayment {
  uid: string;
  packageId: string;
  /** The payment's id (the Checkout Session's): the purchase document's id. */
  paymentId: string;
  provider: string;
  providerRef: string;
  now: Date;
}

export type CreditOutcome = "credited" | "already-credited" | "unknown-pack";

export async function creditTokenPack(
  tx: Transaction,
  db: Firestore,
  payment: PackPayment,
): Promise<CreditOutcome> {
  const { uid, paymentId, now } = payment;
  const purchaseRef = db.collection(TOKEN_PURCHASES_COLLECTION).doc(paymentId);
  if ((await tx.get(purchaseRef)).exists) return "already-credited";
  const user = await readUserTokens(tx, db, uid);
  const pack = findTokenPackage(payment.packageId, user.state.userType);
  if (!pack) return "unknown-pack";
  const afterReset = applyMonthlyReset(user.state, now);
  if (afterReset !== user.state) {
    addLedgerEntry(
      tx,
      user.ref,
      uid,
      {
        kind: "monthly_allowance",
        amount: afterReset.aiTokens - user.state.aiTokens,
        balanceAfter: afterReset.aiTokens,
      },
      now,
    );
  }
  const credited = creditTokens(afterReset, pack.tokens);
  const purchaseDate = Timestamp.fromDate(now);
  const stored: StoredPurchase = {
    id: paymentId,
    userId: uid,
    packageId: pack.id,
    amount: pack.tokens,
    price: pack.price,
    purchaseDate,
  };
  tx.create(purchaseRef, {
    ...stored,
    currency: "EUR",
    provider: payment.provider,
    providerRef: payment.providerRef,
    status: "succeeded",
  });
  tx.update(user.ref, {
    aiTokens: credited.aiTokens,
    ...(afterReset !== user.state
      ? { monthlyTokensUsed: afterReset.monthlyTokensUsed, lastTokenReset: purchaseDate }
      : {}),
    tokenPurchases: FieldValue.arrayUnion({
      id: stored.id,
      amount: stored.amount,
      price: stored.price,
      purchaseDate,
      packageId: stored.packageId,
    }),
  });
  addLedgerEntry(
    tx,
    user.ref,
    uid,
    { kind: "purchase", amount: pack.tokens, balanceAfter: credited.aiTokens, packageId: pack.id, paymentId },
    now,
  );
  return "credited";
}
