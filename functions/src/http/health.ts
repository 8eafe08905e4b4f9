import { onRequest } from "firebase-functions/https";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";

export interface HealthResponse {
  ok: true;
  region: string;
}

export function healthResponse(): HealthResponse {
  return { ok: true, region };
}

/**
 * Liveness probe: answers without touching Firestore, so it tells whether the functions
 * runtime (and the emulator locally) is up. `npm start` and the end-to-end harness poll it.
 */
export const health = onRequest(sized("health", { cors: true, invoker: "public" }), (_req, res) => {
  res.set("Cache-Control", "no-store").json(healthResponse());
});
