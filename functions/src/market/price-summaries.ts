import { FieldPath, type Firestore, type QueryDocumentSnapshot, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS } from "@/domain/core/collections";
import { SWEEP_CONCURRENCY, SWEEP_PAGE_SIZE, SWEEP_TIME_BUDGET_MS } from "@/domain/core/limits";
import { PRICE_GUIDANCE } from "@/domain/marketplace/price-guidance";
import {
  addDays,
  buildSummary,
  groupsOfEntries,
  PRICE_FIELDS,
  PRICE_STATS,
  type PriceEntry,
  priceDay,
  priceDayDocSchema,
  priceDayExpiry,
  priceDayId,
  priceEntrySchema,
  settledThrough,
  windowStart,
} from "@/domain/marketplace/price-stats";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, inParallel, type SweepPaging } from "../lib/sweep-pages";

/**
 * The job behind price guidance (src/domain/marketplace/price-stats.ts): once a day is settled (it
 * ended a day ago), each bucket's offers of that day become one priceDays document, and each bucket
 * touched gets its summary built again from its days in the 90-day window; summaries whose oldest day
 * left the window are built again too. priceGuidance reads only the summaries, so an answer changes once
 * a day at most, and never because of a price less than a day old.
 *
 * Bounded and resumable: the day's entries are read in pages ordered by bucket (the composite index
 * priceEntries day + bucket), a summary reads at most 90 day documents, and priceBuilds/{day} keeps the
 * last bucket built, so a run stopped by its time budget goes on from there; a day is marked done at its
 * end. Every step writes whole documents from what it read: running it twice changes nothing.
 */

export interface PriceBuildDeps extends SweepPaging {
  db: Firestore;
  now: () => Date;
  /** Settled days looked at (PRICE_STATS.catchUpDays; the seed asks for its past months). */
  catchUpDays?: number;
}

export interface PriceBuildReport {
  days: string[];
  buckets: number;
  summaries: number;
  complete: boolean;
}

/** A day's progress is saved at most this often, so priceBuilds/{day} takes far less than a write a second. */
const PROGRESS_EVERY_MS = 5000;

const entries = (db: Firestore) => db.collection(COLLECTIONS.priceEntries);
const buildRef = (db: Firestore, day: string) => db.collection(COLLECTIONS.priceBuilds).doc(day);

function parseEntries(docs: readonly QueryDocumentSnapshot[]): PriceEntry[] {
  return docs.flatMap((doc) => {
    const parsed = priceEntrySchema.safeParse(doc.data());
    return parsed.success ? [parsed.data] : [];
  });
}

/** One bucket's summary, built again from its day documents in the window ending `through` (≤ 90 reads). */
export async function rebuildSummary(db: Firestore, bucket: string, through: string): Promise<void> {
  const days = await db
    .collection(COLLECTIONS.priceDays)
    .where(FieldPath.documentId(), ">=", priceDayId(bucket, windowStart(through)))
    .where(FieldPath.documentId(), "<=", priceDayId(bucket, through))
    .limit(PRICE_GUIDANCE.days)
    .get();
  const parsed = days.docs.flatMap((doc) => {
    const day = priceDayDocSchema.safeParse(doc.data());
    return day.success && day.data.bucket === bucket ? [day.data] : [];
  });
  const summary = buildSummary(bucket, through, parsed);
  const ref = db.collection(COLLECTIONS.priceSummaries).doc(bucket);
  await (summary ? ref.set(summary) : ref.delete());
}

/** A bucket's day document from that day's entries (none: the document goes). */
async function writeDay(db: Firestore, bucket: string, day: string, dayEntries: PriceEntry[]): Promise<void> {
  const ref = db.collection(COLLECTIONS.priceDays).doc(priceDayId(bucket, day));
  const mine = dayEntries.filter((entry) => entry.bucket === bucket && entry.day === day);
  if (mine.length === 0) {
    await ref.delete();
    return;
  }
  await ref.set({
    bucket,
    day,
    groups: groupsOfEntries(mine),
    expiresAt: Timestamp.fromDate(priceDayExpiry(day)),
  });
}

/** Every entry of one bucket and day, in pages (an edited offer's former day, built again without it). */
async function readBucketDay(db: Firestore, bucket: string, day: string): Promise<PriceEntry[]> {
  const found: PriceEntry[] = [];
  const query = entries(db)
    .where(PRICE_FIELDS.day, "==", day)
    .where(PRICE_FIELDS.bucket, "==", bucket)
    .orderBy(FieldPath.documentId());
  // No time budget: a bucket's day is a few pages at most, and it must be read whole to be written.
  await forEachPage(query, { budgetMs: Number.POSITIVE_INFINITY }, async (docs) => {
    found.push(...parseEntries(docs));
  });
  return found;
}

/**
 * One bucket's settled day: its day document, the documents its offers left (an edit on a later day), and
 * the summaries of every bucket involved. Returns the summaries built.
 */
async function buildBucket(
  db: Firestore,
  bucket: string,
  day: string,
  dayEntries: PriceEntry[],
  through: string,
): Promise<number> {
  await writeDay(db, bucket, day, dayEntries);
  const left = new Set(dayEntries.flatMap((entry) => entry.moved ?? []));
  const buckets = new Set([bucket]);
  for (const pair of left) {
    const [formerBucket = "", formerDay = ""] = pair.split("|");
    if (!formerBucket || formerDay.length !== 10) continue;
    await writeDay(db, formerBucket, formerDay, await readBucketDay(db, formerBucket, formerDay));
    buckets.add(formerBucket);
  }
  await Promise.all([...buckets].map((one) => rebuildSummary(db, one, through)));
  return buckets.size;
}

