import { defineSecret, defineString } from "firebase-functions/params";
import type { GeminiConfig } from "./client";

/** With this secret set, Algo runs on Gemini; without it (the local default) the offline Algo answers. */
export const geminiApiKey = defineSecret("GEMINI_API_KEY");

/**
 * Google's replacement for gemini-2.5-flash (retired by the Gemini API in late 2026): a Flash-Lite
 * model that takes a response schema and thinks minimally by default, fit for Algo's extraction and
 * Leonardo's few sentences. Models are retired every year or so: GEMINI_MODEL changes it without a
 * code change (functions/.env, or the prompt of `firebase deploy`).
 */
export const DEFAULT_GEMINI_MODEL = "gemini-3.5-flash-lite";

export const geminiModelParam = defineString("GEMINI_MODEL", {
  default: DEFAULT_GEMINI_MODEL,
  description: "Modello Gemini di Algo e Leonardo (es. gemini-3.5-flash-lite)",
});

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
    // A param's value is its environment variable at runtime; the CLI applies the default when it
    // resolves params, so it is applied here too for handlers called directly (tests).
    model: env[geminiModelParam.name]?.trim() || DEFAULT_GEMINI_MODEL,
    ...(baseUrl ? { baseUrl } : {}),
  };
}
