import type { FirebaseApp } from "firebase/app";
import {
  type AppCheck,
  CustomProvider,
  initializeAppCheck,
  onTokenChanged,
  ReCaptchaEnterpriseProvider,
} from "firebase/app-check";
import type { AppEnv } from "@/config/env-schema";
import { keepAppCheckToken } from "./device-session";

/**
 * App Check: every callable enforces it (functions/src/lib/global-options.ts), and Firestore and Auth
 * can be made to (the console's App Check > APIs). Started by ./firebase.ts right after `initializeApp`,
 * before any service exists, so the Auth, Firestore (full and Lite) and Functions SDKs all attach the
 * token as `X-Firebase-AppCheck`. It travels in the session's first chunk with Firebase's app: the
 * marketing pages, which never create the app, never download it.
 *
 * - A real project: reCAPTCHA Enterprise with the web app's site key (VITE_APPCHECK_SITE_KEY), tokens
 *   refreshed automatically; firebase-admin verifies them. For CI or local runs against a real
 *   project, set `self.FIREBASE_APPCHECK_DEBUG_TOKEN` before the app loads and register that debug
 *   token in the console (docs/app-check.md).
 * - The emulators: no App Check backend exists for a demo project, and the Functions emulator only
 *   decodes the token (firebase-functions' skipTokenVerification), so the app mints an unsigned one.
 *   A request without the header is still refused there, as in production.
 */

/** When a token expires, from its payload's `exp` (0 when it cannot be read: the token is then not kept). */
export function tokenExpiry(token: string): number {
  try {
    const payload = token.split(".")[1] ?? "";
    const { exp } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof exp === "number" ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * Initialises App Check for the app once (a second call with the same provider returns the same
 * instance), and keeps each new token on the device for the first reads over REST (./device-session.ts).
 */
export function initAppCheck(app: FirebaseApp, env: AppEnv): AppCheck {
  const appCheck = startAppCheck(app, env);
  onTokenChanged(appCheck, ({ token }) => {
    const expiresAt = tokenExpiry(token);
    if (expiresAt > 0) keepAppCheckToken(token, expiresAt);
  });
  return appCheck;
}

function startAppCheck(app: FirebaseApp, env: AppEnv): AppCheck {
  if (env.emulators) {
    const { firebase } = env;
    return initializeAppCheck(app, {
      // The emulators' token maker loads with the first token: a real project's build never needs it.
      provider: new CustomProvider({
        getToken: async () => (await import("./emulator-app-check-token")).emulatorAppCheckToken(firebase),
      }),
      isTokenAutoRefreshEnabled: true,
    });
  }
  if (!env.appCheckSiteKey) {
    // parseEnv refuses a real project without the key; this only guards the type.
    throw new Error("VITE_APPCHECK_SITE_KEY mancante: App Check non può partire.");
  }
  return initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(env.appCheckSiteKey),
    isTokenAutoRefreshEnabled: true,
  });
}
