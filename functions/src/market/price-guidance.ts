import type { Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { z } from "zod";
import { COLLECTIONS } from "@/domain/core/collections";
import { requestCategorySchema } from "@/domain/core/enums";
import { distanceKm, latLngSchema } from "@/domain/geo/geo";
import {
  type PriceGuidanceInput,
  type PriceGuidanceOutput,
  type PriceRangeQuery,
  priceBand,
  priceGuidanceInputSchema,
  priceRange,
} from "@/domain/marketplace/price-guidance";
import { PRICE_GUIDANCE_MESSAGES } from "@/domain/marketplace/price-guidance-messages";
import { guidanceOffers, guidanceSummaryIds } from "@/domain/marketplace/price-stats";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { productSignature } from "@/domain/products/product-similarity";
import { runDeal } from "../deals/deal-store";
import { guardedCall } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { callableOptions } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { hitRateLimits } from "../lib/rate-limit";
import { PRICE_GUIDANCE_RATE_POLICY } from "../lib/rate-limit-policy";
import { sized } from "../lib/sizing";
import { readOfferable } from "../offers/submit-offer";

/**
 * The priceGuidance callable: local price guidance from the summaries (price-summaries.ts), never
 * from the offers themselves, so no answer changes within a day and none holds a price less than a day
 * old. Any signed-in account may ask the range for a product at a place; only a shop that may offer on a
 * request (submitOffer's own checks, the shop's reach among them) learns where a price sits for it, as a
 * band. Every call counts against the caller's hourly limit, refusals included.
 */

const NOTHING: PriceGuidanceOutput = { range: null, position: null };

/** What a shop's question needs of the request: the product, its category and place. */
const requestPartSchema = z.object({
  category: requestCategorySchema,
  productName: z.string().min(1),
  location: latLngSchema,
});

export interface PriceGuidanceDeps {
  db: Firestore;
  now: () => Date;
}

/** The offers the 9 summaries around the place count for the product (similar, within 15 km). */
async function countedOffers(db: Firestore, query: PriceRangeQuery) {
  const signature = productSignature(query.productName);
  if (!signature) return undefined;
  const refs = guidanceSummaryIds(query.category, signature.head, query.location).map((id) =>
    db.collection(COLLECTIONS.priceSummaries).doc(id),
  );
  const snaps = await db.getAll(...refs);
  return guidanceOffers(
    snaps.map((snap) => snap.data()),
    { signature, place: query.location },
    distanceKm,
  );
}

/** The guidance `uid` asked for: the range, and for a shop's question the band; or a refusal. */
export async function priceGuidanceFor(
  uid: string,
  input: PriceGuidanceInput,
  deps: PriceGuidanceDeps,
): Promise<PriceGuidanceOutput> {
  const { db } = deps;
  const key = `price-guidance:uid:${uid}`;
  if (!(await hitRateLimits(db, [{ key, policy: PRICE_GUIDANCE_RATE_POLICY }], deps.now()))) {
    throw new HttpsError("resource-exhausted", PRICE_GUIDANCE_MESSAGES.tooManyRequests);
  }
  if (!("requestId" in input)) {
    const offers = await countedOffers(db, input);
    return offers ? { range: priceRange(offers.histogram, offers.shops) ?? null, position: null } : NOTHING;
  }
  // Only for a request this shop may offer on: submitOffer's checks, read without writing anything.
  const { requestSnap } = await db.runTransaction(
    (tx) => readOfferable(tx, db, uid, input.requestId, deps.now()),
    { readOnly: true },
  );
  const request = requestPartSchema.safeParse(requestSnap.data());
  if (!request.success) return NOTHING;
  const offers = await countedOffers(db, request.data);
  if (!offers) return NOTHING;
  return {
    range: priceRange(offers.histogram, offers.shops) ?? null,
    position: priceBand(input.price, offers.histogram, offers.shops) ?? null,
  };
}

export const priceGuidance = guardedCall(
  ACCOUNT_GUARD.shop,
  sized("priceGuidance", callableOptions),
  (request): Promise<PriceGuidanceOutput> =>
    runDeal("priceGuidance", request.auth?.uid, PRICE_GUIDANCE_MESSAGES.unavailable, async (uid) => {
      const input = parseCallableInput(priceGuidanceInputSchema, request.data);
      const db = adminDb();
      return priceGuidanceFor(uid, input, { db, now: await clockFor(db) });
    }),
);
