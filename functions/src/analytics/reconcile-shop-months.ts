import { FieldPath, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, OFFER_FIELDS } from "@/domain/core/collections";
import {
  SHOP_MONTH_FIELDS,
  type ShopMonth,
  shopMonthId,
  shopMonthOf,
  shopMonthQueryRange,
  shopMonthsDue,
} from "@/domain/market/shop-funnel";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, type SweepPaging } from "../lib/sweep-pages";

/** Writes per batch (Firestore takes 500). */
const BATCH_WRITES = 400;

export interface ShopMonthsDeps extends SweepPaging {
  db: Firestore;
  now: () => Date;
}

export interface ShopMonthsResult {
  months: string[];
  /** shopMonths documents written (each shop with an event in a month, and each stored one without). */
  shops: number;
  /** Documents the queries returned. */
  read: number;
  /** False when the time budget stopped a read: nothing was written, the next run tries again. */
  complete: boolean;
}

/** Which offer date counts toward which number (the events rollups.ts counts as they happen). */
const EVENTS: readonly { field: string; count: keyof ShopMonth }[] = [
  { field: OFFER_FIELDS.createdAt, count: "offers" },
  { field: OFFER_FIELDS.acceptedAt, count: "accepted" },
  { field: OFFER_FIELDS.verifiedPurchaseAt, count: "verified" },
];

const empty = (): ShopMonth => ({ offers: 0, accepted: 0, verified: 0 });

/**
 * One month's funnels from the raw offers: for each of the three dates, the offers whose date falls in
 * the month (one range query on that field, in bounded pages with a cursor), counted per shop; then the
 * month's stored documents, so a shop whose counter is wrong with no event to show for it goes to 0.
 */
async function countMonth(deps: ShopMonthsDeps, month: string) {
  const { db } = deps;
  const { from, to } = shopMonthQueryRange(month);
  const shops = new Map<string, ShopMonth>();
  let read = 0;
  let complete = true;
  for (const { field, count } of EVENTS) {
    const query = db
      .collection(COLLECTIONS.offers)
      .where(field, ">=", Timestamp.fromDate(from))
      .where(field, "<", Timestamp.fromDate(to))
      .orderBy(field);
    const pages = await forEachPage(query, deps, async (docs) => {
      for (const doc of docs) {
        const at = doc.get(field);
        const merchantId = doc.get(OFFER_FIELDS.merchantId);
        if (!(at instanceof Timestamp) || typeof merchantId !== "string") continue;
        if (shopMonthOf(at.toDate()) !== month) continue;
        const funnel = shops.get(merchantId) ?? empty();
        funnel[count] += 1;
        shops.set(merchantId, funnel);
      }
    });
    read += pages.read;
    complete &&= pages.complete;
  }
  const stored = db
    .collection(COLLECTIONS.shopMonths)
    .where(SHOP_MONTH_FIELDS.month, "==", month)
    .orderBy(FieldPath.documentId());
  const pages = await forEachPage(stored, deps, async (docs) => {
    for (const doc of docs) {
      const merchantId = doc.get(SHOP_MONTH_FIELDS.merchantId);
      if (typeof merchantId === "string" && !shops.has(merchantId)) shops.set(merchantId, empty());
    }
  });
  read += pages.read;
  complete &&= pages.complete;
  return { shops, read, complete };
}

/**
 * The nightly repair of the shops' funnels (shopMonths/{YYYY-MM}_{merchantId}, 'Offerte → Accettate →
 * Acquisti verificati'): the increments after each event's commit can fail (logged, never retried),
 * so the due months (shopMonthsDue) are counted again from the offers and each shop's numbers replaced.
 * Reads only those months' offers and documents, in pages; a run stopped by its time budget writes
 * nothing. An increment landing between the count and the write is lost until the next night, as with
 * the market's reconciliation; an offer made again counts in the month it was made again.
 */
export async function reconcileShopMonthsFor(deps: ShopMonthsDeps): Promise<ShopMonthsResult> {
  const { db } = deps;
  const months = shopMonthsDue(deps.now());
  const counted = [];
  let read = 0;
  for (const month of months) {
    const result = await countMonth(deps, month);
    read += result.read;
    if (!result.complete) return { months, shops: 0, read, complete: false };
    counted.push({ month, shops: result.shops });
  }
  const reconciledAt = Timestamp.fromDate(deps.now());
  const writes = counted.flatMap(({ month, shops }) =>
    [...shops].map(([merchantId, funnel]) => ({ month, merchantId, funnel })),
  );
  for (let start = 0; start < writes.length; start += BATCH_WRITES) {
    const batch = db.batch();
    for (const { month, merchantId, funnel } of writes.slice(start, start + BATCH_WRITES)) {
      batch.set(
        db.collection(COLLECTIONS.shopMonths).doc(shopMonthId(merchantId, month)),
        { merchantId, month, ...funnel, reconciledAt },
        { merge: true },
      );
    }
    await batch.commit();
  }
  return { months, shops: writes.length, read, complete: true };
}

/** Every night at 03:45 Italian time, after the market's reconciliation. */
export const reconcileShopMonths = onSchedule(
  sized("reconcileShopMonths", { schedule: "45 3 * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const result = await reconcileShopMonthsFor({ db, now: await clockFor(db) });
    logger.info("Shop funnels reconciled", result);
  },
);
