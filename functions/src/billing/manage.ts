import { HttpsError } from "firebase-functions/https";
import { PLAN_MESSAGES } from "@/domain/billing/plan-messages";
import { planStatus } from "@/domain/billing/plans";
import { confirmSimulatedCheckoutInputSchema } from "@/domain/boundary/callables";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall } from "../lib/account-guard";
import { logUnexpectedError } from "../lib/error-log";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";
import { type BillingDeps, billingDepsFromEnv, requireGateway } from "./billing-deps";
import { stripeSecretKey, stripeWebhookSecret } from "./config";
import { customerIdOf } from "./customers";
import { SimulatedGateway } from "./simulated-gateway";
import { readSubscription } from "./subscription-store";

/**
 * The shop manages its monthly plan: cancel at the end of the paid period, resume before it ends, and
 * Stripe's Customer Portal for cards and invoices. Each asks Stripe; the state changes when Stripe's
 * webhook reports it (customer.subscription.updated), never here.
 */

export async function setRenewalFor(uid: string, renew: boolean, deps: BillingDeps): Promise<{ ok: true }> {
  const gateway = requireGateway(deps);
  const stored = await deps.db.runTransaction((tx) => readSubscription(tx, deps.db, uid));
  const status = planStatus(stored, deps.now());
  const allowed = renew ? status.canResume : status.canCancel;
  if (!stored?.stripeSubscriptionId || !allowed) {
    throw new HttpsError(
      "failed-precondition",
      renew ? PLAN_MESSAGES.nothingToResume : PLAN_MESSAGES.nothingToCancel,
    );
  }
  await gateway.setCancelAtPeriodEnd(stored.stripeSubscriptionId, !renew);
  return { ok: true };
}

export async function billingPortalFor(uid: string, deps: BillingDeps): Promise<{ url: string }> {
  const gateway = requireGateway(deps);
  const customerId = await customerIdOf(deps.db, uid);
  if (!customerId) throw new HttpsError("failed-precondition", PLAN_MESSAGES.noCustomer);
  return { url: await gateway.portalUrl(customerId, `${deps.appUrl}/abbonamento`) };
}

/** Emulators only: completes a simulated checkout through the signed webhook path. */
export async function confirmSimulatedFor(uid: string, sessionId: string, deps: BillingDeps) {
  if (!(deps.gateway instanceof SimulatedGateway)) {
    throw new HttpsError("failed-precondition", PLAN_MESSAGES.simulatedOnly);
  }
  await deps.gateway.confirm(sessionId, uid);
  return { ok: true as const };
}

const billingOptions = { ...callableOptions, secrets: [stripeSecretKey, stripeWebhookSecret] };

function billingCall<T>(
  action: "cancelSubscription" | "resumeSubscription" | "openBillingPortal",
  run: (uid: string, deps: BillingDeps) => Promise<T>,
) {
  return guardedCall(ACCOUNT_GUARD.account, sized(action, billingOptions), async (request): Promise<T> => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    try {
      return await run(uid, await billingDepsFromEnv());
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logUnexpectedError(`${action} failed`, error, { uid });
      throw new HttpsError("internal", PLAN_MESSAGES.billingFailed);
    }
  });
}

export const cancelSubscription = billingCall("cancelSubscription", (uid, deps) =>
  setRenewalFor(uid, false, deps),
);
export const resumeSubscription = billingCall("resumeSubscription", (uid, deps) =>
  setRenewalFor(uid, true, deps),
);
export const openBillingPortal = billingCall("openBillingPortal", billingPortalFor);
export const confirmSimulatedCheckout = guardedCall(
  ACCOUNT_GUARD.account,
  sized("confirmSimulatedCheckout", billingOptions),
  async (request) => {
    const uid = request.auth?.uid;
    if (!uid) throw new HttpsError("unauthenticated", ERROR_MESSAGES.unauthenticated);
    const { sessionId } = parseCallableInput(confirmSimulatedCheckoutInputSchema, request.data);
    return confirmSimulatedFor(uid, sessionId, await billingDepsFromEnv());
  },
);
