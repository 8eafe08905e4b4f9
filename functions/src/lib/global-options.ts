import type { CallableOptions } from "firebase-functions/https";
import { setGlobalOptions } from "firebase-functions/options";
import { FUNCTIONS_REGION } from "@/domain/core/product";

/**
 * Every function runs in Milano. Function modules import `region` from here, so this call
 * is guaranteed to run before any of them is defined.
 */
export const region = FUNCTIONS_REGION;

setGlobalOptions({ region, maxInstances: 10 });

/**
 * What every callable (`onCall`) starts from: Milano and App Check enforced, so a request without a
 * valid App Check token is refused with `unauthenticated` before the handler runs. In production
 * firebase-admin verifies the token (reCAPTCHA Enterprise on the web, docs/app-check.md); the
 * Functions emulator only decodes it (firebase-functions' skipTokenVerification debug feature), so
 * the app sends an unsigned token there (src/data/app-check.ts) and a request without the header is
 * still refused. A callable adds its own options with a spread: `{ ...callableOptions, secrets }`.
 * The HTTP endpoints (onRequest: sendEmail, health) are not callables: sendEmail is rate limited.
 */
export const callableOptions = {
  region,
  enforceAppCheck: true,
} as const satisfies CallableOptions;
