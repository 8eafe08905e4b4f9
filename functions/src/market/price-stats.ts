import { createHash } from "node:crypto";
import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import { onDocumentUpdated } from "firebase-functions/firestore";
import * as logger from "firebase-functions/logger";
import { z } from "zod";
import { COLLECTIONS } from "@/domain/core/collections";
import {
  movedFrom,
  type PriceEntry,
  priceDayExpiry,
  priceEntry,
  priceEntrySchema,
} from "@/domain/marketplace/price-stats";
import { OFFER_STATUS } from "@/domain/marketplace/state-machine";
import { productSignature } from "@/domain/products/product-similarity";
import type { RollupWriter } from "../analytics/rollups";
import { requestRef, storedOfferSchema } from "../deals/deal-store";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";

/**
 * The ONE module that keeps the offers' prices (priceEntries, src/domain/marketplace/price-stats.ts).
 * submitOffer records an offer's price right after its commit (recordOfferPrice: a write of its own,
 * never in the offer's transaction); a shop editing its pending offer's price (a write of its app, under
 * the rules) replaces it through onOfferUpdated. Nothing here is read by a guidance answer: the summaries job
 * (price-summaries.ts) counts an entry once its day is settled, so a new or edited price changes no
 * answer on the day it is made.
 */

/** A shop as the aggregates know it: a hash, so counting distinct shops needs no uid. */
export function priceShopKey(uid: string): string {
  return createHash("sha256").update(`vicino-prices:${uid}`).digest("hex").slice(0, 16);
}

/** An offer's entry id: a hash too, since an offer's id holds its shop's uid. */
export function priceEntryId(offerId: string): string {
  return createHash("sha256").update(`vicino-prices-offer:${offerId}`).digest("hex").slice(0, 20);
}

/** What the entry needs of the request: its category, product and cells. */
const requestPartSchema = z.object({
  category: z.string().min(1),
  productName: z.string().min(1),
  gh4: z.string().length(4),
  gh5: z.string().length(5),
});

type OfferPrice = { offerId: string; merchantId: string; price: number; at: Date };

/** The offer's entry, or undefined for a request without a product word or cells (left out). */
function entryOf(request: DocumentData, offer: OfferPrice): PriceEntry | undefined {
  const parsed = requestPartSchema.safeParse(request);
  if (!parsed.success) return undefined;
  const signature = productSignature(parsed.data.productName);
  if (!signature) return undefined;
  return priceEntry(
    { ...parsed.data, signature },
    { shop: priceShopKey(offer.merchantId), price: offer.price, at: offer.at },
  );
}

/** The stored document of an entry: expiresAt is the TTL policy's field (TTL_POLICIES). */
function storedEntry(entry: PriceEntry): DocumentData {
  return { ...entry, expiresAt: Timestamp.fromDate(priceDayExpiry(entry.day)) };
}

/**
 * Stages a first price for an offer (the seed's past prices): a blind write, so it does not track an
 * earlier price of the same offer; recordOfferPrice does.
 */
export function stageOfferPrice(
  writer: RollupWriter,
  db: Firestore,
  request: DocumentData,
  offer: OfferPrice,
): void {
  const entry = entryOf(request, offer);
  if (!entry) return;
  writer.set(db.collection(COLLECTIONS.priceEntries).doc(priceEntryId(offer.offerId)), storedEntry(entry), {
    merge: true,
  });
}

/**
 * After an offer's commit, or an edit of its price: the offer's entry, replaced in a small transaction
 * of its own (one document per offer, so never a hot one). An entry that moves to another day or bucket
 * notes the one it left (`moved`), so the summaries job builds that one again without it. Never throws: a
 * lost entry is logged, and guidance only counts one offer fewer.
 */
export async function recordOfferPrice(
  db: Firestore,
  request: DocumentData,
  offer: OfferPrice,
): Promise<void> {
  const entry = entryOf(request, offer);
  if (!entry) return;
  const ref = db.collection(COLLECTIONS.priceEntries).doc(priceEntryId(offer.offerId));
  try {
    await db.runTransaction(async (tx) => {
      const previous = priceEntrySchema.safeParse((await tx.get(ref)).data());
      const moved = movedFrom(previous.success ? previous.data : undefined, entry);
      tx.set(ref, storedEntry({ ...entry, ...(moved.length > 0 ? { moved } : {}) }));
    });
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
