import { defineSecret } from "firebase-functions/params";
import { runsOnEmulators } from "../tokens/payment-provider";

/**
 * Where billing runs. With STRIPE_SECRET_KEY set (a `sk_…` key, a Functions secret in production),
 * on Stripe; without one, on the emulators only, on the clearly labelled simulated provider (every
 * simulated event is still signed and goes through the webhook handler); anywhere else billing is
 * refused. STRIPE_API_HOST/PORT/PROTOCOL point the SDK at a local fake server in tests.
 */
export const stripeSecretKey = defineSecret("STRIPE_SECRET_KEY");
export const stripeWebhookSecret = defineSecret("STRIPE_WEBHOOK_SECRET");

/** Signs the simulated provider's events on the emulators when no webhook secret is set. */
export const LOCAL_WEBHOOK_SECRET = "whsec_vicino_local_simulated";

const NO_KEY = new Set(["", "simulated", "none", "offline"]);

export interface StripeApi {
  host: string;
  port: number;
  protocol: "http" | "https";
}

export type BillingMode =
  | { kind: "stripe"; secretKey: string; api?: StripeApi }
  | { kind: "simulated" }
  | { kind: "unavailable" };

export function billingModeFromEnv(env: NodeJS.ProcessEnv = process.env): BillingMode {
  // Read as the bound secret's variable (what .value() reads) so the simulated default logs nothing.
  const key = env[stripeSecretKey.name]?.trim() ?? "";
  if (!NO_KEY.has(key.toLowerCase())) {
    const host = env.STRIPE_API_HOST?.trim();
    const api: StripeApi | undefined = host
      ? {
          host,
          port: Number(env.STRIPE_API_PORT ?? 443),
          protocol: env.STRIPE_API_PROTOCOL === "http" ? "http" : "https",
        }
      : undefined;
    return { kind: "stripe", secretKey: key, ...(api ? { api } : {}) };
  }
  return runsOnEmulators(env) ? { kind: "simulated" } : { kind: "unavailable" };
}

/** The secret webhook signatures are checked with; undefined (refuse everything) when none is set. */
export function webhookSecretFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const secret = env[stripeWebhookSecret.name]?.trim() ?? "";
  // 'none' and the like mean "no secret": never a key anyone could sign with.
  if (!NO_KEY.has(secret.toLowerCase())) return secret;
  return runsOnEmulators(env) ? LOCAL_WEBHOOK_SECRET : undefined;
}

/** Stripe Price ids from the dashboard; without them Checkout gets the domain's prices inline. */
export function priceIdsFromEnv(env: NodeJS.ProcessEnv = process.env): { monthly?: string; launch?: string } {
  const monthly = env.STRIPE_PRICE_MONTHLY?.trim();
  const launch = env.STRIPE_PRICE_LAUNCH?.trim();
  return { ...(monthly ? { monthly } : {}), ...(launch ? { launch } : {}) };
}

/** The app's public origin, for Checkout's return pages. */
export function appUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return (env.APP_URL?.trim() || "http://127.0.0.1:5173").replace(/\/+$/, "");
}
