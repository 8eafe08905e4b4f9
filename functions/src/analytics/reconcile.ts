import { type DocumentData, FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, OFFER_FIELDS, REQUEST_FIELDS, USER_FIELDS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY, SWEEP_TIME_BUDGET_MS } from "@/domain/core/limits";
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
import { MARKET_SHARD_FIELDS, shardsOf } from "@/domain/market/market-shards";
import { REQUEST_STATUS } from "@/domain/marketplace/state-machine";
import { SHOP_STATUS } from "@/domain/people/shop-status";
import { parseSubscription } from "../billing/subscription-store";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";
import { foldIntoSummaries } from "./market-summaries";
import { requestCell, shopKey } from "./rollups";

/** Offers read per request (a request takes at most a few dozen: one per shop in its radius). */
const OFFERS_PER_REQUEST_READ = 200;
/** Shard writes per batch (Firestore takes 500). */
const BATCH_WRITES = 400;
const DAY_MS = 24 * 60 * 60 * 1000;
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
  /** The days reconciled so far tonight (kept: a stopped run's next one goes on from there). */
  done: string[];
  /** Requests counted by this run. */
  requests: number;
  /** False when the time budget stopped a read: the days finished are kept, the next run goes on. */
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
    const origin = offer.get("origin");
    if (origin === "notifica") cell.offersFromNotification += 1;
    if (origin === "catalogo") cell.offersFromCatalogue += 1;
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

/** One day's cells, from the requests published that day (in pages) and each one's offers. */
async function countDay(deps: ReconcileDeps, day: string, budgetMs: number) {
  const { db } = deps;
  const cells = new Map<string, MarketCell>();
  let requests = 0;
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const query = db
    .collection(COLLECTIONS.requests)
    .where(REQUEST_FIELDS.createdAt, ">=", Timestamp.fromMillis(dayStart - ZONE_MARGIN_MS))
    .where(REQUEST_FIELDS.createdAt, "<", Timestamp.fromMillis(dayStart + DAY_MS))
    .orderBy(REQUEST_FIELDS.createdAt);
  const read = await forEachPage(query, { ...deps, budgetMs }, async (docs) => {
    const mine = docs.filter(
      (doc) =>
        requestCell(doc.data())?.day === day &&
        doc.get(REQUEST_FIELDS.status) !== REQUEST_STATUS.awaitingEmail,
    );
    requests += mine.length;
    // The lanes overlap on their offer reads only: each updates the shared map synchronously after its read.
    await inParallel(mine, SWEEP_CONCURRENCY, (doc) => addRequest(db, doc.id, doc.data(), cells));
  });
  return { cells: [...cells.values()], requests, complete: read.complete };
}

/** Replaces a day's shards with `cells` (a comune with none left is emptied) and folds them into its month. */
async function writeDay(db: Firestore, day: string, cells: readonly MarketCell[]) {
  const fresh = shardsOf(day, cells);
  const stored = await db
    .collection(COLLECTIONS.marketDays)
    .where(MARKET_SHARD_FIELDS.day, "==", day)
    .select()
    .get();
  const keys = new Set(fresh.map((shard) => shard.comune));
  const emptied = stored.docs
    .map((doc) => doc.id.slice(day.length + 1))
    .filter((comune) => !keys.has(comune))
    .map((comune) => ({ day, comune, cells: {} }));
  const shards = [...fresh, ...emptied];
  for (let at = 0; at < shards.length; at += BATCH_WRITES) {
    const batch = db.batch();
    for (const shard of shards.slice(at, at + BATCH_WRITES))
      batch.set(db.collection(COLLECTIONS.marketDays).doc(`${day}_${shard.comune}`), {
        ...shard,
        touchedAt: FieldValue.serverTimestamp(),
      });
    await batch.commit();
  }
  await foldIntoSummaries(db, shards);
}

/** The shop numbers of `days`, into their months' summaries (replacing those days, leaving the others). */
async function writeShopDays(db: Firestore, days: readonly string[], shops: Map<string, MarketShopDay>) {
  const wanted = new Set(days);
  for (const month of [...new Set(days.map(marketMonth))]) {
    const ref = db.collection(COLLECTIONS.marketRollups).doc(month);
    await db.runTransaction(async (tx) => {
      const parsed = marketMonthSchema.safeParse((await tx.get(ref)).data() ?? { month });
      const stored = parsed.success ? parsed.data.shopDays : {};
      const kept = Object.entries(stored).filter(([day]) => !wanted.has(day));
      const fresh = [...shops].filter(([day]) => marketMonth(day) === month);
      tx.set(
        ref,
        { month, shopDays: Object.fromEntries([...kept, ...fresh]) },
        { mergeFields: ["month", "shopDays"] },
      );
    });
  }
}

/**
 * Recomputes the last `days` days from the raw documents, one day at a time: each day's requests (in
 * bounded pages) and their offers replace that day's shards and its cells in the month summary the page
 * reads; then the shop numbers. Each finished day is kept in the night's progress document
 * (marketJobs/reconcile_{today}), so a run stopped by its time budget keeps the days it finished and
 * the next run (every 30 minutes through the night) goes on with the others; once all are done a run
 * reads that one document. Idempotent.
 */
export async function reconcileMarketRollups(deps: ReconcileDeps): Promise<ReconcileResult> {
  const { db } = deps;
  const today = marketDay(deps.now());
  const days = daysEnding(today, deps.days ?? MARKET_RECONCILE_DAYS);
  const wallClock = deps.wallClock ?? Date.now;
  const deadline = wallClock() + (deps.budgetMs ?? SWEEP_TIME_BUDGET_MS);
  const progressRef = db.collection(COLLECTIONS.marketJobs).doc(`reconcile_${today}_${days.length}`);
  const progress = (await progressRef.get()).data() ?? {};
  const done = new Set<string>(Array.isArray(progress.days) ? progress.days : []);
  let requests = 0;
  for (const day of days) {
    if (done.has(day)) continue;
    const counted = await countDay(deps, day, Math.max(0, deadline - wallClock()));
    if (!counted.complete) return { days, done: [...done], requests, complete: false };
    await writeDay(db, day, counted.cells);
    requests += counted.requests;
    done.add(day);
    await progressRef.set({ days: [...done].sort() }, { merge: true });
  }
  if (progress.shops !== true) {
    const from = Timestamp.fromMillis(Date.parse(`${days[0]}T00:00:00Z`) - ZONE_MARGIN_MS);
    const shops = await shopDays({ ...deps, budgetMs: Math.max(0, deadline - wallClock()) }, days, from);
    if (!shops.complete) return { days, done: [...done], requests, complete: false };
    await writeShopDays(db, days, shops.days);
    await progressRef.set({ shops: true, reconciledAt: Timestamp.fromDate(deps.now()) }, { merge: true });
  }
  return { days, done: [...done], requests, complete: true };
}

/** Every 30 minutes from 03:30 to 05:30 Italian time: the last 14 days, resumed where the last run stopped. */
export const reconcileMarket = onSchedule(
  sized("reconcileMarket", { schedule: "0,30 3-5 * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const result = await reconcileMarketRollups({ db, now: await clockFor(db) });
    logger.info("Market rollups reconciled", { ...result, done: result.done.length });
  },
);
