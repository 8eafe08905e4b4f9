// The night's reconcilers at national size, part of bench:scale's sweeps (BENCH_SCALE_PARTS=sweeps).
// `reconcileMarket` (the last 14 days from the raw requests and offers) and `reconcileShopMonths` (three
// count() queries per shop and month) cannot be seeded at national numbers in an emulator, so each runs
// over a sample (BENCH_SCALE_RECONCILE_PER_DAY requests a day for 14 days, 5 offers each, shops in
// proportion) twice: once whole, measuring reads per unit and this emulator's read rate; once cut by a
// time budget a fifth of the whole run's, run again and again as the night's schedule does, until done.
// Small pages (PAGE) so that a budget can cut a day of the sample as it cuts a national day.
// Verdict: the cut runs end with the very documents the whole run wrote (nothing computed is lost), and
// the national work fits the night's runs (schedule × SWEEP_TIME_BUDGET_MS). The national time is not the
// emulator's (it depends on the host): it is the round trips counted per unit, times the national units,
// over the job's parallel lanes, at a production round trip of ROUND_TRIP_MS. The same on every machine.

import { writeFileSync } from "node:fs";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore, Timestamp } from "firebase-admin/firestore";
import { configureFirestore } from "../../functions/src/lib/admin";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_CATEGORIES } from "../../src/domain/core/enums";
import { SWEEP_CONCURRENCY, SWEEP_TIME_BUDGET_MS } from "../../src/domain/core/limits";
import { measure } from "./counting";
import { type SeedDoc, writeAll } from "./sweep-seed";

