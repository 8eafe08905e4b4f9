import { defineSecret } from "firebase-functions/params";
import type { GeminiConfig } from "./gemini-algo";

/** With this secret set, Algo runs on Gemini; without it (the local default) the offline Algo answers. */
export const geminiApiKey = defineSecret("GEMINI_API_KEY");

export const DEFAULT_GEMINI_MODEL = "gemini-2.5-flash";

/** Values that mean "no key" (e.g. `GEMINI_API_KEY=offline` in functions/.secret.local). */
const NO_KEY = new Set(["", "offline", "none"]);

/**
 * Gemini's settings of this process, or undefined for the offline Algo. GEMINI_MODEL picks the model;
 * GEMINI_BASE_URL points the SDK elsewhere (a local fake server in tests).
 */
export function geminiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): GeminiConfig | undefined {
  // A bound secret is exposed as this environment variable (what `geminiApiKey.value()` reads); read
  // directly so that the offline default does not log "No value found for secret" on every turn.
  const apiKey = env[geminiApiKey.name]?.trim() ?? "";
  if (NO_KEY.has(apiKey.toLowerCase())) return undefined;
  const baseUrl = env.GEMINI_BASE_URL?.trim();
  return {
    apiKey,
    model: env.GEMINI_MODEL?.trim() || DEFAULT_GEMINI_MODEL,
    ...(baseUrl ? { baseUrl } : {}),
  };
}
