import {
  FinishReason,
  type GenerateContentConfig,
  type GenerateContentParameters,
  GoogleGenAI,
  type ThinkingConfig,
  ThinkingLevel,
} from "@google/genai";

/**
 * The one way Algo and Leonardo call Gemini: the Google Gen AI SDK (`@google/genai`) on the Gemini
 * Developer API, one generateContent request per call, its cost bounded by the config below.
 */

export interface GeminiConfig {
  apiKey: string;
  model: string;
  /** Another endpoint (tests use a local fake server); the SDK's default otherwise. */
  baseUrl?: string;
  timeoutMs?: number;
}

export const GEMINI_TIMEOUT_MS = 30_000;
/** The API version the request shapes below (responseSchema, thinkingConfig) are written for. */
export const GEMINI_API_VERSION = "v1beta";

const GEMINI_PRO_MIN_THINKING = 128;

/**
 * The least thinking a call on `model` may do, for a budget of `budget` tokens. Gemini 2.5 takes a
 * budget (Flash and Flash-Lite accept 0, no thinking, which is billed as output; Pro cannot go below
 * 128). Gemini 3 and later take a level instead, and refuse a request with both: a budget of 0 is
 * their lowest level, MINIMAL on Flash-Lite models (their default) and LOW on the others (the only
 * level below the default every one of them accepts). Other models get nothing (some refuse the field).
 */
export function thinkingConfigFor(model: string, budget: number): ThinkingConfig | undefined {
  if (/gemini-2\.5-/.test(model)) {
    return {
      thinkingBudget: /gemini-2\.5-pro/.test(model) ? Math.max(GEMINI_PRO_MIN_THINKING, budget) : budget,
    };
  }
  const major = Number(/gemini-(\d+)(?:\.\d+)?-/.exec(model)?.[1] ?? 0);
  if (major < 3 || budget > 0) return undefined;
  return { thinkingLevel: /-lite\b/.test(model) ? ThinkingLevel.MINIMAL : ThinkingLevel.LOW };
}

/** Output ceiling and thinking of a call on `model`. */
export function costLimits(
  model: string,
  limits: { maxOutputTokens: number; thinkingBudget: number },
): Pick<GenerateContentConfig, "maxOutputTokens" | "thinkingConfig"> {
  const thinkingConfig = thinkingConfigFor(model, limits.thinkingBudget);
  return { maxOutputTokens: limits.maxOutputTokens, ...(thinkingConfig ? { thinkingConfig } : {}) };
}

function client(config: GeminiConfig): GoogleGenAI {
  return new GoogleGenAI({
    // Explicit, so that GOOGLE_GENAI_USE_VERTEXAI or GOOGLE_GENAI_API_VERSION in the environment
    // cannot move the calls to another API than the one the key and the request shapes are for.
    vertexai: false,
    apiKey: config.apiKey,
    apiVersion: GEMINI_API_VERSION,
    // No retryOptions: the SDK then makes exactly one attempt, and a failed turn is refunded.
    httpOptions: {
      ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      timeout: config.timeoutMs ?? GEMINI_TIMEOUT_MS,
    },
  });
}

/**
 * One generateContent call → the model's text, or undefined when nothing usable came back: blocked
 * (no candidate), or stopped for another reason than the natural end (cut off at the output ceiling,
 * a safety or recitation stop…), since half a JSON reply or half a description is of no use and is
 * never cached. A transport or HTTP failure throws (the SDK's ApiError, or fetch's error).
 */
export async function generateText(
  config: GeminiConfig,
  request: Omit<GenerateContentParameters, "config"> & { config: GenerateContentConfig },
): Promise<string | undefined> {
  const response = await client(config).models.generateContent({
    ...request,
    // A reply cut off at the per-request limit is not resumed with further (billed) requests.
    config: { ...request.config, automaticContinuation: false },
  });
  const candidate = response.candidates?.[0];
  if (!candidate) return undefined;
  const reason = candidate.finishReason;
  if (reason !== undefined && reason !== FinishReason.STOP) return undefined;
  return response.text ?? "";
}
