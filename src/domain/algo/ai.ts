import { z } from "zod";
import { dateSchema, idSchema } from "../core/fields.ts";
import {
  CACHE_KEY_CONTEXT_LENGTH,
  CACHE_REUSE_MIN_SUCCESS_RATE,
  MAX_KEYWORDS,
  MAX_PREFERRED_CATEGORIES,
  MAX_TOP_SEARCH_TERMS,
} from "../core/limits.ts";

/** Algo helps buyers, Leonardo merchants. */
export const AI_ASSISTANTS = ["algo", "leonardo"] as const;
export const aiAssistantSchema = z.enum(AI_ASSISTANTS);
export type AiAssistant = z.infer<typeof aiAssistantSchema>;

/** ai_cache entry (spec §3; snake_case names are the spec's). `response` is the raw reply text. */
export const aiCacheEntrySchema = z.object({
  id: idSchema,
  cacheKey: z.string().min(1),
  aiAssistant: aiAssistantSchema,
  userQuery: z.string(),
  response: z.string(),
  usage_count: z.number().int().min(0),
  success_rate: z.number().min(0).max(1),
  created_at: dateSchema,
  updated_at: dateSchema,
});
export type AiCacheEntry = z.infer<typeof aiCacheEntrySchema>;

/** ai_learning record (spec §3). */
export const aiLearningRecordSchema = z.object({
  id: idSchema,
  userId: idSchema,
  aiAssistant: aiAssistantSchema,
  interaction: z.object({
    userInput: z.string(),
    aiResponse: z.string(),
    context: z.string().optional(),
    resultSuccessful: z.boolean().optional(),
  }),
  extractedPatterns: z.object({
    keywords: z.array(z.string()).max(MAX_KEYWORDS),
    intent: z.string().optional(),
    category: z.string().optional(),
    userPreferences: z.object({
      responseLength: z.enum(["short", "medium", "long"]).optional(),
      includesEmoji: z.boolean().optional(),
      technicalLevel: z.enum(["basic", "intermediate", "advanced"]).optional(),
    }),
  }),
  timestamp: dateSchema,
  sessionId: z.string(),
});
export type AiLearningRecord = z.infer<typeof aiLearningRecordSchema>;

/**
 * Query normalisation for the cache key: Unicode NFC, lower case, every character that is neither a
 * letter nor a digit nor whitespace (punctuation, symbols, emoji) becomes a space, whitespace runs
 * collapse to one space, ends trimmed. Accents are kept ("perché" ≠ "perche"); "l'iPhone 15!" →
 * "l iphone 15".
 */
export function normalizeCacheQuery(query: string): string {
  return query
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Cache key = normalised query + "|" + the first 50 characters (code points) of the raw context.
 * It may contain any character (even "/"): hash it before using it as a document id.
 */
export function aiCacheKey(query: string, context = ""): string {
  const contextHead = Array.from(context).slice(0, CACHE_KEY_CONTEXT_LENGTH).join("");
  return `${normalizeCacheQuery(query)}|${contextHead}`;
}

/** A cached response is reused only when its success rate exceeds 0.7 (strictly). */
export function shouldReuseCache(successRate: number): boolean {
  return successRate > CACHE_REUSE_MIN_SUCCESS_RATE;
}

/** Newest first, no duplicates (the first occurrence wins), at most `max`. */
function mergeRecentFirst<T>(current: readonly T[], added: readonly T[], max: number): T[] {
  return [...new Set([...added, ...current])].slice(0, max);
}

const cleanTerm = (term: string) => term.trim().replace(/\s+/g, " ").toLowerCase();
const asList = <T>(value: T | readonly T[]): readonly T[] =>
  Array.isArray(value) ? (value as readonly T[]) : [value as T];

/** Learning profile: at most 5 categories, the most recent first, no duplicates. */
export function mergePreferredCategories<T extends string>(
  current: readonly T[],
  added: T | readonly T[],
): T[] {
  return mergeRecentFirst(current, asList(added), MAX_PREFERRED_CATEGORIES);
}

/** At most 10 search terms (trimmed, lower case, blanks dropped), the most recent first. */
export function mergeTopSearchTerms(current: readonly string[], added: string | readonly string[]): string[] {
  const clean = (list: readonly string[]) => list.map(cleanTerm).filter((term) => term.length > 0);
  return mergeRecentFirst(clean(current), clean(asList(added)), MAX_TOP_SEARCH_TERMS);
}

/** At most 10 keywords (trimmed, lower case, blanks and duplicates dropped), in their order. */
export function capKeywords(keywords: readonly string[]): string[] {
  return mergeRecentFirst(
    [],
    keywords.map(cleanTerm).filter((term) => term.length > 0),
    MAX_KEYWORDS,
  );
}
