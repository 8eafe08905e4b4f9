import { FieldPath, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS, OFFER_FIELDS, USER_FIELDS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY, SWEEP_TIME_BUDGET_MS } from "@/domain/core/limits";
import type { UserType } from "@/domain/core/user-roles";
import {
  type ShopMonth,
  shopMonthBounds,
  shopMonthId,
  shopMonthSchema,
  shopMonthsDue,
} from "@/domain/market/shop-funnel";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";

export interface ShopMonthsDeps extends SweepPaging {
  db: Firestore;
  now: () => Date;
}

export interface ShopMonthsResult {
  months: string[];
  /** shopMonths documents written by this run (only those whose numbers changed). */
  shops: number;
  /** Shops counted by this run. */
  counted: number;
  /** False when the time budget stopped the run: what it counted is kept, the next run goes on. */
  complete: boolean;
}

/** The accounts whose funnels are counted (USER_TYPES). */
const MERCHANT: UserType = "merchant";

/** Which offer date counts toward which number (the events rollups.ts counts as they happen). */
const EVENTS: readonly { field: string; count: keyof ShopMonth }[] = [
  { field: OFFER_FIELDS.createdAt, count: "offers" },
  { field: OFFER_FIELDS.acceptedAt, count: "accepted" },
  { field: OFFER_FIELDS.verifiedPurchaseAt, count: "verified" },
];

/** One shop's month from the raw offers: three aggregation queries (count), no offer read. */
async function countShop(db: Firestore, merchantId: string, month: string): Promise<ShopMonth> {
  const { from, to } = shopMonthBounds(month);
  const counts = await Promise.all(
    EVENTS.map(async ({ field }) => {
      const answer = await db
        .collection(COLLECTIONS.offers)
        .where(OFFER_FIELDS.merchantId, "==", merchantId)
        .where(field, ">=", Timestamp.fromDate(from))
        .where(field, "<", Timestamp.fromDate(to))
        .count()
        .get();
      return answer.data().count;
    }),
  );
  const [offers = 0, accepted = 0, verified = 0] = counts;
  return { offers, accepted, verified };
}

const same = (a: ShopMonth, b: ShopMonth) =>
  a.offers === b.offers && a.accepted === b.accepted && a.verified === b.verified;

/**
 * The nightly repair of the shops' funnels (shopMonths/{YYYY-MM}_{merchantId}, 'Offerte → Accettate →
 * Acquisti verificati'): the increments after each event's commit can fail (logged as errors), so each
 * shop account's due months (shopMonthsDue) are counted again from its offers with aggregation queries
 * (three counts per shop and month, billed one read each: no offer is read, however many a month holds)
 * and its document replaced when the numbers differ. Shops are taken by id, in pages; each page's
 * results are written as it goes and the night's cursor (marketJobs/shopMonths_{day}) moves past it,
 * so a run stopped by its time budget keeps what it counted and the next run goes on from there. An
 * increment landing between the count and the write is lost until the next night.
 */
export async function reconcileShopMonthsFor(deps: ShopMonthsDeps): Promise<ShopMonthsResult> {
  const { db } = deps;
  const months = shopMonthsDue(deps.now());
  const night = deps.now().toISOString().slice(0, 10);
  const progressRef = db.collection(COLLECTIONS.marketJobs).doc(`shopMonths_${night}`);
  const progress = (await progressRef.get()).data() ?? {};
  if (progress.done === true) return { months, shops: 0, counted: 0, complete: true };
  const after = typeof progress.after === "string" ? progress.after : "";
  const wallClock = deps.wallClock ?? Date.now;
  const deadline = wallClock() + (deps.budgetMs ?? SWEEP_TIME_BUDGET_MS);
  const reconciledAt = Timestamp.fromDate(deps.now());
  let shops = 0;
  let counted = 0;
  const shopsQuery = db
    .collection(COLLECTIONS.users)
    .where(USER_FIELDS.userType, "==", MERCHANT)
    .orderBy(FieldPath.documentId())
    .select();
  const query = after ? shopsQuery.where(FieldPath.documentId(), ">", after) : shopsQuery;
  const pages = await forEachPage(query, { ...deps, budgetMs: deadline - wallClock() }, async (docs) => {
    const ids = docs.map((doc) => doc.id);
    const refs = months.flatMap((month) =>
      ids.map((id) => db.collection(COLLECTIONS.shopMonths).doc(shopMonthId(id, month))),
    );
    const stored = new Map((await db.getAll(...refs)).map((doc) => [doc.id, doc]));
    const writes = await inParallel(
      months.flatMap((month) => ids.map((merchantId) => ({ month, merchantId }))),
      SWEEP_CONCURRENCY,
      async ({ month, merchantId }) => {
        const funnel = await countShop(db, merchantId, month);
        const doc = stored.get(shopMonthId(merchantId, month));
        const before = doc?.exists ? shopMonthSchema.parse(doc.data()) : null;
        const zero = funnel.offers + funnel.accepted + funnel.verified === 0;
        return (before ? same(before, funnel) : zero) ? null : { month, merchantId, funnel };
      },
    );
    const batch = db.batch();
    for (const write of writes.filter((w) => w !== null))
      batch.set(
        db.collection(COLLECTIONS.shopMonths).doc(shopMonthId(write.merchantId, write.month)),
        { merchantId: write.merchantId, month: write.month, ...write.funnel, reconciledAt },
        { merge: true },
      );
    batch.set(progressRef, { after: ids.at(-1) }, { merge: true });
    await batch.commit();
    shops += writes.filter((w) => w !== null).length;
    counted += ids.length;
  });
  if (pages.complete) await progressRef.set({ done: true, reconciledAt }, { merge: true });
  return { months, shops, counted, complete: pages.complete };
}

/** Every 30 minutes from 03:45 to 05:45 Italian time, resumed where the last run stopped. */
export const reconcileShopMonths = onSchedule(
  sized("reconcileShopMonths", { schedule: "15,45 3-5 * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const result = await reconcileShopMonthsFor({ db, now: await clockFor(db) });
    logger.info("Shop funnels reconciled", result);
  },
);
