import { z } from "zod";
import type { AlgoExtractedData } from "@/domain/algo/algo";
import type { RequestCategory } from "@/domain/core/enums";
import { TOPICS, type Topic } from "./topics";

/**
 * What the offline Algo remembers between turns (stored with the conversation) and which topics it
 * asks about for a category. A topic asked twice without an answer, or answered with "indifferente",
 * counts as answered: Algo never nags.
 */

export const offlineStateSchema = z.object({
  /** Times each topic has been asked. */
  asked: z.record(z.string(), z.number().int().min(0)).default({}),
  /** Topics the user does not mind about. */
  skipped: z.array(z.enum(TOPICS)).default([]),
  /** The question of the last reply. */
  pending: z.enum(TOPICS).optional(),
  /** The last reply proposed publishing (a "sì" now publishes, a "no" asks for more details). */
  proposed: z.boolean().default(false),
  /** Messages in a row that said nothing Algo understood. */
  misses: z.number().int().min(0).default(0),
});
export type OfflineState = z.infer<typeof offlineStateSchema>;

export const INITIAL_OFFLINE_STATE: OfflineState = { asked: {}, skipped: [], proposed: false, misses: 0 };

export const BASE_TOPICS: readonly Topic[] = ["product", "budget", "urgency", "delivery"];

/** The details worth asking per category, after the four basic topics. */
export const CATEGORY_TOPICS: Readonly<Record<RequestCategory, readonly Topic[]>> = {
  abbigliamento: ["size", "color"],
  elettronica: ["condition", "specifications"],
  casa: ["condition", "material"],
  sport: ["condition"],
  automotive: ["specifications", "condition"],
  "strumenti musicali": ["condition"],
  generale: ["condition"],
};

/**
 * The topics of a category, in the order Algo asks them: the product, then the place (it decides which
 * shops see the request and has no default: asked until known, before anything else), then the other
 * basics, then the category's details.
 */
export function topicsFor(category: string | undefined): readonly Topic[] {
  const extra = CATEGORY_TOPICS[(category ?? "generale") as RequestCategory] ?? CATEGORY_TOPICS.generale;
  const [product, ...rest] = BASE_TOPICS;
  return [product as Topic, "place", ...rest, ...extra];
}

function known(topic: Topic, fields: AlgoExtractedData): boolean {
  const details = fields.productDetails ?? {};
  switch (topic) {
    case "product":
      return Boolean(fields.productName);
    case "budget":
      return fields.budget?.min !== undefined || fields.budget?.max !== undefined;
    case "urgency":
      return Boolean(fields.urgency);
    case "delivery":
      return Boolean(fields.deliveryPreference);
    case "place":
      return hasPlace(fields);
    default:
      return Boolean(details[topic]);
  }
}

/** A place the buyer gave: a resolved comune or the phone's position (conversation.location). */
export function hasPlace(fields: AlgoExtractedData): boolean {
  return fields.location?.lat !== undefined && fields.location.lng !== undefined;
}

/** Answered, skipped, or asked twice; the place only when known (no request without one). */
export function answered(topic: Topic, fields: AlgoExtractedData, state: OfflineState): boolean {
  if (topic === "place") return hasPlace(fields);
  return known(topic, fields) || state.skipped.includes(topic) || (state.asked[topic] ?? 0) >= 2;
}
