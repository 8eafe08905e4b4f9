import { createHash } from "node:crypto";
import { FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import { type AiAssistant, shouldReuseCache } from "@/domain/ai";
import type { AlgoExtractedData } from "@/domain/algo";
import { COLLECTIONS } from "@/domain/collections";

/**
 * ai_cache (spec §3, §9): model replies keyed by the normalised query plus the first 50 characters of
 * the context, reused only when their success_rate exceeds 0.7.
 *
 * Our rules for success_rate, which the spec does not define: a new entry is unproven (0.5, so it is
 * not reused yet); each time a conversation that used it gets published, the rate moves towards 1 as
 * a running mean over its uses, (rate × uses + 1) / (uses + 1). An entry thus becomes reusable once a
 * conversation it served has ended in a published request. Only Gemini replies are cached: the
 * offline Algo is deterministic and free. Photo turns, replies that publish, and turns whose context
 * is longer than the 50 characters the key keeps are never cached (engine.ts).
 */
export const INITIAL_SUCCESS_RATE = 0.5;

export interface CacheHit {
  id: string;
  response: string;
  successRate: number;
  usageCount: number;
}

/**
 * The context of a turn: the fields collected so far, in a fixed order and compact
 * ("p=bicicletta;c=sport;b=0-300"), empty at the start of a conversation. The key keeps its first 50
 * characters (spec §9), so the product and the first fields decide.
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

/** Document id of a key: keys may hold any character, ids may not. */
export function cacheEntryId(assistant: AiAssistant, key: string): string {
  return createHash("sha256").update(`${assistant}\n${key}`, "utf8").digest("hex");
}

/** The spec's query: by cacheKey and aiAssistant, best success_rate first, limit 1. */
export async function findCachedReply(
  db: Firestore,
  assistant: AiAssistant,
  key: string,
): Promise<CacheHit | undefined> {
  const snapshot = await db
    .collection(COLLECTIONS.aiCache)
    .where("cacheKey", "==", key)
    .where("aiAssistant", "==", assistant)
    .orderBy("success_rate", "desc")
    .limit(1)
    .get();
  const doc = snapshot.docs[0];
  if (!doc) return undefined;
  const data = doc.data();
  if (typeof data.response !== "string" || typeof data.success_rate !== "number") return undefined;
  return {
    id: doc.id,
    response: data.response,
    successRate: data.success_rate,
    usageCount: typeof data.usage_count === "number" ? data.usage_count : 0,
  };
}

export function isReusable(hit: CacheHit | undefined): hit is CacheHit {
  return hit !== undefined && shouldReuseCache(hit.successRate);
}

export async function countCacheUse(db: Firestore, id: string, now: Date): Promise<void> {
  await db
    .collection(COLLECTIONS.aiCache)
    .doc(id)
    .update({ usage_count: FieldValue.increment(1), updated_at: Timestamp.fromDate(now) });
}

/** Stores a fresh reply: a new entry, or the newer response of an entry not yet reusable. */
export async function storeCachedReply(
  db: Firestore,
  entry: { assistant: AiAssistant; key: string; userQuery: string; response: string },
  now: Date,
): Promise<string> {
  const id = cacheEntryId(entry.assistant, entry.key);
  const ref = db.collection(COLLECTIONS.aiCache).doc(id);
  const at = Timestamp.fromDate(now);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (snapshot.exists) {
      tx.update(ref, { response: entry.response, usage_count: FieldValue.increment(1), updated_at: at });
    } else {
      tx.create(ref, {
        id,
        cacheKey: entry.key,
        aiAssistant: entry.assistant,
        userQuery: entry.userQuery,
        response: entry.response,
        usage_count: 1,
        success_rate: INITIAL_SUCCESS_RATE,
        created_at: at,
        updated_at: at,
      });
    }
  });
  return id;
}

/** A published conversation counts as a success for every entry it used. */
export async function reinforceCacheEntries(db: Firestore, ids: readonly string[], now: Date): Promise<void> {
  for (const id of new Set(ids)) {
    const ref = db.collection(COLLECTIONS.aiCache).doc(id);
    await db.runTransaction(async (tx) => {
      const data = (await tx.get(ref)).data();
      if (!data) return;
      const rate = typeof data.success_rate === "number" ? data.success_rate : INITIAL_SUCCESS_RATE;
      const uses = Math.max(1, typeof data.usage_count === "number" ? data.usage_count : 1);
      tx.update(ref, {
        success_rate: Math.min(1, (rate * uses + 1) / (uses + 1)),
        updated_at: Timestamp.fromDate(now),
      });
    });
  }
}
