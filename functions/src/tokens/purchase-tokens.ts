import type { Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import Stripe from "stripe";
import { applyMonthlyReset } from "@/domain/billing/token-balance";
import { findTokenPackage, TOKEN_PACKAGE_LABELS, type TokenPurchase } from "@/domain/billing/tokens";
import { type PurchaseTokensInput, purchaseTokensInputSchema } from "@/domain/boundary/callables";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import {
  LOCAL_WEBHOOK_SECRET,
  stripeSecretKey,
  stripeWebhookSecret,
  webhookSecretFromEnv,
} from "../billing/config";
import { handleWebhook } from "../billing/webhook";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { type PaymentProvider, paymentProviderFromEnv } from "./payment-provider";
import { asStoredPurchase, type StoredPurchase, TOKEN_PURCHASES_COLLECTION } from "./token-credit";
import { tokenStateFromDoc, userDocRef } from "./token-store";

/**
 * purchaseTokens({packageId, paymentId}) → {tokenBalance, purchase}: the emulators' SIMULATED pack
 * purchase (paymentProviderFromEnv gives a provider only there; production buys packs through
 * startCheckout and Stripe Checkout). The pack must be one of the caller's role; the payment is
 * approved by the PaymentProvider, then credited by the billing webhook handler from a signed event,
 * keyed by tokenPurchases/{paymentId}: a replayed paymentId returns the original purchase and the
 * current balance without crediting again.
 */
export { TOKEN_PURCHASES_COLLECTION };

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

function toWire(stored: StoredPurchase): WirePurchase {
  return {
    id: stored.id,
    amount: stored.amount,
    price: stored.price,
    purchaseDate: stored.purchaseDate.toDate().toISOString(),
    packageId: stored.packageId,
  };
}

/**
 * The payment, approved by the provider, is credited by the billing webhook handler (the only writer
 * of credits): a checkout.session.completed event for the pack, signed with the webhook secret, whose
 * id is derived from the paymentId, so concurrent or replayed calls deliver the same event once.
 */
async function deliverPaidPack(
  uid: string,
  input: PurchaseTokensInput,
  provider: PaymentProvider,
  providerRef: string,
  amountCents: number,
  deps: PurchaseDeps,
) {
  const secret = webhookSecretFromEnv() ?? LOCAL_WEBHOOK_SECRET;
  const payload = JSON.stringify({
    id: `evt_purchase_${input.paymentId}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(deps.now().getTime() / 1000),
    data: {
      object: {
        id: input.paymentId,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        amount_total: amountCents,
        payment_intent: providerRef,
        metadata: { uid, kind: "tokens", packageId: input.packageId, provider: provider.name },
      },
    },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return handleWebhook(payload, header, { db: deps.db, secret, now: deps.now });
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

  const result = async (replayed: boolean): Promise<PurchaseTokensResult> => {
    const stored = asStoredPurchase((await purchaseRef.get()).data());
    if (!stored) throw new HttpsError("internal", ERROR_MESSAGES.tokenPurchase);
    if (stored.userId !== uid) throw new HttpsError("already-exists", ERROR_MESSAGES.tokenPurchase);
    const user = (await userRef.get()).data();
    return {
      tokenBalance: user ? applyMonthlyReset(tokenStateFromDoc(user), deps.now()).aiTokens : 0,
      purchase: toWire(stored),
      replayed,
    };
  };

  if ((await purchaseRef.get()).exists) return result(true);

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
  const delivered = await deliverPaidPack(
    uid,
    input,
    deps.provider,
    charge.providerRef,
    Math.round(pack.price * 100),
    deps,
  );
  return result(delivered.result !== "applied");
}

function defaultDeps(): PurchaseDeps {
  return { db: adminDb(), provider: paymentProviderFromEnv(), now: () => new Date() };
}

export const purchaseTokens = guardedCall(
  ACCOUNT_GUARD.account, // It signs the pack's event for the billing webhook's handler with the webhook secret (deliverPaidPack).
  // The webhook handler it credits through reads the Stripe key (billing mode, refunds).
  sized("purchaseTokens", { ...callableOptions, secrets: [stripeWebhookSecret, stripeSecretKey] }),
  async (request): Promise<PurchaseTokensResult> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const input = parseCallableInput(purchaseTokensInputSchema, request.data);
    try {
      return await purchaseTokensFor(uid, input, defaultDeps());
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logUnexpectedError("purchaseTokens failed", error, { uid });
      throw new HttpsError("internal", ERROR_MESSAGES.tokenPurchase);
    }
  },
);
