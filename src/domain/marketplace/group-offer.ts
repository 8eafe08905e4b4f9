import { z } from "zod";
import { idSchema } from "../core/fields.ts";
import { groupSimilar, type SimilarityItem } from "../products/product-similarity.ts";
import {
  GROUP_OFFER_MAX_REQUESTS,
  GROUP_OFFER_MESSAGES,
  GROUP_OFFER_MIN_REQUESTS,
} from "./group-offer-messages.ts";
import { offerTermsSchema } from "./offer.ts";

export { GROUP_OFFER_MAX_REQUESTS, GROUP_OFFER_MESSAGES, GROUP_OFFER_MIN_REQUESTS };

/**
 * 'N persone cercano …': similar active requests in a shop's feed, shown as one card, answered with one
 * offer for all (submitGroupOffer). The server sends one separate offer per request, each through
 * submitOffer's own transaction and checks, so each buyer gets their own offer and conversation and
 * never learns of the others.
 */

/** submitGroupOffer's input: the offer's terms once, and the requests they answer (distinct). */
export const groupOfferInputSchema = offerTermsSchema.omit({ requestId: true }).extend({
  requestIds: z
    .array(idSchema)
    .min(GROUP_OFFER_MIN_REQUESTS, { error: GROUP_OFFER_MESSAGES.tooFewRequests })
    .max(GROUP_OFFER_MAX_REQUESTS, { error: GROUP_OFFER_MESSAGES.tooManyRequests })
    .refine((ids) => new Set(ids).size === ids.length, { error: GROUP_OFFER_MESSAGES.tooFewRequests }),
});
export type GroupOfferInput = z.input<typeof groupOfferInputSchema>;

/** Per request: the offer sent (its id, which is its conversation's), or why not, in Italian. */
export const groupOfferResultSchema = z.union([
  z.object({ requestId: idSchema, sent: z.literal(true), offerId: idSchema }),
  z.object({ requestId: idSchema, sent: z.literal(false), reason: z.string().min(1) }),
]);
export type GroupOfferResult = z.infer<typeof groupOfferResultSchema>;
export const groupOfferOutputSchema = z.object({ results: z.array(groupOfferResultSchema) });
export type GroupOfferOutput = z.infer<typeof groupOfferOutputSchema>;

export type FeedEntry<T> = { kind: "single"; request: T } | { kind: "group"; requests: T[] };

/**
 * The feed's cards, in its order: similar requests the shop can still answer, in its own categories,
 * become one group (at most GROUP_OFFER_MAX_REQUESTS each); the rest stay single cards.
 */
export function feedEntries<T extends SimilarityItem & { id: string }>(
  requests: readonly T[],
  shop: { categories: readonly string[]; answered: (requestId: string) => boolean },
): FeedEntry<T>[] {
  const groupable = (request: T) => shop.categories.includes(request.category) && !shop.answered(request.id);
  const grouped = new Map<string, T[]>();
  for (const group of groupSimilar(requests.filter(groupable))) {
    if (group.length < GROUP_OFFER_MIN_REQUESTS) continue;
    for (let start = 0; start < group.length; start += GROUP_OFFER_MAX_REQUESTS) {
      const chunk = group.slice(start, start + GROUP_OFFER_MAX_REQUESTS);
      if (chunk.length >= GROUP_OFFER_MIN_REQUESTS) for (const item of chunk) grouped.set(item.id, chunk);
    }
  }
  const entries: FeedEntry<T>[] = [];
  const shown = new Set<T[]>();
  for (const request of requests) {
    const group = grouped.get(request.id);
    if (!group) entries.push({ kind: "single", request });
    else if (!shown.has(group)) {
      shown.add(group);
      entries.push({ kind: "group", requests: group });
    }
  }
  return entries;
}
