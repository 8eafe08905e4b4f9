import { Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import {
  isLaunchCode,
  type LaunchCodeProblem,
  launchCodeProblem,
  launchCodeSchema,
  normalizeLaunchCode,
} from "@/domain/billing/plan-codes";
import { PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import { PAYMENT_DESCRIPTIONS } from "@/domain/billing/plan-payments";
import { PLAN_PRICES_CENTS, planStatus } from "@/domain/billing/plans";
import { findTokenPackage, TOKEN_PACKAGE_LABELS } from "@/domain/billing/tokens";
import {
  type StartCheckoutInput,
  type StartCheckoutOutput,
  startCheckoutInputSchema,
} from "@/domain/boundary/callables";
import { COLLECTIONS } from "@/domain/core/collections";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { isVerifiedShop } from "@/domain/people/shop-status";
import { guardedCall } from "../lib/account-guard";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { fromFirestore, parseUserDoc, userRef } from "../profiles/user-record";
import { type BillingDeps, billingDepsFromEnv, requireGateway } from "./billing-deps";
import { stripeSecretKey, stripeWebhookSecret } from "./config";
import { billingCustomerRef, customerIdOf } from "./customers";
import type { CheckoutRequest } from "./gateway";
import { readSubscription } from "./subscription-store";

/**
 * startCheckout({kind}) → {sessionId, url?, simulated}: opens a Stripe Checkout Session for the monthly
 * plan (subscription mode; billing starts when the access the shop already has ends), the launch
 * offer (payment mode, with a valid association code) or a token pack (payment mode, any signed-in
 * user, the packs of their role). Nothing is granted here: the webhook applies the paid session.
 */

const CODE_MESSAGES: Readonly<Record<LaunchCodeProblem, string>> = {
  notFound: PLAN_MESSAGES.launchCodeNotFound,
  used: PLAN_MESSAGES.launchCodeUsed,
  expired: PLAN_MESSAGES.launchCodeExpired,
  wrongCity: PLAN_MESSAGES.launchCodeWrongCity,
};

/**
 * How long a code stays reserved for the shop that started paying with it; the launch Checkout
 * Session expires a little before (Stripe allows 30 minutes to 24 hours), so no payment can complete
 * after the reservation ended. The webhook checks the code again anyway (apply-event.ts).
 */
const CODE_RESERVATION_MS = 60 * 60 * 1000;
const LAUNCH_SESSION_MS = CODE_RESERVATION_MS - 5 * 60 * 1000;
/** Stripe wants a trial end at least two days ahead; closer than that, billing starts now. */
const MIN_TRIAL_MS = 2 * 24 * 60 * 60 * 1000 + 60 * 60 * 1000;

type Plan = Pick<CheckoutRequest, "mode" | "amountCents" | "productName" | "metadata"> & {
  priceId?: string;
  trialEnd?: Date;
  expiresAt?: Date;
};

/** Checks the launch code and reserves it for `uid` for an hour (single use across shops). */
async function reserveLaunchCode(uid: string, typed: string, city: string | undefined, deps: BillingDeps) {
  const code = normalizeLaunchCode(typed);
  if (!isLaunchCode(code)) throw new HttpsError("not-found", PLAN_MESSAGES.launchCodeNotFound);
  const ref = deps.db.collection(COLLECTIONS.launchCodes).doc(code);
  await deps.db.runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data();
    const parsed = launchCodeSchema.safeParse(
      data ? fromFirestore({ usedBy: null, usedAt: null, ...data }) : undefined,
    );
    const now = deps.now();
    const reservedBy = typeof data?.reservedBy === "string" ? data.reservedBy : undefined;
    const reservedUntil = data?.reservedUntil instanceof Timestamp ? data.reservedUntil.toMillis() : 0;
    const problem =
      launchCodeProblem(parsed.success ? parsed.data : undefined, uid, city, now) ??
      (reservedBy && reservedBy !== uid && reservedUntil > now.getTime() ? "used" : null);
    if (problem)
      throw new HttpsError(
        problem === "notFound" ? "not-found" : "failed-precondition",
        CODE_MESSAGES[problem],
      );
    tx.update(ref, {
      reservedBy: uid,
      reservedUntil: Timestamp.fromMillis(now.getTime() + CODE_RESERVATION_MS),
    });
  });
  return code;
}

