import { createHash } from "node:crypto";
import type { DocumentData, Firestore } from "firebase-admin/firestore";
import { onDocumentUpdated } from "firebase-functions/firestore";
import { onCall } from "firebase-functions/https";
import * as logger from "firebase-functions/logger";
import { z } from "zod";
import { COLLECTIONS } from "@/domain/core/collections";
import { distanceKm } from "@/domain/geo/geo";
import {
  PRICE_GUIDANCE_MESSAGES,
  type PriceGuidanceInput,
  type PriceGuidanceOutput,
  priceGuidanceInputSchema,
  pricePosition,
  priceRange,
  relevantPoints,
} from "@/domain/marketplace/price-guidance";
import {
  entryPoint,
  guidanceDocIds,
  latestEntries,
  type PriceStatEntry,
  priceStatsDocId,
  priceStatsExpiry,
  priceStatsMonth,
} from "@/domain/marketplace/price-stats";
import { OFFER_STATUS } from "@/domain/marketplace/state-machine";
import { productSignature } from "@/domain/products/product-similarity";
import type { RollupWriter } from "../analytics/rollups";
import { requestRef, runDeal, storedOfferSchema } from "../deals/deal-store";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { callableOptions, region } from "../lib/global-options";
import { parseCallableInput } from "../lib/http-errors";
import { sized } from "../lib/sizing";

/**
 * The ONE module that keeps and reads the price aggregates (src/domain/marketplace/price-stats.ts).
 * submitOffer records an offer's entry right after its commit (recordOfferPrice: a blind merge in a
 * write of its own, never in the offer's transaction); a shop editing its pending offer's price (a
 * write of its app, under the rules) replaces the entry through onOfferUpdated; priceGuidance reads the cells around a
 * place and answers only above the threshold (price-guidance.ts), so a client never sees one offer.
 */

/** A shop as the aggregates know it: a hash, so counting distinct shops needs no uid. */
export function priceShopKey(uid: string): string {
  return createHash("sha256").update(`vicino-prices:${uid}`).digest("hex").slice(0, 16);
}

/** An offer's key in the map: a hash too, since an offer's id holds its shop's uid. */
function offerKey(offerId: string): string {
  return createHash("sha256").update(`vicino-prices-offer:${offerId}`).digest("hex").slice(0, 20);
}

/** What the entry needs of the request: its category, product and cells. */
const requestPartSchema = z.object({
  category: z.string().min(1),
  productName: z.string().min(1),
  gh4: z.string().length(4),
  gh5: z.string().length(5),
});

/**
 * Stages an offer's price in priceStats (keyed by a hash of the offer's id, so an offer made again
 * replaces its entry in the month's document; in a later month's, the read keeps only the newest:
 * latestEntries). A request without a product word or cells is left out.
 */
export function stageOfferPrice(
  writer: RollupWriter,
  db: Firestore,
  request: DocumentData,
  offer: { offerId: string; merchantId: string; price: number; at: Date },
): void {
  const parsed = requestPartSchema.safeParse(request);
  if (!parsed.success) return;
  const signature = productSignature(parsed.data.productName);
  if (!signature) return;
  const { category, gh4, gh5 } = parsed.data;
  const entry: PriceStatEntry = {
    p: offer.price,
    s: priceShopKey(offer.merchantId),
    at: offer.at.getTime(),
    g: gh5,
    h: signature.head,
    ...(signature.brand ? { b: signature.brand } : {}),
    ...(signature.model ? { m: signature.model } : {}),
  };
  const month = priceStatsMonth(offer.at);
  const ref = db.collection(COLLECTIONS.priceStats).doc(priceStatsDocId(category, gh4, month));
  writer.set(
    ref,
    // expiresAt: the TTL policy's field (TTL_POLICIES), so an old month goes by itself.
    {
      category,
      cell: gh4,
      month,
      expiresAt: priceStatsExpiry(month),
      offers: { [offerKey(offer.offerId)]: entry },
    },
    { merge: true },
  );
}

