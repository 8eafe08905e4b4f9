import type { Content, GenerateContentConfig, Part } from "@google/genai";
import * as logger from "firebase-functions/logger";
import { type AlgoExtractedData, algoReplySchema } from "@/domain/algo/algo";
import { ALGO_MESSAGES } from "@/domain/algo/algo-messages";
import { mergeExtractedData, sanitizeExtractedData } from "@/domain/algo/extracted-data";
import { cleanText } from "@/domain/core/field-sanitizers";
import {
  ALGO_HISTORY_MAX_CHARS,
  ALGO_MAX_OUTPUT_TOKENS,
  ALGO_MESSAGE_MAX_LENGTH,
  ALGO_THINKING_BUDGET,
  SHORT_TEXT_MAX_LENGTH,
} from "@/domain/core/limits";
import { field } from "@/domain/core/validation";
import { resolveModelPlace } from "../places";
import { costLimits, type GeminiConfig, generateText } from "./client";
import { ALGO_RESPONSE_SCHEMA, ALGO_SYSTEM_PROMPT, wrapUserText } from "./prompt";

export type { GeminiConfig } from "./client";

/**
 * Algo on Gemini (spec §7): one generateContent call per turn with the system prompt, the conversation
 * so far and the new message (text, or text plus a base64 JPEG), asking for JSON that matches
 * ALGO_RESPONSE_SCHEMA. The spec's second "image prompt" call, whose result was unused, is not made.
 */

export interface HistoryTurn {
  role: "user" | "algo";
  text: string;
  image?: boolean;
}

export interface GeminiTurnInput {
  fields: AlgoExtractedData;
  history: readonly HistoryTurn[];
  text: string;
  imageBase64?: string;
}

export type ReplyOutcome = "ok" | "plain_text" | "not_understood" | "technical_failure";

export interface InterpretedReply {
  message: string;
  /** Every field collected so far (the previous ones merged with the reply's). */
  fields: AlgoExtractedData;
  isComplete: boolean;
  finalRequest?: AlgoExtractedData;
  outcome: ReplyOutcome;
}

export interface GeminiTurnResult extends InterpretedReply {
  /** The model's raw text (what ai_cache stores), when there was one. */
  rawText?: string;
}

/** Earlier turns sent with each call: enough context, bounded cost. */
export const GEMINI_HISTORY_TURNS = 20;

/** The newest turns, at most GEMINI_HISTORY_TURNS and ALGO_HISTORY_MAX_CHARS characters in all. */
function recentTurns(history: readonly HistoryTurn[]): HistoryTurn[] {
  const kept: HistoryTurn[] = [];
  let chars = 0;
  for (const turn of history.slice(-GEMINI_HISTORY_TURNS).reverse()) {
    chars += turn.text.length;
    if (chars > ALGO_HISTORY_MAX_CHARS) break;
    kept.unshift(turn);
  }
  return kept;
}

function historyContents(history: readonly HistoryTurn[]): Content[] {
  const recent = recentTurns(history);
  const firstUser = recent.findIndex((turn) => turn.role === "user");
  return (firstUser < 0 ? [] : recent.slice(firstUser)).map((turn) => ({
    role: turn.role === "user" ? "user" : "model",
    parts: [
      {
        text:
          turn.role === "user"
            ? `${wrapUserText(turn.text)}${turn.image ? "\n(L'utente aveva allegato una foto.)" : ""}`
            : turn.text,
      },
    ],
  }));
}

/** The request body's contents: history, then the collected fields and the new message. */
export function buildContents(input: GeminiTurnInput): Content[] {
  const parts: Part[] = [
    {
      text: `Campi raccolti finora (JSON): ${JSON.stringify(input.fields)}\n${wrapUserText(
        input.text || "(nessun testo: l'utente ha inviato una foto del prodotto)",
      )}`,
    },
  ];
  if (input.imageBase64) parts.push({ inlineData: { mimeType: "image/jpeg", data: input.imageBase64 } });
  return [...historyContents(input.history), { role: "user", parts }];
}

function stripFences(text: string): string {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text.trim());
  return fenced?.[1] ?? text.trim();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(stripFences(text));
  } catch {
    return undefined;
  }
}

