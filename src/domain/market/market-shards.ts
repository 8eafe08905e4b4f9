import { z } from "zod";
import {
  comuneKey,
  type MarketCell,
  type MarketMonth,
  marketCellKey,
  marketCellSchema,
  marketMonth,
} from "./market-rollups.ts";

/**
 * Where the market dashboard's increments land (no hot document). One document per day and
 * comune, marketDays/{YYYY-MM-DD}_{comuneKey}, holds that comune's cells of the day, one per category:
 * the busiest (central Milan, ~5 % of Italy's events) takes ~0.4 writes a second at the national evening
 * peak, against the single month document's 6-8. Its cells are exempt from indexing
 * (firestore.indexes.json), so no number of cells nears 40,000 index entries. The page never reads the
 * shards: a bounded job (functions/src/analytics/market-summaries.ts) folds the shards written since its
 * last run into the month's summary, marketRollups/{YYYY-MM} (marketMonthSchema), which the page reads.
 */

/** The shards' queried fields: the reconciliation's `day`, the summaries job's cursor `touchedAt`. */
export const MARKET_SHARD_FIELDS = { day: "day", touchedAt: "touchedAt" } as const;

/** marketDays/{id}. */
export function marketShardId(day: string, comune: string): string {
  return `${day}_${comuneKey(comune)}`;
}

/** marketDays/{day}_{comune}: `comune` is the key (comuneKey); each cell keeps the name the page shows. */
export const marketShardSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  comune: z.string(),
  cells: z.record(z.string(), marketCellSchema).default({}),
});
export type MarketShard = z.infer<typeof marketShardSchema>;

/** The shard documents `cells` (one day's, any comuni) call for: each comune's cells by category. */
export function shardsOf(day: string, cells: readonly MarketCell[]): MarketShard[] {
  const byComune = new Map<string, MarketShard>();
  for (const cell of cells) {
    if (cell.day !== day) continue;
    const key = comuneKey(cell.comune);
    const shard = byComune.get(key) ?? { day, comune: key, cells: {} };
    shard.cells[cell.category] = cell;
    byComune.set(key, shard);
  }
  return [...byComune.values()];
}

const shardPrefix = (shard: Pick<MarketShard, "day" | "comune">) => `${shard.day}|${shard.comune}|`;

/**
 * The month summary with each shard's cells in place of what it held for that day and comune (a shard
 * emptied by the reconciliation takes its cells off). Shards of other months are ignored.
 */
export function foldShards(summary: MarketMonth, shards: readonly MarketShard[]): MarketMonth {
  const mine = shards.filter((shard) => marketMonth(shard.day) === summary.month);
  if (mine.length === 0) return summary;
  const replaced = new Set(mine.map(shardPrefix));
  const cells = Object.entries(summary.cells).filter(
    ([key]) => !replaced.has(key.slice(0, key.lastIndexOf("|") + 1)),
  );
  for (const shard of mine)
    for (const cell of Object.values(shard.cells)) cells.push([marketCellKey(cell), cell]);
  return { ...summary, cells: Object.fromEntries(cells.sort(([a], [b]) => a.localeCompare(b))) };
}

/** Bytes a summary takes, roughly as Firestore counts them (its JSON): the job logs an error near 1 MiB. */
export function summaryBytes(summary: MarketMonth): number {
  return JSON.stringify(summary).length;
}

/** A summary this large is logged as an error: it nears Firestore's 1 MiB (docs/market-dashboard.md). */
export const MARKET_SUMMARY_WARN_BYTES = 900_000;