/**
 * After an offer's commit: its price, in a write of its own. A category's month in a cell takes every
 * offer there, so it stays out of submitOffer's transaction (as the market rollups do) and cannot hold
 * up or fail an offer. Never throws: a lost entry is logged, and guidance only counts one offer fewer.
 */
export async function recordOfferPrice(
  db: Firestore,
  request: DocumentData,
  offer: { offerId: string; merchantId: string; price: number; at: Date },
): Promise<void> {
  try {
    const batch = db.batch();
    stageOfferPrice(batch, db, request, offer);
    await batch.commit();
  } catch (error) {
    logger.warn("price stats: offer price not recorded", { error: String(error) });
  }
}

export type PriceEditOutcome = "recorded" | "unchanged" | "not-pending" | "unreadable";

/**
 * A pending offer whose price changed: its entry replaced by the new price (same key, so it counts
 * once), dated at the edit. Any other update (a decision, a read, the hold) writes nothing.
 */
export async function recordEditedOfferPrice(
  db: Firestore,
  offerId: string,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
  now: () => Promise<Date>,
): Promise<PriceEditOutcome> {
  // The offer as the deals read it (deal-store.ts): its request, shop, state and price.
  const previous = storedOfferSchema.safeParse(before);
  const current = storedOfferSchema.safeParse(after);
  if (!current.success || current.data.price === undefined) return "unreadable";
  if (current.data.status !== OFFER_STATUS.pending) return "not-pending";
  if (previous.success && previous.data.price === current.data.price) return "unchanged";
  const request = await requestRef(db, current.data.requestId).get();
  if (!request.exists) return "unreadable";
  await recordOfferPrice(db, request.data() ?? {}, {
    offerId,
    merchantId: current.data.merchantId,
    price: current.data.price,
    at: await now(),
  });
  return "recorded";
}

export const onOfferUpdated = onDocumentUpdated(
  sized("onOfferUpdated", { document: `${COLLECTIONS.offers}/{offerId}`, region }),
  async (event) => {
    const db = adminDb();
    // The functions' clock (the test clock on the emulators) is read only for an edit it records.
    const outcome = await recordEditedOfferPrice(
      db,
      event.params.offerId,
      event.data?.before.data(),
      event.data?.after.data(),
      async () => (await clockFor(db))(),
    );
    if (outcome === "recorded") logger.info("price stats: edited offer price", { outcome });
  },
);

const NOTHING: PriceGuidanceOutput = { range: null, abovePercent: null };

/** The guidance for a product near a place: the range and, with a price, its position; or nothing. */
export async function priceGuidanceFor(
  input: PriceGuidanceInput,
  deps: { db: Firestore; now: () => Date },
): Promise<PriceGuidanceOutput> {
  const signature = productSignature(input.productName);
  if (!signature) return NOTHING;
  const now = deps.now();
  const refs = guidanceDocIds(input.category, input.location, now).map((id) =>
    deps.db.collection(COLLECTIONS.priceStats).doc(id),
  );
  const snaps = await deps.db.getAll(...refs);
  // An offer made again in a later month is in two documents: it counts once, at its newest price.
  const points = latestEntries(snaps.map((snap) => snap.data())).map(entryPoint);
  const relevant = relevantPoints(points, { signature, place: input.location, now }, distanceKm);
  const range = priceRange(relevant);
  if (!range) return NOTHING;
  const position = input.price === undefined ? undefined : pricePosition(input.price, relevant);
  return { range, abovePercent: position ?? null };
}

export const priceGuidance = onCall(
  sized("priceGuidance", callableOptions),
  (request): Promise<PriceGuidanceOutput> =>
    runDeal("priceGuidance", request.auth?.uid, PRICE_GUIDANCE_MESSAGES.unavailable, async () => {
      const input = parseCallableInput(priceGuidanceInputSchema, request.data);
      const db = adminDb();
      return priceGuidanceFor(input, { db, now: await clockFor(db) });
    }),
);
