import { defineString } from "firebase-functions/params";
import { runsOnEmulators } from "../tokens/payment-provider";
import { SimulatedVies } from "./simulated-vies";
import { HttpVies, VIES_DEFAULT_BASE_URL, type ViesGateway } from "./vies";

/**
 * Where VIES is. VIES_BASE_URL (a param; tests set it to a fake VIES server) points the real client
 * anywhere; without it, the emulators use the simulated VIES and a deployed project the Commission's
 * public REST API. No key is needed: VIES is open.
 */
export const viesBaseUrl = defineString("VIES_BASE_URL", { default: "" });

export function viesFromEnv(env: NodeJS.ProcessEnv = process.env): ViesGateway {
  // Read as the param's variable (what .value() reads), so the default logs nothing.
  const base = env[viesBaseUrl.name]?.trim() ?? "";
  if (base) return new HttpVies(base);
  return runsOnEmulators(env) ? new SimulatedVies() : new HttpVies(VIES_DEFAULT_BASE_URL);
}
