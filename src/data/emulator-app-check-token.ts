import type { AppCheckToken } from "firebase/app-check";
import type { AppEnv } from "@/config/env-schema";

// The emulators' App Check token, apart from ./app-check.ts so that Node scripts (npm run smoke) can mint
// one without the app's environment.

/** One hour, the lifetime of a real App Check token. */
const EMULATOR_TOKEN_TTL_MS = 60 * 60 * 1000;

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * An unsigned App Check token shaped like a real one (`header.payload.` with an empty signature,
 * `alg: none`): the Functions emulator decodes it and hands the payload to the callable as
 * `request.app` (`appId` = `sub`). Never accepted by a real project.
 */
export function emulatorAppCheckToken(
  firebase: AppEnv["firebase"],
  now: number = Date.now(),
): AppCheckToken & { token: string } {
  const iat = Math.floor(now / 1000);
  const expireTimeMillis = now + EMULATOR_TOKEN_TTL_MS;
  const appId = firebase.appId ?? `1:000000000000:web:${firebase.projectId}`;
  const payload = {
    sub: appId,
    aud: [`projects/${firebase.messagingSenderId ?? firebase.projectId}`, `projects/${firebase.projectId}`],
    iss: `https://firebaseappcheck.googleapis.com/${firebase.messagingSenderId ?? firebase.projectId}`,
    iat,
    exp: Math.floor(expireTimeMillis / 1000),
  };
  return {
    token: `${base64url({ alg: "none", typ: "JWT" })}.${base64url(payload)}.`,
    expireTimeMillis,
  };
}