/**
 * The model's text → Algo's reply. Valid JSON is validated and clamped field by field (amounts ≥ 0
 * and min ≤ max, enums coerced or dropped, strings bounded); anything that is not a JSON object is
 * shown as plain text; nothing, or JSON without a message, is 'Mi dispiace, non ho capito bene…'.
 */
export function interpretModelText(rawText: string, previous: AlgoExtractedData): InterpretedReply {
  const text = rawText.trim();
  const notUnderstood: InterpretedReply = {
    message: ALGO_MESSAGES.notUnderstood,
    fields: previous,
    isComplete: false,
    outcome: "not_understood",
  };
  if (!text) return notUnderstood;
  const json = parseJson(text);
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return {
      message: cleanText(text, ALGO_MESSAGE_MAX_LENGTH) ?? ALGO_MESSAGES.notUnderstood,
      fields: previous,
      isComplete: false,
      outcome: "plain_text",
    };
  }
  const record = json as Record<string, unknown>;
  const message = cleanText(record.message, ALGO_MESSAGE_MAX_LENGTH);
  if (!message) return notUnderstood;
  const extracted = sanitizeExtractedData(record.extractedData);
  // The place the model read, through the gazetteer (never its coordinates: it has none to give).
  const place = modelPlace(record.place);
  const fields = mergeExtractedData(previous, {
    ...extracted,
    ...(place?.kind === "place"
      ? { location: { address: place.address, lat: place.lat, lng: place.lng } }
      : {}),
  });
  const isComplete = record.isComplete === true;
  const reply = algoReplySchema.parse({
    message,
    extractedData: fields,
    isComplete,
    ...(isComplete
      ? { finalRequest: mergeExtractedData(fields, sanitizeExtractedData(record.finalRequest)) }
      : {}),
  });
  return {
    message: reply.message,
    fields: reply.extractedData,
    isComplete: reply.isComplete,
    ...(reply.finalRequest ? { finalRequest: reply.finalRequest } : {}),
    outcome: "ok",
  };
}

/** The model's `place` fields → a place from the gazetteer (or undefined: unknown, or 'near me'). */
function modelPlace(value: unknown) {
  const text = (key: string) => cleanText(field(value, key), SHORT_TEXT_MAX_LENGTH);
  const comune = text("comune");
  const provincia = text("provincia");
  const zona = text("zona");
  return resolveModelPlace({
    ...(comune ? { comune } : {}),
    ...(provincia ? { provincia } : {}),
    ...(zona ? { zona } : {}),
  });
}

/** Everything one Algo call sends the model (the SDK's generateContent parameters), but the key and endpoint. */
export interface AlgoModelRequest {
  model: string;
  contents: Content[];
  config: GenerateContentConfig;
}

export function algoModelRequest(config: GeminiConfig, input: GeminiTurnInput): AlgoModelRequest {
  return {
    model: config.model,
    contents: buildContents(input),
    config: {
      systemInstruction: ALGO_SYSTEM_PROMPT,
      responseMimeType: "application/json",
      responseSchema: ALGO_RESPONSE_SCHEMA,
      temperature: 0.4,
      ...costLimits(config.model, {
        maxOutputTokens: ALGO_MAX_OUTPUT_TOKENS,
        thinkingBudget: ALGO_THINKING_BUDGET,
      }),
    },
  };
}

/** One Gemini turn. Never throws: a transport or HTTP failure is the technical-problem reply. */
export async function geminiAlgoTurn(
  config: GeminiConfig,
  input: GeminiTurnInput,
): Promise<GeminiTurnResult> {
  let rawText: string;
  try {
    // Nothing usable (blocked, or cut off at the output ceiling) is 'non ho capito', never cached.
    rawText = (await generateText(config, algoModelRequest(config, input))) ?? "";
  } catch (error) {
    // Logged: a retired model or a revoked key fails every turn, each one refunded and otherwise silent.
    logger.warn("algoChat: Gemini failed, technical-problem reply", {
      model: config.model,
      error: String(error),
    });
    return {
      message: ALGO_MESSAGES.technicalFailure,
      fields: input.fields,
      isComplete: false,
      outcome: "technical_failure",
    };
  }
  return { ...interpretModelText(rawText, input.fields), rawText };
}