const DAYS = 14;
const PER_DAY = Number(process.env.BENCH_SCALE_RECONCILE_PER_DAY ?? 40);
const OFFERS = 5;
const PAGE = 8;
/** One Firestore round trip in the region, a query of a few documents: a conservative 50 ms. */
export const ROUND_TRIP_MS = 50;
const NOW = new Date("2026-11-25T03:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
/** The national model (docs/scale.md): 20,000 requests a day, 100,000 shop accounts. */
export const NATIONAL = { requestsPerDay: 20_000, shops: 100_000 } as const;
/** Runs a night: "0,30 3-5 * * *" and "15,45 3-5 * * *" are six each (reconcile*.ts). */
export const NIGHT_RUNS = 6;

export interface ReconcilerRow {
  job: string;
  /** What one unit is: a request (reconcileMarket) or a shop account (reconcileShopMonths). */
  unit: string;
  units: number;
  reads: number;
  /** Round trips of the whole run, and the job's parallel lanes (round trips in flight at once). */
  calls: number;
  lanes: number;
  ms: number;
  /** Runs the budget-cut version needed, and whether it ended with the whole run's documents. */
  cutRuns: number;
  sameResult: boolean;
  /** The first line where the cut runs' documents differ from the whole run's. */
  difference?: string;
  nationalUnits: number;
}

/** The projection and verdict of one row. */
export function reconcilerVerdict(row: ReconcilerRow): {
  projectedS: number;
  nightS: number;
  misses: string[];
} {
  const nationalCalls = (row.calls / Math.max(1, row.units)) * row.nationalUnits;
  const projectedS = (nationalCalls / Math.max(1, row.lanes)) * (ROUND_TRIP_MS / 1000);
  const nightS = (NIGHT_RUNS * SWEEP_TIME_BUDGET_MS) / 1000;
  const misses: string[] = [];
  if (!row.sameResult)
    misses.push(
      `the runs cut by their budget did not end with the whole run's documents (${row.difference ?? ""})`,
    );
  if (row.cutRuns < 2) misses.push("the budget never cut a run: resumption was not exercised");
  if (projectedS > nightS)
    misses.push(`national work ~${Math.round(projectedS)} s of round trips, the night has ${nightS} s`);
  return { projectedS, nightS, misses };
}

function sample(): SeedDoc[] {
  const docs: SeedDoc[] = [];
  const shops = Math.max(10, Math.round(PER_DAY / 2));
  for (let s = 0; s < shops; s += 1)
    docs.push([`${COLLECTIONS.users}/shop-${s}`, { userType: "merchant", displayName: `Negozio ${s}` }]);
  for (let d = 0; d < DAYS; d += 1) {
    for (let i = 0; i < PER_DAY; i += 1) {
      const id = `r-${d}-${i}`;
      const createdAt = new Date(NOW.getTime() - d * DAY_MS - (i + 1) * 7 * 60_000);
      docs.push([
        `${COLLECTIONS.requests}/${id}`,
        {
          customerId: `buyer-${i % 25}`,
          status: i % 4 === 0 ? "completed" : "active",
          category: REQUEST_CATEGORIES[i % REQUEST_CATEGORIES.length],
          createdAt: Timestamp.fromDate(createdAt),
          location: { address: `Via Roma ${i}, ${["Milano", "Roma", "Napoli", "Torino"][i % 4]}` },
        },
      ]);
      for (let k = 0; k < OFFERS; k += 1) {
        const at = new Date(createdAt.getTime() + (k + 1) * 23 * 60_000);
        docs.push([
          `${COLLECTIONS.offers}/${id}_shop-${(i + k) % shops}`,
          {
            requestId: id,
            merchantId: `shop-${(i + k) % shops}`,
            createdAt: Timestamp.fromDate(at),
            ...(k === 0 && i % 2 === 0
              ? { acceptedAt: Timestamp.fromDate(new Date(at.getTime() + 60_000)) }
              : {}),
            ...(k === 0 && i % 4 === 0
              ? { verifiedPurchaseAt: Timestamp.fromDate(new Date(at.getTime() + 3_600_000)) }
              : {}),
          },
        ]);
      }
    }
  }
  return docs;
}

function firstDifference(whole: string, cut: string): string {
  let at = 0;
  while (at < whole.length && whole[at] === cut[at]) at += 1;
  const lineStart = whole.lastIndexOf("\n", at) + 1;
  const path = whole.slice(lineStart, whole.indexOf(" ", lineStart));
  return `${path}: whole …${whole.slice(Math.max(lineStart, at - 80), at + 80)}… cut …${cut.slice(Math.max(lineStart, at - 80), at + 80)}…`;
}

/** JSON with every object's keys sorted: a map's order is not part of what was computed. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object" && !(value instanceof Timestamp))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** The documents a reconciler leaves, without the times they were written at. */
async function written(db: Firestore, collections: readonly string[]): Promise<string> {
  const out: string[] = [];
  for (const name of collections) {
    const snapshot = await db.collection(name).get();
    for (const doc of snapshot.docs) {
      const { touchedAt: _t, reconciledAt: _r, ...data } = doc.data();
      out.push(`${name}/${doc.id} ${stableJson(data)}`);
    }
  }
  return out.sort().join("\n");
}

interface Reconciler {
  job: string;
  unit: string;
  units: number;
  lanes: number;
  nationalUnits: number;
  outputs: readonly string[];
  run: (db: Firestore, budgetMs: number) => Promise<boolean>;
}

async function reconcilers(): Promise<Reconciler[]> {
  const [market, shopMonths] = await Promise.all([
    import("../../functions/src/analytics/reconcile"),
    import("../../functions/src/analytics/reconcile-shop-months"),
  ]);
  const now = () => NOW;
  const shops = Math.max(10, Math.round(PER_DAY / 2));
  return [
    {
      job: "reconcileMarket",
      unit: "request",
      units: DAYS * PER_DAY,
      nationalUnits: DAYS * NATIONAL.requestsPerDay,
      // Each page's requests read their offers SWEEP_CONCURRENCY at a time.
      lanes: SWEEP_CONCURRENCY,
      outputs: [COLLECTIONS.marketDays, COLLECTIONS.marketRollups],
      run: async (db, budgetMs) =>
        (await market.reconcileMarketRollups({ db, now, days: DAYS, budgetMs, pageSize: PAGE })).complete,
    },
    {
      job: "reconcileShopMonths",
      unit: "shop",
      units: shops,
      nationalUnits: NATIONAL.shops,
      // SWEEP_CONCURRENCY shop-months at a time, each its three count() queries at once.
      lanes: SWEEP_CONCURRENCY * 3,
      outputs: [COLLECTIONS.shopMonths],
      run: async (db, budgetMs) =>
        (await shopMonths.reconcileShopMonthsFor({ db, now, budgetMs, pageSize: PAGE })).complete,
    },
  ];
}

/** Seeds a fresh project on `host` and hands its Firestore to `work`. */
async function inProject<T>(host: string, name: string, work: (db: Firestore) => Promise<T>): Promise<T> {
  const app = initializeApp({ projectId: `demo-${name}` }, `bench-${name}`);
  try {
    const db = configureFirestore(getFirestore(app), host);
    await writeAll(db, sample());
    return await work(db);
  } finally {
    await deleteApp(app);
  }
}

/** Each reconciler whole and cut by its budget, on `host` (a standalone emulator). */
export async function reconcilerRows(host: string): Promise<ReconcilerRow[]> {
  const rows: ReconcilerRow[] = [];
  for (const job of await reconcilers()) {
    process.stderr.write(`sweeps: ${job.job}, ${job.units} ${job.unit}s, whole then cut\n`);
    const whole = await inProject(host, `${job.job}-whole`.toLowerCase(), async (db) => {
      const run = await measure(() => job.run(db, 60 * 60 * 1000));
      return { ...run, result: await written(db, job.outputs) };
    });
    const cut = await inProject(host, `${job.job}-cut`.toLowerCase(), async (db) => {
      const budgetMs = Math.max(50, whole.ms / 5);
      let runs = 0;
      let complete = false;
      while (!complete && runs < 50) {
        runs += 1;
        complete = await job.run(db, budgetMs);
      }
      return { runs, result: complete ? await written(db, job.outputs) : "" };
    });
    const dump = process.env.BENCH_SCALE_RECONCILE_DUMP;
    if (dump) {
      writeFileSync(`${dump}/${job.job}-whole.txt`, whole.result);
      writeFileSync(`${dump}/${job.job}-cut.txt`, cut.result);
    }
    rows.push({
      job: job.job,
      unit: job.unit,
      units: job.units,
      reads: whole.reads,
      calls: whole.calls,
      lanes: job.lanes,
      ms: whole.ms,
      cutRuns: cut.runs,
      sameResult: cut.result !== "" && cut.result === whole.result,
      ...(cut.result === whole.result ? {} : { difference: firstDifference(whole.result, cut.result) }),
      nationalUnits: job.nationalUnits,
    });
  }
  return rows;
}

/** The table printed under the sweeps'. */
export function reconcilerTable(rows: readonly ReconcilerRow[]): string[] {
  return [
    `| job | sample | reads | round trips/unit | lanes | cut runs | same result | national | at ${ROUND_TRIP_MS} ms a round trip · night |`,
    "|---|--:|--:|--:|--:|--:|---|--:|--:|",
    ...rows.map((row) => {
      const { projectedS, nightS } = reconcilerVerdict(row);
      return `| ${row.job} | ${row.units} ${row.unit}s | ${row.reads} | ${(row.calls / row.units).toFixed(2)} | ${row.lanes} | ${row.cutRuns} | ${row.sameResult ? "yes" : "NO"} | ${row.nationalUnits} ${row.unit}s | ${Math.round(projectedS)} s · ${nightS} s |`;
    }),
  ];
}
