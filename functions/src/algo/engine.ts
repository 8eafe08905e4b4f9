import { createHash } from "node:crypto";
import type { Firestore } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { aiCacheKey, normalizeCacheQuery } from "@/domain/algo/ai";
import type { AlgoExtractedData } from "@/domain/algo/algo";
import { countCacheUse, findReusableReply, storeCachedReply } from "./ai-cache";
import {
  algoModelRequest,
  type GeminiConfig,
  geminiAlgoTurn,
  type HistoryTurn,
  interpretModelText,
  type ReplyOutcome,
} from "./gemini/gemini-algo";
import { offlineAlgoTurn } from "./offline/dialogue";
import type { OfflineState } from "./offline/dialogue-state";
import { readPlace } from "./places";

/** One Algo turn, whichever Algo answers: the ai_cache, Gemini, or the offline extractor. */

export interface EngineInput {
  fields: AlgoExtractedData;
  offline: OfflineState;
  history: readonly HistoryTurn[];
  text: string;
  imageBase64?: string;
}

export interface EngineReply {
  message: string;
  fields: AlgoExtractedData;
  isComplete: boolean;
  finalRequest?: AlgoExtractedData;
  offline: OfflineState;
  /** The photo of this turn was looked at by a model. */
  imageAnalyzed: boolean;
  outcome: ReplyOutcome;
  source: "offline" | "gemini" | "cache";
  /** The ai_cache entry this reply came from or was stored as. */
  cacheEntryId?: string;
  /** Algo proposed publishing (the offline Algo's "Vuoi che pubblichi…?"). */
  proposed?: boolean;
  /** Algo asked where ('vicino a me': for the phone's position). */
  asksPlace?: boolean;
}

export interface EngineDeps {
  db: Firestore;
  gemini: GeminiConfig | undefined;
  now: () => Date;
}

export function offlineReply(input: EngineInput): EngineReply {
  const turn = offlineAlgoTurn({
    fields: input.fields,
    state: input.offline,
    text: input.text,
    hasImage: input.imageBase64 !== undefined,
  });
  return {
    message: turn.message,
    fields: turn.extractedData,
    isComplete: turn.isComplete,
    ...(turn.finalRequest ? { finalRequest: turn.finalRequest } : {}),
    offline: turn.state,
    imageAnalyzed: false,
    outcome: turn.understood ? "ok" : "not_understood",
    source: "offline",
    proposed: turn.asks === "confirm",
    asksPlace: turn.asks === "place",
  };
}

/** Cache and learning problems are logged and never break the chat (spec §8). */
export async function quietly<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    logger.warn(`algoChat: ${what} failed`, { error: String(error) });
    return undefined;
  }
}

/**
 * The ai_cache key of a turn, or undefined when the turn must not share its reply.
 *
 * A reply may be shared only if everything that shaped it is in the key. The key is the spec's
 * normalised query plus, as its context, a hash of the whole request the model gets (system prompt,
 * response schema, generation settings, model, the collected fields, the history sent) built with the
 * normalised text: a change of prompt or model gives new keys, and nothing the model saw is left out.
 * Only a conversation's first turn, with no fields collected and no photo, is cached: any later turn
 * carries the user's own earlier words (the history), which would make its key unique to that
 * conversation anyway, so caching it would only store entries nobody can reuse. A photo is never in a
 * key (its bytes are not hashed into a shareable entry), so photo turns are never cached.
 */
export function algoCacheKey(config: GeminiConfig, input: EngineInput): string | undefined {
  const query = normalizeCacheQuery(input.text);
  const firstTurn = input.history.length === 0 && Object.keys(input.fields).length === 0;
  if (!firstTurn || input.imageBase64 !== undefined || query === "") return undefined;
  const request = algoModelRequest(config, { fields: input.fields, history: input.history, text: query });
  const promptHash = createHash("sha256").update(JSON.stringify(request), "utf8").digest("hex");
  return aiCacheKey(query, `algo:${promptHash.slice(0, 32)}`);
}

async function geminiReply(config: GeminiConfig, input: EngineInput, deps: EngineDeps): Promise<EngineReply> {
  // Replies that publish are never cached (a publication must come from this conversation).
  const key = algoCacheKey(config, input);
  if (key) {
    const hit = await quietly("ai_cache lookup", () => findReusableReply(deps.db, "algo", key));
    if (hit) {
      const reply = interpretModelText(hit.response, input.fields);
      if (reply.outcome === "ok" && !reply.isComplete) {
        await quietly("ai_cache usage count", () => countCacheUse(deps.db, hit.id, deps.now()));
        return {
          ...reply,
          offline: input.offline,
          imageAnalyzed: false,
          source: "cache",
          cacheEntryId: hit.id,
        };
      }
    }
  }
  const reply = await geminiAlgoTurn(config, {
    fields: input.fields,
    history: input.history,
    text: input.text,
    ...(input.imageBase64 ? { imageBase64: input.imageBase64 } : {}),
  });
  let cacheEntryId: string | undefined;
  if (key && reply.outcome === "ok" && !reply.isComplete && reply.rawText) {
    const response = reply.rawText;
    cacheEntryId = await quietly("ai_cache store", () =>
      storeCachedReply(deps.db, { assistant: "algo", key, userQuery: input.text, response }, deps.now()),
    );
  }
  // The model missed the place (or named none): the gazetteer reads the buyer's own words.
  const place = reply.fields.location ? undefined : readPlace(input.text);
  const fields =
    place?.kind === "place"
      ? { ...reply.fields, location: { address: place.address, lat: place.lat, lng: place.lng } }
      : reply.fields;
  return {
    message: reply.message,
    fields,
    isComplete: reply.isComplete,
    ...(reply.finalRequest ? { finalRequest: reply.finalRequest } : {}),
    offline: input.offline,
    imageAnalyzed: input.imageBase64 !== undefined && reply.outcome === "ok",
    outcome: reply.outcome,
    source: "gemini",
    ...(cacheEntryId ? { cacheEntryId } : {}),
    // Still no place, and the buyer said 'vicino a me' or the model asks where: the page offers the
    // position right under the question.
    ...(!fields.location && (place?.kind === "near_me" || MODEL_ASKS_WHERE.test(reply.message))
      ? { asksPlace: true }
      : {}),
  };
}

/** A model's question about the place ('Dove ti serve?', 'In quale comune?', 'la tua posizione'). */
const MODEL_ASKS_WHERE = /\bdove\b|\bcomune\b|\bposizione\b|\bzona\b/i;

export function algoReply(input: EngineInput, deps: EngineDeps): Promise<EngineReply> {
  return deps.gemini ? geminiReply(deps.gemini, input, deps) : Promise.resolve(offlineReply(input));
}
