import { createHash } from "node:crypto";
import {
  type DocumentData,
  type DocumentReference,
  FieldValue,
  type Firestore,
  Timestamp,
} from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { COLLECTIONS } from "@/domain/core/collections";
import {
  comuneKey,
  MARKET_QUICK_OFFER_MINUTES,
  type MarketCellAddress,
  marketCellOf,
  minutesBetween,
} from "@/domain/market/market-rollups";
import { marketShardId } from "@/domain/market/market-shards";
import { shopMonthId, shopMonthOf } from "@/domain/market/shop-funnel";
import type { OfferOrigin } from "@/domain/marketplace/offer-origin";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";

/**
 * The ONE place the market dashboard's rollups are incremented (docs/market-dashboard.md). The events
 * that already drive notifications (submitOffer, acceptOffer, completeTransaction) record theirs right
 * after their own commit, in a batch of its own (recordAfterCommit), never in the transaction of an
 * offer or a deal. Each lands in its request's day-and-comune shard (marketDays, market-shards.ts: at
 * most ~0.4 writes a second at the national peak), stamped `touchedAt`, which the hourly summaries job
 * (market-summaries.ts) folds into the month the page reads. A lost increment is logged as an error and
 * repaired by the reconciliation. Publication is counted by the request trigger (onRequestWritten),
 * which sees every publishing path. The nightly reconciliation (reconcile.ts) recomputes the recent
 * days from the raw documents and overwrites what drifted (a trigger retried, a script's writes).
 */

/** Anything that can write a document with merge: a transaction or a batch. */
export interface RollupWriter {
  set(ref: DocumentReference, data: DocumentData, options: { merge: true }): unknown;
}

/** A shop as the rollups know it: a hash, so the counts of distinct shops need no uid. */
export function shopKey(uid: string): string {
  return createHash("sha256").update(`vicino-market:${uid}`).digest("hex").slice(0, 16);
}

const asDate = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate() : value);

/** The cell a stored request document counts in (its Timestamps read as dates), or null. */
export function requestCell(data: DocumentData | undefined): MarketCellAddress | null {
  if (!data) return null;
  return marketCellOf({
    createdAt: asDate(data.createdAt),
    category: data.category,
    location: data.location,
  });
}

export function marketShardRef(db: Firestore, day: string, comune: string): DocumentReference {
  return db.collection(COLLECTIONS.marketDays).doc(marketShardId(day, comune));
}

function stage(writer: RollupWriter, db: Firestore, cell: MarketCellAddress, fields: DocumentData): void {
  writer.set(
    marketShardRef(db, cell.day, cell.comune),
    {
      day: cell.day,
      comune: comuneKey(cell.comune),
      touchedAt: FieldValue.serverTimestamp(),
      cells: { [cell.category]: { ...cell, ...fields } },
    },
    { merge: true },
  );
}

const one = () => FieldValue.increment(1);

/** The shop's own funnel of the month (shop-funnel.ts), staged with the market's increments. */
function stageShop(
  writer: RollupWriter,
  db: Firestore,
  merchantId: string | undefined,
  at: Date,
  field: "offers" | "accepted" | "verified",
): void {
  if (!merchantId) return;
  const month = shopMonthOf(at);
  writer.set(
    db.collection(COLLECTIONS.shopMonths).doc(shopMonthId(merchantId, month)),
    { merchantId, month, [field]: one() },
    { merge: true },
  );
}

/** The increments an event stages on a writer (one of the stage* functions below, bound to its data). */
export type RollupStaging = (writer: RollupWriter) => void;

/**
 * After an event's commit: its increments, in a batch of their own. Never throws (the event has
 * happened), but a failed increment is logged as an error, for the error reports to show, and left to
 * the reconciliation. Returns whether it was recorded.
 */
