import { createHash } from "node:crypto";
import { type DocumentData, FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import { type AiAssistant, shouldReuseCache } from "@/domain/algo/ai";
import type { AlgoExtractedData } from "@/domain/algo/algo";
import { AI_CACHE_FIELDS, COLLECTIONS } from "@/domain/core/collections";
import {
  CACHE_LOOKUP_CANDIDATES,
  CACHE_MAX_TRACKED_USERS,
  CACHE_REUSE_MIN_DISTINCT_USERS,
} from "@/domain/core/limits";

/**
 * ai_cache (spec §3, §9): model replies keyed by the normalised query plus a context, reused only when
 * their success_rate exceeds 0.7.
 *
 * What may be shared: a reply is served to someone else only when everything the model saw to write
 * it is in the key (engine.ts builds it: only first turns without a photo are cached, and the key's
 * context is a hash of the whole request the model got with the text normalised: system prompt,
 * response schema, generation settings, model, the collected fields and the history sent, both
 * empty). A reply shaped by one user's earlier turns or photo therefore never reaches another user.
 *
 * One entry per (key, reply text): two conversations that got different replies to the same opening
 * are proven separately, so a user counts only towards the very reply they were served (the spec's
 * lookup, best success_rate first, then picks among them).
 *
 * Our rules for success_rate, which the spec does not define: a new entry is unproven (0.5); when a
 * conversation served by it is published, the rate moves towards 1 as a running mean over its uses,
 * (rate × uses + 1) / (uses + 1), but only for a user not counted before: the entry keeps the hashes
 * of the users whose conversations it led to a publication (at most 50; beyond that the rate is
 * settled and stops moving). Reuse needs the spec's rate > 0.7 AND at least 2 distinct users, so
 * one account publishing again and again can never make its reply reach anyone else. Only Gemini
 * replies are cached: the offline Algo is deterministic and free.
 */
export const INITIAL_SUCCESS_RATE = 0.5;

export interface CacheHit {
  id: string;
  response: string;
  successRate: number;
  usageCount: number;
  distinctUsers: number;
}

/**
 * The collected fields in a fixed order and compact ("p=bicicletta;c=sport;b=0-300"), empty at the
 * start of a conversation: the context ai_learning records keep.
 */
export function cacheContext(fields: AlgoExtractedData): string {
  const details = fields.productDetails ?? {};
  const parts: Array<[string, string | undefined]> = [
    ["p", fields.productName],
    ["c", fields.category],
    ["b", fields.budget ? `${fields.budget.min ?? ""}-${fields.budget.max ?? ""}` : undefined],
    ["u", fields.urgency],
    ["d", fields.deliveryPreference],
    ["s", details.size],
    ["col", details.color],
    ["m", details.material],
    ["cond", details.condition],
    ["spec", details.specifications],
  ];
  return parts
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([name, value]) => `${name}=${value}`)
    .join(";");
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Document id of an entry: one per key and reply text (keys and replies may hold any character). */
export function cacheEntryId(assistant: AiAssistant, key: string, response: string): string {
  return sha256(`${assistant}\n${key}\n${response}`);
}

/** What an entry keeps of a user: a hash, never the uid. */
export function cacheUserHash(uid: string): string {
  return sha256(`ai_cache\n${uid}`).slice(0, 32);
}

function hitOf(id: string, data: DocumentData): CacheHit | undefined {
  if (typeof data.response !== "string" || typeof data.success_rate !== "number") return undefined;
  return {
    id,
    response: data.response,
    successRate: data.success_rate,
    usageCount: typeof data.usage_count === "number" ? data.usage_count : 0,
    distinctUsers: Array.isArray(data.user_hashes) ? data.user_hashes.length : 0,
  };
}

/** Reusable: the spec's success_rate > 0.7, reached through at least 2 distinct users. */
export function isReusable(hit: CacheHit | undefined): hit is CacheHit {
  return (
    hit !== undefined &&
    shouldReuseCache(hit.successRate) &&
    hit.distinctUsers >= CACHE_REUSE_MIN_DISTINCT_USERS
  );
}

/**
 * The spec's query (by cacheKey and aiAssistant, best success_rate first), over a few candidates: the
 * best reusable one, if any.
 */
export async function findReusableReply(
  db: Firestore,
  assistant: AiAssistant,
  key: string,
): Promise<CacheHit | undefined> {
  const snapshot = await db
    .collection(COLLECTIONS.aiCache)
    .where(AI_CACHE_FIELDS.cacheKey, "==", key)
    .where(AI_CACHE_FIELDS.aiAssistant, "==", assistant)
    .orderBy(AI_CACHE_FIELDS.successRate, "desc")
    .limit(CACHE_LOOKUP_CANDIDATES)
    .get();
  return snapshot.docs.map((doc) => hitOf(doc.id, doc.data())).find(isReusable);
}

export async function countCacheUse(db: Firestore, id: string, now: Date): Promise<void> {
  await db
    .collection(COLLECTIONS.aiCache)
    .doc(id)
    .update({ usage_count: FieldValue.increment(1), updated_at: Timestamp.fromDate(now) });
}

/** Stores a fresh reply: a new entry, or one more use of the entry holding the same reply. */
export async function storeCachedReply(
  db: Firestore,
  entry: { assistant: AiAssistant; key: string; userQuery: string; response: string },
  now: Date,
): Promise<string> {
  const id = cacheEntryId(entry.assistant, entry.key, entry.response);
  const ref = db.collection(COLLECTIONS.aiCache).doc(id);
  const at = Timestamp.fromDate(now);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (snapshot.exists) {
      tx.update(ref, { usage_count: FieldValue.increment(1), updated_at: at });
    } else {
      tx.create(ref, {
        id,
        cacheKey: entry.key,
        aiAssistant: entry.assistant,
        userQuery: entry.userQuery,
        response: entry.response,
        usage_count: 1,
        success_rate: INITIAL_SUCCESS_RATE,
        user_hashes: [],
        created_at: at,
        updated_at: at,
      });
    }
  });
  return id;
}

/**
 * `uid`'s conversation, served by these entries, was published: a success for each entry, if `uid`
 * has not been counted by it before.
 */
export async function reinforceCacheEntries(
  db: Firestore,
  ids: readonly string[],
  uid: string,
  now: Date,
): Promise<void> {
  const user = cacheUserHash(uid);
  for (const id of new Set(ids)) {
    const ref = db.collection(COLLECTIONS.aiCache).doc(id);
    await db.runTransaction(async (tx) => {
      const data = (await tx.get(ref)).data();
      if (!data) return;
      const users = Array.isArray(data.user_hashes) ? (data.user_hashes as unknown[]) : [];
      if (users.includes(user) || users.length >= CACHE_MAX_TRACKED_USERS) return;
      const rate = typeof data.success_rate === "number" ? data.success_rate : INITIAL_SUCCESS_RATE;
      const uses = Math.max(1, typeof data.usage_count === "number" ? data.usage_count : 1);
      tx.update(ref, {
        success_rate: Math.min(1, (rate * uses + 1) / (uses + 1)),
        user_hashes: FieldValue.arrayUnion(user),
        updated_at: Timestamp.fromDate(now),
      });
    });
  }
}
