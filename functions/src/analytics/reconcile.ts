import { type DocumentData, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, OFFER_FIELDS, REQUEST_FIELDS, USER_FIELDS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY } from "@/domain/core/limits";
import {
  daysEnding,
  emptyMarketCell,
  MARKET_QUICK_OFFER_MINUTES,
  MARKET_RECONCILE_DAYS,
  type MarketCell,
  type MarketShopDay,
  marketCellKey,
  marketDay,
  marketMonth,
  marketMonthSchema,
  minutesBetween,
  planLapsedAt,
} from "@/domain/market/market-rollups";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { SHOP_STATUS } from "@/domain/people/shop-status";
import { parseSubscription } from "../billing/subscription-store";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { marketMonthRef, requestCell, shopKey } from "./rollups";

/** Offers read per request (a request takes at most a few dozen: one per shop in its radius). */
const OFFERS_PER_REQUEST_READ = 200;
/** Italy is UTC+1 or +2: a query from this much before the first day's UTC midnight covers its local midnight. */
const ZONE_MARGIN_MS = 3 * 60 * 60 * 1000;

export interface ReconcileDeps extends SweepPaging {
  db: Firestore;
  now: () => Date;
  /** Days recomputed, ending today (MARKET_RECONCILE_DAYS). */
  days?: number;
}

export interface ReconcileResult {
  days: string[];
  requests: number;
  /** False when the time budget stopped a read: nothing was written, the next run tries again. */
  complete: boolean;
}

const asDate = (value: unknown): Date | null => (value instanceof Timestamp ? value.toDate() : null);

/** One request's contribution, from the request and its offers. */
async function addRequest(db: Firestore, id: string, data: DocumentData, cells: Map<string, MarketCell>) {
  const address = requestCell(data);
  const createdAt = asDate(data.createdAt);
  if (!address || !createdAt || data.status === REQUEST_STATUS.awaitingEmail) return;
  const offers = await db
    .collection(COLLECTIONS.offers)
    .where(OFFER_FIELDS.requestId, "==", id)
    .limit(OFFERS_PER_REQUEST_READ)
    .get();
  const key = marketCellKey(address);
  const cell = cells.get(key) ?? emptyMarketCell(address);
  cell.published += 1;
  cell.offers += offers.size;
  if (data.status === REQUEST_STATUS.completed) cell.completed += 1;
  // The verification is the deal's offer's (verifyPickup), never the request's.
  if (offers.docs.some((offer) => asDate(offer.get(OFFER_FIELDS.verifiedPurchaseAt)))) cell.verified += 1;
  let first: Date | null = null;
  const shops = new Set(cell.shops);
  for (const offer of offers.docs) {
    const at = asDate(offer.get(OFFER_FIELDS.createdAt));
    if (at && (!first || at < first)) first = at;
    if (asDate(offer.get("acceptedAt"))) cell.accepted += 1;
    shops.add(shopKey(String(offer.get(OFFER_FIELDS.merchantId))));
  }
  cell.shops = [...shops].sort();
  if (first) {
    const minutes = minutesBetween(createdAt, first);
    cell.withOffer += 1;
    cell.firstOfferMinutes[String(minutes)] = (cell.firstOfferMinutes[String(minutes)] ?? 0) + 1;
    if (minutes < MARKET_QUICK_OFFER_MINUTES) cell.offeredWithin24h += 1;
  }
  cells.set(key, cell);
}

