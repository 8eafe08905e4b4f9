import { type DocumentData, FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError, onCall } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import { type PurchaseTokensInput, purchaseTokensInputSchema } from "@/domain/callables";
import { COLLECTIONS } from "@/domain/collections";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "@/domain/messages";
import { applyMonthlyReset, creditTokens } from "@/domain/token-balance";
import { findTokenPackage, TOKEN_PACKAGE_LABELS, type TokenPurchase } from "@/domain/tokens";
import { adminDb } from "../lib/admin";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { type PaymentProvider, paymentProviderFromEnv } from "./payment-provider";
import { addLedgerEntry, readUserTokens, tokenStateFromDoc, userDocRef } from "./token-store";

/**
 * purchaseTokens({packageId, paymentId}) → {tokenBalance, purchase}. The pack must be one of the
 * caller's role; the payment is charged through the PaymentProvider, then credited in one transaction
 * keyed by tokenPurchases/{paymentId}: a replayed paymentId returns the original purchase and the
 * current balance without crediting again.
 */
export const TOKEN_PURCHASES_COLLECTION = COLLECTIONS.tokenPurchases;

/** Payment ids become document ids. */
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export interface PurchaseDeps {
  db: Firestore;
  provider: PaymentProvider | undefined;
  now: () => Date;
}

/** The purchase as it travels: the callable protocol cannot carry a Date, so the date is ISO 8601. */
export type WirePurchase = Omit<TokenPurchase, "purchaseDate"> & { purchaseDate: string };
export interface PurchaseTokensResult {
  tokenBalance: number;
  purchase: WirePurchase;
  /** True when this paymentId had already been credited (nothing was credited now). */
  replayed: boolean;
}

type StoredPurchase = {
  id: string;
  userId: string;
  packageId: string;
  amount: number;
  price: number;
  purchaseDate: Timestamp;
};

function toWire(stored: StoredPurchase): WirePurchase {
  return {
    id: stored.id,
    amount: stored.amount,
    price: stored.price,
    purchaseDate: stored.purchaseDate.toDate().toISOString(),
    packageId: stored.packageId,
  };
}

function asStored(data: DocumentData | undefined): StoredPurchase | undefined {
  if (!data || !(data.purchaseDate instanceof Timestamp)) return undefined;
  const { id, userId, packageId, amount, price } = data;
  if (typeof id !== "string" || typeof userId !== "string" || typeof packageId !== "string") return undefined;
  if (typeof amount !== "number" || typeof price !== "number") return undefined;
  return { id, userId, packageId, amount, price, purchaseDate: data.purchaseDate };
}

export async function purchaseTokensFor(
  uid: string,
  input: PurchaseTokensInput,
  deps: PurchaseDeps,
): Promise<PurchaseTokensResult> {
  const { db } = deps;
  if (!PAYMENT_ID.test(input.paymentId))
    throw new HttpsError("invalid-argument", VALIDATION_MESSAGES.invalidData);
  const purchaseRef = db.collection(TOKEN_PURCHASES_COLLECTION).doc(input.paymentId);
  const userRef = userDocRef(db, uid);

  const replay = async (stored: StoredPurchase): Promise<PurchaseTokensResult> => {
    if (stored.userId !== uid) throw new HttpsError("already-exists", ERROR_MESSAGES.tokenPurchase);
    const user = (await userRef.get()).data();
    return {
      tokenBalance: user ? applyMonthlyReset(tokenStateFromDoc(user), deps.now()).aiTokens : 0,
      purchase: toWire(stored),
      replayed: true,
    };
  };

  const existing = asStored((await purchaseRef.get()).data());
  if (existing) return replay(existing);

  const userData = (await userRef.get()).data();
  if (!userData) throw new HttpsError("not-found", ERROR_MESSAGES.userDataNotFound);
  const role = tokenStateFromDoc(userData).userType;
  const pack = findTokenPackage(input.packageId, role);
  if (!pack) throw new HttpsError("invalid-argument", ERROR_MESSAGES.tokenPackageNotFound);
  if (!deps.provider) throw new HttpsError("unavailable", ERROR_MESSAGES.paymentsUnavailable);

  const label = TOKEN_PACKAGE_LABELS[pack.id] ?? pack.id;
  const charge = await deps.provider.charge({
    uid,
    paymentId: input.paymentId,
    amountEur: pack.price,
    description: `Vicino: pacchetto ${label} (${pack.tokens} token)`,
  });
  if (charge.status !== "succeeded") {
    logger.warn("purchaseTokens: payment refused", {
      uid,
      paymentId: input.paymentId,
      reason: charge.reason,
    });
    throw new HttpsError("failed-precondition", ERROR_MESSAGES.paymentFailed);
  }
  const provider = deps.provider.name;

  const outcome = await db.runTransaction(async (tx) => {
    const already = asStored((await tx.get(purchaseRef)).data());
    if (already) return { kind: "replay" as const, stored: already };
    const user = await readUserTokens(tx, db, uid);
    const now = deps.now();
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
      id: input.paymentId,
      userId: uid,
      packageId: pack.id,
      amount: pack.tokens,
      price: pack.price,
      purchaseDate,
    };
    tx.create(purchaseRef, {
      ...stored,
      currency: "EUR",
      provider,
      providerRef: charge.providerRef,
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
      {
        kind: "purchase",
        amount: pack.tokens,
        balanceAfter: credited.aiTokens,
        packageId: pack.id,
        paymentId: input.paymentId,
      },
      now,
    );
    return { kind: "credited" as const, stored, balance: credited.aiTokens };
  });

  if (outcome.kind === "replay") return replay(outcome.stored);
  return { tokenBalance: outcome.balance, purchase: toWire(outcome.stored), replayed: false };
}

function defaultDeps(): PurchaseDeps {
  return { db: adminDb(), provider: paymentProviderFromEnv(), now: () => new Date() };
}

export const purchaseTokens = onCall(callableOptions, async (request): Promise<PurchaseTokensResult> => {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
  const input = parseCallableInput(purchaseTokensInputSchema, request.data);
  try {
    return await purchaseTokensFor(uid, input, defaultDeps());
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error("purchaseTokens failed", { uid, error: String(error) });
    throw new HttpsError("internal", ERROR_MESSAGES.tokenPurchase);
  }
});
