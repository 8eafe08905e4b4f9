import type { Firestore } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { aiCacheKey } from "@/domain/ai";
import type { AlgoExtractedData } from "@/domain/algo";
import { CACHE_KEY_CONTEXT_LENGTH } from "@/domain/limits";
import { cacheContext, countCacheUse, findCachedReply, isReusable, storeCachedReply } from "./ai-cache";
import {
  type GeminiConfig,
  geminiAlgoTurn,
  type HistoryTurn,
  interpretModelText,
  type ReplyOutcome,
} from "./gemini/gemini-algo";
import { offlineAlgoTurn } from "./offline/dialogue";
import type { OfflineState } from "./offline/dialogue-state";

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

async function geminiReply(config: GeminiConfig, input: EngineInput, deps: EngineDeps): Promise<EngineReply> {
  // The key keeps 50 characters of context: only a context that fits whole is cached, so two
  // conversations never share a reply because their contexts differ after the 50th character. Photo
  // turns and replies that publish are never cached (a publication must come from this conversation).
  const context = cacheContext(input.fields);
  const cacheable =
    input.imageBase64 === undefined && input.text.length > 0 && context.length <= CACHE_KEY_CONTEXT_LENGTH;
  const key = cacheable ? aiCacheKey(input.text, context) : undefined;
  if (key) {
    const hit = await quietly("ai_cache lookup", () => findCachedReply(deps.db, "algo", key));
    if (isReusable(hit)) {
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
  return {
    message: reply.message,
    fields: reply.fields,
    isComplete: reply.isComplete,
    ...(reply.finalRequest ? { finalRequest: reply.finalRequest } : {}),
    offline: input.offline,
    imageAnalyzed: input.imageBase64 !== undefined && reply.outcome === "ok",
    outcome: reply.outcome,
    source: "gemini",
    ...(cacheEntryId ? { cacheEntryId } : {}),
  };
}

export function algoReply(input: EngineInput, deps: EngineDeps): Promise<EngineReply> {
  return deps.gemini ? geminiReply(deps.gemini, input, deps) : Promise.resolve(offlineReply(input));
}