/** Shops verified and plans lapsed on each of `days` (plans: access ended that day and not back by now). */
async function shopDays(deps: ReconcileDeps, days: readonly string[], from: Timestamp) {
  const { db } = deps;
  const result = new Map<string, MarketShopDay>(days.map((day) => [day, { newShops: 0, lapsedPlans: 0 }]));
  let complete = true;
  const verified = db
    .collection(COLLECTIONS.users)
    .where(USER_FIELDS.shopVerifiedAt, ">=", from)
    .orderBy(USER_FIELDS.shopVerifiedAt);
  const read = await forEachPage(verified, deps, async (docs) => {
    for (const doc of docs) {
      const at = asDate(doc.get(USER_FIELDS.shopVerifiedAt));
      const day = at && result.get(marketDay(at));
      if (day && doc.get(USER_FIELDS.shopStatus) === SHOP_STATUS.verified) day.newShops += 1;
    }
  });
  complete &&= read.complete;
  const lapsed = new Set<string>();
  for (const field of ["trialEndsAt", "periodEnd"]) {
    const ending = db
      .collection(COLLECTIONS.subscriptions)
      .where(field, ">=", from)
      .where(field, "<=", Timestamp.fromDate(deps.now()))
      .orderBy(field);
    const pages = await forEachPage(ending, deps, async (docs) => {
      for (const doc of docs) {
        const lapsedAt = planLapsedAt(parseSubscription(doc.data()), deps.now());
        const day = lapsedAt && result.get(marketDay(lapsedAt));
        if (day && !lapsed.has(doc.id)) {
          lapsed.add(doc.id);
          day.lapsedPlans += 1;
        }
      }
    });
    complete &&= pages.complete;
  }
  return { days: result, complete };
}

/**
 * Recomputes the last `days` days' cells from the raw documents (the requests published those days, in
 * bounded pages, and each one's offers) and the shop numbers, then replaces those days in their month
 * documents, leaving older days alone. Idempotent; a run stopped by its time budget writes nothing.
 */
export async function reconcileMarketRollups(deps: ReconcileDeps): Promise<ReconcileResult> {
  const { db } = deps;
  const days = daysEnding(marketDay(deps.now()), deps.days ?? MARKET_RECONCILE_DAYS);
  const wanted = new Set(days);
  const from = Timestamp.fromMillis(Date.parse(`${days[0]}T00:00:00Z`) - ZONE_MARGIN_MS);
  const cells = new Map<string, MarketCell>();
  let requests = 0;
  const query = db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.createdAt, ">=", from)
    .orderBy(REQUEST_FIELDS.createdAt);
  const read = await forEachPage(query, deps, async (docs) => {
    const mine = docs.filter(
      (doc) =>
        wanted.has(requestCell(doc.data())?.day ?? "") &&
        doc.get(REQUEST_FIELDS.status) !== REQUEST_STATUS.awaitingEmail,
    );
    requests += mine.length;
    // The lanes overlap on their offer reads only: each updates the shared map synchronously after its read.
    await inParallel(mine, SWEEP_CONCURRENCY, (doc) => addRequest(db, doc.id, doc.data(), cells));
  });
  const shops = await shopDays(deps, days, from);
  if (!read.complete || !shops.complete) return { days, requests, complete: false };

  for (const month of [...new Set(days.map(marketMonth))]) {
    const ref = marketMonthRef(db, month);
    await db.runTransaction(async (tx) => {
      const parsed = marketMonthSchema.safeParse((await tx.get(ref)).data() ?? { month });
      const stored = parsed.success ? parsed.data : { month, cells: {}, shopDays: {} };
      const kept = Object.entries(stored.cells).filter(([, cell]) => !wanted.has(cell.day));
      const fresh = [...cells].filter(([, cell]) => marketMonth(cell.day) === month);
      const keptShops = Object.entries(stored.shopDays).filter(([day]) => !wanted.has(day));
      const freshShops = [...shops.days].filter(([day]) => marketMonth(day) === month);
      tx.set(
        ref,
        {
          month,
          cells: Object.fromEntries([...kept, ...fresh]),
          shopDays: Object.fromEntries([...keptShops, ...freshShops]),
          reconciledAt: Timestamp.fromDate(deps.now()),
        },
        { mergeFields: ["month", "cells", "shopDays", "reconciledAt"] },
      );
    });
  }
  return { days, requests, complete: true };
}

/** Every night at 03:30 Italian time: the last 14 days recomputed from the raw documents. */
export const reconcileMarket = onSchedule(
  sized("reconcileMarket", { schedule: "30 3 * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const result = await reconcileMarketRollups({ db, now: await clockFor(db) });
    logger.info("Market rollups reconciled", result);
  },
);
