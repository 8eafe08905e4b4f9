import { type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { onSchedule } from "firebase-functions/scheduler";
import { COLLECTIONS } from "@/domain/core/collections";
import { marketMonth, marketMonthSchema } from "@/domain/market/market-rollups";
import {
  foldShards,
  MARKET_SHARD_FIELDS,
  MARKET_SUMMARY_WARN_BYTES,
  type MarketShard,
  marketShardSchema,
  summaryBytes,
} from "@/domain/market/market-shards";
import { adminDb } from "../lib/admin";
import { clockFor } from "../lib/clock";
import { region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { forEachPage, type SweepPaging } from "../lib/sweep-pages";

/**
 * The market dashboard's month summaries (marketRollups/{YYYY-MM}), folded from the day-and-comune
 * shards the events increment (market-shards.ts). The hourly job reads only the shards written since
 * its cursor (`touchedAt`, a server timestamp), page by page, folds each page into its months (one
 * transaction per month touched, the summary's only writer besides the reconciliation) and moves the
 * cursor to the last shard folded (at most every 5 s): a run stopped by its time budget keeps what it folded and the next
 * goes on from there. Per run: the shards written in the hour (≤ the events of the hour, usually far
 * fewer) plus one read and one write per month touched.
 */

const PROGRESS_ID = "summaries";
/** The summaries and the cursor are written at most this often during a run (one write a second, at most). */
const FLUSH_EVERY_MS = 5_000;

export interface SummaryDeps extends SweepPaging {
  db: Firestore;
  now: () => Date;
}

/** Folds `shards` into their months' summaries (one transaction per month). */
export async function foldIntoSummaries(db: Firestore, shards: readonly MarketShard[]): Promise<void> {
  for (const month of [...new Set(shards.map((shard) => marketMonth(shard.day)))]) {
    const ref = db.collection(COLLECTIONS.marketRollups).doc(month);
    await db.runTransaction(async (tx) => {
      const parsed = marketMonthSchema.safeParse((await tx.get(ref)).data() ?? { month });
      const stored = parsed.success ? parsed.data : { month, cells: {}, shopDays: {} };
      const folded = foldShards(stored, shards);
      const bytes = summaryBytes(folded);
      if (bytes > MARKET_SUMMARY_WARN_BYTES)
        logger.error("market summary near Firestore's 1 MiB: split it (docs/market-dashboard.md)", {
          month,
          bytes,
        });
      tx.set(ref, { month, cells: folded.cells }, { mergeFields: ["month", "cells"] });
    });
  }
}

/** The shards of a page, parsed (a malformed one is skipped and logged). */
export function parseShards(docs: readonly FirebaseFirestore.QueryDocumentSnapshot[]): MarketShard[] {
  return docs.flatMap((doc) => {
    const shard = marketShardSchema.safeParse(doc.data());
    if (shard.success) return [shard.data];
    logger.error("market shard skipped: malformed", { id: doc.id });
    return [];
  });
}

export async function buildMarketSummariesFor(
  deps: SummaryDeps,
): Promise<{ shards: number; read: number; complete: boolean }> {
  const { db } = deps;
  const wallClock = deps.wallClock ?? Date.now;
  const progress = db.collection(COLLECTIONS.marketJobs).doc(PROGRESS_ID);
  const since = (await progress.get()).get("since");
  const query = db
    .collection(COLLECTIONS.marketDays)
    .where(MARKET_SHARD_FIELDS.touchedAt, ">=", since instanceof Timestamp ? since : Timestamp.fromMillis(0))
    .orderBy(MARKET_SHARD_FIELDS.touchedAt);
  let shards = 0;
  let pending: MarketShard[] = [];
  let cursor: Timestamp | undefined;
  let flushedAt = wallClock();
  // A month summary takes one write per flush: at most one every FLUSH_EVERY_MS, and at the end.
  const flush = async () => {
    if (!cursor) return;
    await foldIntoSummaries(db, pending);
    await progress.set({ since: cursor, builtAt: Timestamp.fromDate(deps.now()) }, { merge: true });
    shards += pending.length;
    pending = [];
    cursor = undefined;
    flushedAt = wallClock();
  };
  const pages = await forEachPage(query, deps, async (docs) => {
    pending.push(...parseShards(docs));
    const last = docs.at(-1)?.get(MARKET_SHARD_FIELDS.touchedAt);
    if (last instanceof Timestamp) cursor = last;
    if (wallClock() - flushedAt >= FLUSH_EVERY_MS) await flush();
  });
  await flush();
  return { shards, read: pages.read + 1, complete: pages.complete };
}

/** Every hour: the page's numbers lag the events by at most an hour (docs/market-dashboard.md). */
export const buildMarketSummaries = onSchedule(
  sized("buildMarketSummaries", { schedule: "5 * * * *", timeZone: "Europe/Rome", region }),
  async () => {
    const db = adminDb();
    const result = await buildMarketSummariesFor({ db, now: await clockFor(db) });
    logger.info("Market summaries built", result);
  },
);