async function planFor(uid: string, input: StartCheckoutInput, deps: BillingDeps): Promise<Plan> {
  const read = parseUserDoc((await userRef(deps.db, uid).get()).data());
  if (!read.ok) throw new HttpsError("not-found", ERROR_MESSAGES.userDataNotFound);
  const user = read.user;
  if (input.kind === "tokens") {
    const pack = findTokenPackage(input.packageId, user.userType);
    if (!pack) throw new HttpsError("invalid-argument", ERROR_MESSAGES.tokenPackageNotFound);
    return {
      mode: "payment",
      amountCents: Math.round(pack.price * 100),
      productName: `Vicino: pacchetto ${TOKEN_PACKAGE_LABELS[pack.id] ?? pack.id} (${pack.tokens} token)`,
      metadata: { uid, kind: "tokens", packageId: pack.id },
    };
  }
  if (!isVerifiedShop(user)) throw new HttpsError("permission-denied", PLAN_MESSAGES.verifiedShopsOnly);
  const stored = await deps.db.runTransaction((tx) => readSubscription(tx, deps.db, uid));
  const now = deps.now();
  const status = planStatus(stored, now);
  const renewing = stored?.plan === "monthly" && status.hasAccess && status.canCancel;
  if (input.kind === "monthly") {
    if (renewing) throw new HttpsError("already-exists", PLAN_MESSAGES.alreadySubscribed);
    if (status.canResume) throw new HttpsError("failed-precondition", PLAN_MESSAGES.resumeInstead);
    const accessEnd = status.hasAccess ? status.endsAt : null;
    const trialEnd = accessEnd && accessEnd.getTime() - now.getTime() > MIN_TRIAL_MS ? accessEnd : undefined;
    return {
      mode: "subscription",
      amountCents: PLAN_PRICES_CENTS.monthly,
      productName: PAYMENT_DESCRIPTIONS.monthly,
      metadata: { uid, kind: "monthly" },
      ...(deps.prices.monthly ? { priceId: deps.prices.monthly } : {}),
      ...(trialEnd ? { trialEnd } : {}),
    };
  }
  if (renewing) throw new HttpsError("failed-precondition", PLAN_MESSAGES.monthlyActiveForLaunch);
  // The pilot city is the verified shop's (users/{uid}.shop, written by verifyShop only), never the
  // profile's location, which the owner edits.
  const code = await reserveLaunchCode(uid, input.code, user.shop?.zone, deps);
  return {
    mode: "payment",
    amountCents: PLAN_PRICES_CENTS.launch,
    productName: PAYMENT_DESCRIPTIONS.launch,
    metadata: { uid, kind: "launch", code },
    expiresAt: new Date(now.getTime() + LAUNCH_SESSION_MS),
    ...(deps.prices.launch ? { priceId: deps.prices.launch } : {}),
  };
}

export async function startCheckoutFor(
  uid: string,
  input: StartCheckoutInput,
  deps: BillingDeps,
): Promise<StartCheckoutOutput> {
  const gateway = requireGateway(deps);
  const plan = await planFor(uid, input, deps);
  let customerId = await customerIdOf(deps.db, uid);
  if (!customerId) {
    const user = (await userRef(deps.db, uid).get()).data();
    customerId = await gateway.createCustomer({
      uid,
      ...(typeof user?.email === "string" ? { email: user.email } : {}),
      ...(typeof user?.businessName === "string" ? { name: user.businessName } : {}),
    });
    await billingCustomerRef(deps.db, uid).set({ customerId });
  }
  const back = input.kind === "tokens" ? "/" : "/abbonamento";
  const session = await gateway.createCheckout({
    ...plan,
    customerId,
    successUrl: `${deps.appUrl}${back}?pagamento=ok`,
    cancelUrl: `${deps.appUrl}${back}?pagamento=annullato`,
  });
  return { ...session, simulated: gateway.name === "simulated" };
}

export const startCheckout = guardedCall(
  ACCOUNT_GUARD.account,
  sized("startCheckout", { ...callableOptions, secrets: [stripeSecretKey, stripeWebhookSecret] }),
  async (request): Promise<StartCheckoutOutput> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const input = parseCallableInput(startCheckoutInputSchema, request.data);
    try {
      return await startCheckoutFor(uid, input, await billingDepsFromEnv());
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logUnexpectedError("startCheckout failed", error, { uid });
      throw new HttpsError("internal", PLAN_MESSAGES.checkoutFailed);
    }
  },
);