/**
 * Builds one settled day: its entries in pages ordered by bucket, each bucket written once all of its
 * entries are read, from the last bucket a stopped run built (priceBuilds/{day}.after). True when the
 * day is done.
 */
export async function buildPriceDay(
  deps: PriceBuildDeps,
  day: string,
  through: string = settledThrough(deps.now()),
): Promise<{ complete: boolean; buckets: number; summaries: number }> {
  const { db } = deps;
  const state = (await buildRef(db, day).get()).data();
  const after = typeof state?.after === "string" ? state.after : undefined;
  let query = entries(db).where(PRICE_FIELDS.day, "==", day);
  if (after !== undefined) query = query.where(PRICE_FIELDS.bucket, ">", after);
  query = query.orderBy(PRICE_FIELDS.bucket).orderBy(FieldPath.documentId());
  const wallClock = deps.wallClock ?? Date.now;
  let savedAt = wallClock();
  let pending: PriceEntry[] = [];
  let built: string | undefined;
  let buckets = 0;
  let summaries = 0;
  const flush = async (ready: PriceEntry[][]) => {
    const counts = await inParallel(ready, SWEEP_CONCURRENCY, (group) =>
      buildBucket(db, group[0]?.bucket ?? "", day, group, through),
    );
    buckets += ready.length;
    summaries += counts.reduce((sum, count) => sum + count, 0);
    built = ready.at(-1)?.[0]?.bucket ?? built;
  };
  const read = await forEachPage(query, deps, async (docs) => {
    // The page's buckets, in order; the last may go on in the next page, so it waits.
    const all = [...pending, ...parseEntries(docs)];
    const groups: PriceEntry[][] = [];
    for (const entry of all) {
      const last = groups.at(-1);
      if (last && last[0]?.bucket === entry.bucket) last.push(entry);
      else groups.push([entry]);
    }
    pending = groups.pop() ?? [];
    await flush(groups);
    // The progress, at most every PROGRESS_EVERY_MS: a stopped run redoes at most that much (idempotent).
    if (built !== undefined && wallClock() - savedAt >= PROGRESS_EVERY_MS) {
      savedAt = wallClock();
      await buildRef(db, day).set({ day, after: built, done: false, expiresAt: buildExpiry(day) });
    }
  });
  if (!read.complete) {
    if (built !== undefined) {
      await buildRef(db, day).set({ day, after: built, done: false, expiresAt: buildExpiry(day) });
    }
    return { complete: false, buckets, summaries };
  }
  if (pending.length > 0) await flush([pending]);
  await buildRef(db, day).set({ day, done: true, expiresAt: buildExpiry(day) });
  return { complete: true, buckets, summaries };
}

/** A day's progress is kept a month (TTL), well past the catch-up days. */
function buildExpiry(day: string): Timestamp {
  return Timestamp.fromDate(new Date(Date.parse(`${addDays(day, 30)}T00:00:00Z`)));
}

/** The summaries whose oldest day has left the window, built again (in pages, until the budget). */
async function rebuildDue(
  deps: PriceBuildDeps,
  through: string,
): Promise<{ summaries: number; complete: boolean }> {
  const today = priceDay(deps.now());
  const due = deps.db
    .collection(COLLECTIONS.priceSummaries)
    .where(PRICE_FIELDS.rebuildOn, "<=", today)
    .orderBy(PRICE_FIELDS.rebuildOn);
  let summaries = 0;
  const read = await forEachPage(due, deps, async (docs) => {
    await inParallel(docs, SWEEP_CONCURRENCY, (doc) => rebuildSummary(deps.db, doc.id, through));
    summaries += docs.length;
  });
  return { summaries, complete: read.complete };
}

/**
 * One run: the settled days not yet done (the last catchUpDays), oldest first, then the summaries
 * due. Stops at the time budget; the next run goes on where it stopped.
 */
export async function runPriceBuilds(deps: PriceBuildDeps): Promise<PriceBuildReport> {
  const wallClock = deps.wallClock ?? Date.now;
  const deadline = wallClock() + (deps.budgetMs ?? SWEEP_TIME_BUDGET_MS);
  const paging = () => ({ ...deps, budgetMs: Math.max(0, deadline - wallClock()) });
  const through = settledThrough(deps.now());
  const span = deps.catchUpDays ?? PRICE_STATS.catchUpDays;
  const days = Array.from({ length: span }, (_, index) => addDays(through, index + 1 - span));
  const report: PriceBuildReport = { days: [], buckets: 0, summaries: 0, complete: false };
  const states = await deps.db.getAll(...days.map((day) => buildRef(deps.db, day)));
  for (const [index, day] of days.entries()) {
    if (states[index]?.get("done") === true) continue;
    if (wallClock() >= deadline) return report;
    const built = await buildPriceDay(paging(), day, through);
    report.days.push(day);
    report.buckets += built.buckets;
    report.summaries += built.summaries;
    if (!built.complete) return report;
  }
  if (wallClock() >= deadline) return report;
  const due = await rebuildDue(paging(), through);
  report.summaries += due.summaries;
  return { ...report, complete: due.complete };
}

/**
 * Every hour at :50: the first run after midnight (UTC) finds the day before yesterday settled and builds
 * it; the next ones go on if it was stopped, and otherwise only read the 7 days' progress and the
 * summaries due (a few reads).
 */
export const buildPriceSummaries = onSchedule(
  sized("buildPriceSummaries", { schedule: "50 * * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const report = await runPriceBuilds({ db, now: await clockFor(db), pageSize: SWEEP_PAGE_SIZE });
    logger.info("Price summaries built", report);
  },
);
