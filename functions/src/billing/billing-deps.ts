import type { Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { appUrlFromEnv, billingModeFromEnv, priceIdsFromEnv, webhookSecretFromEnv } from "./config";
import { type BillingGateway, StripeGateway, stripeClient } from "./gateway";
import { SimulatedGateway } from "./simulated-gateway";

/** What the billing callables work with; tests build their own. */
export interface BillingDeps {
  db: Firestore;
  /** undefined: payments are not configured here (production without Stripe keys). */
  gateway: BillingGateway | undefined;
  now: () => Date;
  appUrl: string;
  prices: { monthly?: string; launch?: string };
}

/** This process's gateway: Stripe with a key, the simulated one on the emulators, else none. */
export function gatewayFor(db: Firestore, now: () => Date, env: NodeJS.ProcessEnv = process.env) {
  const mode = billingModeFromEnv(env);
  if (mode.kind === "stripe") return new StripeGateway(stripeClient(mode.secretKey, mode.api));
  const secret = webhookSecretFromEnv(env);
  if (mode.kind === "simulated" && secret) {
    return new SimulatedGateway({ db, secret, now, appUrl: appUrlFromEnv(env) });
  }
  return undefined;
}

export async function billingDepsFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<BillingDeps> {
  const db = adminDb();
  const now = await clockFor(db, env);
  return {
    db,
    gateway: gatewayFor(db, now, env),
    now,
    appUrl: appUrlFromEnv(env),
    prices: priceIdsFromEnv(env),
  };
}

export function requireGateway(deps: BillingDeps): BillingGateway {
  if (!deps.gateway) throw new HttpsError("unavailable", ERROR_MESSAGES.paymentsUnavailable);
  return deps.gateway;
}