export async function recordAfterCommit(db: Firestore, staging: RollupStaging | undefined): Promise<boolean> {
  if (!staging) return false;
  try {
    const batch = db.batch();
    staging(batch);
    await batch.commit();
    return true;
  } catch (error) {
    logger.error("market rollups: increment not recorded, the reconciliation repairs it", {
      error: String(error),
    });
    return false;
  }
}

/** A request became visible to shops for the first time: published. */
export function stageRequestPublished(writer: RollupWriter, db: Firestore, request: DocumentData): void {
  const cell = requestCell(request);
  if (cell) stage(writer, db, cell, { published: one() });
}

/**
 * A shop offered on a request (not an expired offer made again: one offer per shop and request).
 * `first`: the request had no offer before, so this one sets its time to the first offer.
 */
export function stageOfferSubmitted(
  writer: RollupWriter,
  db: Firestore,
  request: DocumentData,
  offer: { merchantId: string; at: Date; first: boolean; origin?: OfferOrigin },
): void {
  stageShop(writer, db, offer.merchantId, offer.at, "offers");
  const cell = requestCell(request);
  const createdAt = asDate(request.createdAt);
  if (!cell || !(createdAt instanceof Date)) return;
  const fields: DocumentData = { offers: one(), shops: FieldValue.arrayUnion(shopKey(offer.merchantId)) };
  // Where the offer came from (the dashboard's shares): a notification or the shop's catalogue.
  if (offer.origin === "notifica") fields.offersFromNotification = one();
  if (offer.origin === "catalogo") fields.offersFromCatalogue = one();
  if (offer.first) {
    const minutes = minutesBetween(createdAt, offer.at);
    fields.withOffer = one();
    fields.firstOfferMinutes = { [String(minutes)]: one() };
    if (minutes < MARKET_QUICK_OFFER_MINUTES) fields.offeredWithin24h = one();
  }
  stage(writer, db, cell, fields);
}

/** The buyer accepted an offer on the request. */
export function stageDealAccepted(
  writer: RollupWriter,
  db: Firestore,
  request: DocumentData,
  shop?: { merchantId: string; at: Date },
): void {
  if (shop) stageShop(writer, db, shop.merchantId, shop.at, "accepted");
  const cell = requestCell(request);
  if (cell) stage(writer, db, cell, { accepted: one() });
}

/** The shop verified the pickup code at the till: the sale is proved. */
export function stageSaleVerified(
  writer: RollupWriter,
  db: Firestore,
  request: DocumentData,
  shop?: { merchantId: string; at: Date },
): void {
  if (shop) stageShop(writer, db, shop.merchantId, shop.at, "verified");
  const cell = requestCell(request);
  if (cell) stage(writer, db, cell, { verified: one() });
}

/** The buyer completed the purchase. */
export function stageSaleCompleted(writer: RollupWriter, db: Firestore, request: DocumentData): void {
  const cell = requestCell(request);
  if (cell) stage(writer, db, cell, { completed: one() });
}

/**
 * Whether a request write is its publication: created active, or released from `awaiting_email` once
 * the buyer proved the address. A document created active with a date long past is history (the demo
 * seed, an import), left to the reconciliation, as the fan-out does (request-fanout.ts becameReachable).
 */
export function isPublication(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
  now: Date,
  historyAfterMs: number,
): boolean {
  if (after?.status !== REQUEST_STATUS.active) return false;
  if (before?.status === REQUEST_STATUS.awaitingEmail) return true;
  if (before !== undefined) return false;
  const createdAt = asDate(after.createdAt);
  return createdAt instanceof Date && now.getTime() - createdAt.getTime() < historyAfterMs;
}

/** The request trigger's part: counts a publication (outside any transaction: one merge write). */
export async function recordRequestWrite(
  db: Firestore,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
  now: Date,
  historyAfterMs: number,
): Promise<boolean> {
  if (!after || !isPublication(before, after, now, historyAfterMs)) return false;
  return recordAfterCommit(db, (writer) => stageRequestPublished(writer, db, after));
}
