// `npm run bench:geo`: the merchant feed's radius query over 100k requests.
//
// Generates a realistic population (scripts/bench-geo/dataset.ts); for merchants in the centre of
// Milano, 15 km out and 80 km out, at every radius option (and with category/urgency filters), pages
// through the feed with the app's planner and merger over the in-memory mirror of the composite index
// (src/data/geo-memory-executor.ts: same sub-queries, order, cursors and read counting) and compares
// every page with a brute-force scan of the newest visible requests. Then Google's Firestore emulator (a
// private one, random port) is seeded with a smaller population of the same kind and must answer the
// same pages as the mirror over it, documents and reads included: the mirror's numbers are Firestore's.
// The emulator scans the collection for every query and holds everything on the Java heap, so it gets
// 20,000 requests (at 100,000 its default heap runs out) and, by default, a sample of the scenarios.
// Prints the table and writes docs/geo-bench.md.
//
// Options (environment): BENCH_GEO_COUNT (default 100000), BENCH_GEO_PAGES (default 5),
// BENCH_GEO_FIRESTORE = sample (default: the shop 15 km out, every radius, 2 pages) | all | none,
// BENCH_GEO_FIRESTORE_COUNT (default 20000), BENCH_GEO_NO_DOC=1 to skip writing docs/geo-bench.md.

import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { configureFirestore } from "../../functions/src/lib/admin";
import { RADIUS_OPTIONS_KM } from "../../src/domain/enums";
import type { LatLng } from "../../src/domain/geo";
import { coveringCells, type GeohashFieldPrecision, geohashFieldName } from "../../src/domain/geo-cover";
import {
  compareFeedKeys,
  type FeedFilters,
  fetchNearbyPage,
  type NearbyCursor,
  type NearbyPage,
  visibleDistanceKm,
} from "../../src/domain/geo-feed";
import { type GeoQueryPlan, MAX_SUB_QUERIES, planNearbyQuery } from "../../src/domain/geo-feed-plan";
import { createMemoryFeedExecutor, memoryFeedKey } from "../../src/testing/geo-memory-executor";
import { markdownTable } from "../bench/markdown-table";
import { startStandaloneFirestore } from "../stack/firestore-only";
import { adminFeedExecutor } from "./admin-executor";
import { BENCH_MERCHANTS, type BenchRequest, generateRequests } from "./dataset";
import { seedRequests } from "./seed";

const COUNT = Number(process.env.BENCH_GEO_COUNT ?? 100_000);
const PAGES = Number(process.env.BENCH_GEO_PAGES ?? 5);
const PAGE_SIZE = 20;
const READ_BUDGET = 200;
const PROJECT_ID = "demo-vicino-bench-geo";
const FIRESTORE_MODE = (process.env.BENCH_GEO_FIRESTORE ?? "sample") as "sample" | "all" | "none";
const FIRESTORE_COUNT = Number(process.env.BENCH_GEO_FIRESTORE_COUNT ?? 20_000);
const SAMPLE_MERCHANT = BENCH_MERCHANTS[1]!.name;
const SAMPLE_PAGES = 2;

/** The scenarios Google's emulator answers, and how many pages of each. */
function firestoreChecks(all: readonly Scenario[]): { scenarios: Scenario[]; pages: number } {
  if (FIRESTORE_MODE === "none") return { scenarios: [], pages: 0 };
  if (FIRESTORE_MODE === "all") return { scenarios: [...all], pages: PAGES };
  const sampled = all.filter(
    (scenario) => scenario.merchant === SAMPLE_MERCHANT && Object.keys(scenario.filters).length === 0,
  );
  return { scenarios: sampled, pages: SAMPLE_PAGES };
}
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

type Scenario = { merchant: string; at: LatLng; radiusKm: number; filters: FeedFilters; label: string };

type Row = {
  scenario: Scenario;
  subQueries: number;
  visible: number;
  readsPerPage: number[];
  queriesPerPage: number[];
  indexEntriesPerPage: number[];
  expected: number;
  found: number;
  exactOrder: boolean;
  msPerPage: number;
  /** The same pages with architecture §4 taken literally (one `in` query over coveringCells, no ring floors, no box). */
  naiveMaxReads: number;
};

function scenarios(): Scenario[] {
  const list: Scenario[] = [];
  for (const merchant of BENCH_MERCHANTS) {
    for (const radiusKm of RADIUS_OPTIONS_KM) {
      list.push({ merchant: merchant.name, at: merchant.at, radiusKm, filters: {}, label: "tutte" });
    }
  }
  const filtered: ReadonlyArray<[string, FeedFilters]> = [
    ["elettronica", { category: "elettronica" }],
    ["strumenti musicali + subito", { category: "strumenti musicali", urgency: "subito" }],
  ];
  for (const merchant of [BENCH_MERCHANTS[0], BENCH_MERCHANTS[2]]) {
    if (!merchant) continue;
    for (const [label, filters] of filtered) {
      for (const radiusKm of [10, 50, 100])
        list.push({ merchant: merchant.name, at: merchant.at, radiusKm, filters, label });
    }
  }
  return list;
}

function bruteForce(sorted: readonly BenchRequest[], scenario: Scenario): string[] {
  return sorted
    .filter(
      (request) =>
        request.status === "active" &&
        (!scenario.filters.category || request.category === scenario.filters.category) &&
        (!scenario.filters.urgency || request.urgency === scenario.filters.urgency) &&
        visibleDistanceKm(request, scenario.at, scenario.radiusKm) !== null,
    )
    .map((request) => request.id);
}

/** Reads per page of the single-query design (coveringCells → one `in` query), on the in-memory mirror. */
async function naiveMaxReads(
  memory: ReturnType<typeof createMemoryFeedExecutor<BenchRequest>>,
  scenario: Scenario,
): Promise<number> {
  const cover = coveringCells(scenario.at, scenario.radiusKm);
  const plan: GeoQueryPlan = {
    center: scenario.at,
    radiusKm: scenario.radiusKm,
    subQueries: [
      {
        field: geohashFieldName(cover.precision as GeohashFieldPrecision),
        cells: cover.cells,
        minActionRadiusKm: null,
        bounds: null,
      },
    ],
  };
  let worst = 0;
  let cursor: NearbyCursor<BenchRequest> | null = null;
  for (let page = 0; page < PAGES; page += 1) {
    const params = {
      center: scenario.at,
      radiusKm: scenario.radiusKm,
      pageSize: PAGE_SIZE,
      ...scenario.filters,
    };
    const result: NearbyPage<BenchRequest> = await fetchNearbyPage(memory, { ...params, cursor }, plan);
    worst = Math.max(worst, result.reads);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return worst;
}

async function runScenario(
  memory: ReturnType<typeof createMemoryFeedExecutor<BenchRequest>>,
  sorted: readonly BenchRequest[],
  scenario: Scenario,
): Promise<Row> {
  const plan: GeoQueryPlan = planNearbyQuery(scenario.at, scenario.radiusKm);
  const truth = bruteForce(sorted, scenario);
  const row: Row = {
    scenario,
    subQueries: plan.subQueries.length,
    visible: truth.length,
    readsPerPage: [],
    queriesPerPage: [],
    indexEntriesPerPage: [],
    expected: Math.min(truth.length, PAGES * PAGE_SIZE),
    found: 0,
    exactOrder: true,
    msPerPage: 0,
    naiveMaxReads: await naiveMaxReads(memory, scenario),
  };
  const got: string[] = [];
  let cursor: NearbyCursor<BenchRequest> | null = null;
  const started = performance.now();
  for (let page = 0; page < PAGES; page += 1) {
    const params = {
      center: scenario.at,
      radiusKm: scenario.radiusKm,
      pageSize: PAGE_SIZE,
      ...scenario.filters,
    };
    const result: NearbyPage<BenchRequest> = await fetchNearbyPage(memory, { ...params, cursor }, plan);
    row.readsPerPage.push(result.reads);
    row.queriesPerPage.push(result.queries);
    row.indexEntriesPerPage.push(result.indexEntries);
    got.push(...result.items.map((item) => item.id));
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  row.msPerPage = (performance.now() - started) / Math.max(1, row.readsPerPage.length);
  const expected = new Set(truth.slice(0, row.expected));
  row.found = got.filter((id) => expected.has(id)).length;
  row.exactOrder = got.slice(0, row.expected).join() === truth.slice(0, row.expected).join();
  return row;
}

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const pct = (row: Row) => (row.expected === 0 ? 100 : (100 * row.found) / row.expected);

function table(rows: readonly Row[]): string[] {
  const header = [
    "Negozio",
    "Filtri",
    "Raggio",
    "Sub-query",
    "Visibili",
    "Letture p.1",
    "Letture medie",
    "Letture max",
    "Query/pagina",
    "Voci indice max",
    "Recall",
    "Query singola: letture max",
  ];
  const lines = rows.map((row) => [
    row.scenario.merchant,
    row.scenario.label,
    `${row.scenario.radiusKm} km`,
    String(row.subQueries),
    String(row.visible),
    String(row.readsPerPage[0] ?? 0),
    mean(row.readsPerPage).toFixed(0),
    String(Math.max(0, ...row.readsPerPage)),
    mean(row.queriesPerPage).toFixed(1),
    String(Math.max(0, ...row.indexEntriesPerPage)),
    `${pct(row).toFixed(0)}% (${row.found}/${row.expected})${row.exactOrder ? "" : " ordine diverso"}`,
    String(row.naiveMaxReads),
  ]);
  const right = new Set(header.map((_, i) => i).filter((i) => i >= 2));
  return markdownTable(header, lines, right).split("\n");
}

/**
 * Google's emulator, seeded with `count` requests of the same kind, answers `pages` pages of each scenario;
 * every page must equal the mirror's over the same documents, reads included. Returns the pages compared.
 */
async function checkAgainstFirestore(
  count: number,
  now: number,
  scenarios: readonly Scenario[],
  pages: number,
) {
  if (scenarios.length === 0) return { pages: 0, seconds: 0 };
  const started = performance.now();
  const requests = generateRequests(count, 20250101, now);
  const memory = createMemoryFeedExecutor(requests);
  const emulator = await startStandaloneFirestore(PROJECT_ID);
  process.env.METADATA_SERVER_DETECTION ??= "none";
  const app = initializeApp({ projectId: PROJECT_ID }, `bench-geo-${process.pid}`);
  let compared = 0;
  try {
    const db = configureFirestore(getFirestore(app), emulator.host);
    console.log(`\nGoogle's Firestore emulator at ${emulator.origin}: writing ${count} requests…`);
    await seedRequests(db, requests);
    const firestore = adminFeedExecutor<BenchRequest>(db);
    for (const scenario of scenarios) {
      const plan = planNearbyQuery(scenario.at, scenario.radiusKm);
      const params = {
        center: scenario.at,
        radiusKm: scenario.radiusKm,
        pageSize: PAGE_SIZE,
        ...scenario.filters,
      };
      let cursor: NearbyCursor<BenchRequest> | null = null;
      let mirrorCursor: NearbyCursor<BenchRequest> | null = null;
      for (let page = 0; page < pages; page += 1) {
        const viaFirestore: NearbyPage<BenchRequest> = await fetchNearbyPage(
          firestore,
          { ...params, cursor },
          plan,
        );
        const viaMirror: NearbyPage<BenchRequest> = await fetchNearbyPage(
          memory,
          { ...params, cursor: mirrorCursor },
          plan,
        );
        const ids = (result: NearbyPage<BenchRequest>) => result.items.map((item) => item.id).join();
        if (ids(viaFirestore) !== ids(viaMirror) || viaFirestore.reads !== viaMirror.reads) {
          throw new Error(
            `${scenario.merchant} ${scenario.radiusKm} km ${scenario.label}, page ${page + 1}: Google's Firestore emulator and the in-memory mirror disagree`,
          );
        }
        compared += 1;
        cursor = viaFirestore.nextCursor;
        mirrorCursor = viaMirror.nextCursor;
        if (!cursor) break;
      }
      console.log(`  ${scenario.merchant}, ${scenario.radiusKm} km, ${scenario.label}: identical`);
    }
  } finally {
    await deleteApp(app);
    await emulator.stop();
  }
  return { pages: compared, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const started = performance.now();
  const now = Date.now();
  const requests = generateRequests(COUNT, 20250101, now);
  const sorted = [...requests].sort((a, b) => compareFeedKeys(memoryFeedKey(a), memoryFeedKey(b)));
  const memory = createMemoryFeedExecutor(requests);
  const active = requests.filter((request) => request.status === "active").length;
  console.log(`${COUNT} requests (${active} active), in the mirror of the composite index\n`);

  const all = scenarios();
  const rows: Row[] = [];
  for (const scenario of all) rows.push(await runScenario(memory, sorted, scenario));
  const lines = table(rows);
  console.log(lines.join("\n"));

  const worst = Math.max(...rows.flatMap((row) => row.readsPerPage));
  const recallOk = rows.every((row) => row.found === row.expected && row.exactOrder);
  const budgetOk = worst <= READ_BUDGET;
  console.log(
    `\nReads per page of ${PAGE_SIZE}: max ${worst} (goal ≤ ${READ_BUDGET}) ${budgetOk ? "OK" : "OVER BUDGET"}; ` +
      `recall ${recallOk ? "100% in exact order in every scenario" : "INCOMPLETE"}.`,
  );

  const checks = firestoreChecks(all);
  const firestore = await checkAgainstFirestore(FIRESTORE_COUNT, now, checks.scenarios, checks.pages);
  const check = {
    ...firestore,
    scenarios: checks.scenarios.length,
    mode: FIRESTORE_MODE,
    count: FIRESTORE_COUNT,
  };
  console.log(
    `Google's emulator: ${check.pages} pages of ${check.scenarios} scenarios identical to the mirror ` +
      `(${check.seconds.toFixed(0)} s). Total ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (process.env.BENCH_GEO_NO_DOC !== "1") {
    writeFileSync(resolve(root, "docs/geo-bench.md"), markdown(lines, { active, worst, recallOk }, check));
    console.log("Table written to docs/geo-bench.md");
  }
  if (!recallOk || !budgetOk) process.exitCode = 1;
}

function markdown(
  lines: readonly string[],
  summary: { active: number; worst: number; recallOk: boolean },
  check: { pages: number; scenarios: number; seconds: number; mode: string; count: number },
): string {
  return `# Merchant feed: reads and recall over ${COUNT.toLocaleString("en-US")} requests

Generated by \`npm run bench:geo\` (scripts/bench-geo/run.ts) with the app's own planner and merger
(src/data/geo-query.ts) over the in-memory mirror of the composite index (src/data/geo-memory-executor.ts:
the same sub-queries, order, cursors and read counting). ${summary.active.toLocaleString("en-US")} of the
requests are active.

**Checked against Google's Firestore emulator:** seeded with ${check.count.toLocaleString("en-US")} requests of the same
kind, it answered ${check.pages} pages of ${check.scenarios} scenarios (\`BENCH_GEO_FIRESTORE=${check.mode}\`) through
firebase-admin with exactly the documents and the reads of the mirror over the same requests (${check.seconds.toFixed(0)} s).
The emulator scans the collection for every query and keeps everything on the Java heap (at 100,000
requests its default heap runs out), so the table comes from the mirror and the emulator checks it;
\`BENCH_GEO_FIRESTORE=all\` compares every page of every scenario (at 20,000 requests: 27 scenarios × 5
pages, all identical, about 13 minutes here).

**Result:** at most **${summary.worst} document reads per page of ${PAGE_SIZE}** (goal ≤ ${READ_BUDGET});
recall ${summary.recallOk ? "**100%, in exactly the brute-force order**" : "**incomplete**"} for the first ${PAGES} pages of every scenario.

${lines.join("\n")}

- **Visibili**: active requests the merchant may see (distance ≤ the merchant's radius and ≤ the
  request's own action radius), by brute force over all ${COUNT.toLocaleString("en-US")} documents.
- **Letture**: documents returned by Firestore for one page of ${PAGE_SIZE} (billed reads, counting the
  1-read minimum of a query that returns nothing), over the first ${PAGES} pages (fewer when the feed ends).
- **Recall**: the pages' items found among the brute-force newest visible requests (same count); every
  page is also checked item by item against an in-memory mirror of the same queries.
- **Query singola: letture max**: the same pages with architecture §4 taken literally, one
  \`status == active && ghP in coveringCells(...)\` query with the distance and action-radius checks done
  on the client (measured on the in-memory mirror): also exact, but this is what it costs.
- **Voci indice max**: index entries the sub-queries scan for one page (the action-radius and
  bounding-box ranges are checked on index entries; Firestore bills them at one read per 1,000).

## The data

${COUNT.toLocaleString("en-US")} requests (scripts/bench-geo/dataset.ts, seeded PRNG): 55% in Milano (a dense core,
σ 3.5 km, fading into the hinterland, σ 12 km), 30% in 16 towns of the north (Torino, Genova, Bologna,
Brescia, Verona, Bergamo, Monza, …) by size, 15% scattered over the Po valley. Action radius: 5 km 25%,
10 km 35%, 20 km 15%, 50 km 9%, 100 km 5%, typed values (3, 7, 15, 30, 75 km) 11%. Three months of
history with a daily rhythm; 85% of last week's requests are active, 50% of the month's, 10% older.

## The query

Merchants: ${BENCH_MERCHANTS.map((m) => `${m.name} (${m.at.lat.toFixed(4)}, ${m.at.lng.toFixed(4)})`).join("; ")}.

A page runs up to ${MAX_SUB_QUERIES} sub-queries (src/data/geo-query.ts plans them, src/data/requests.ts runs them):

    status == 'active' [&& category == c] [&& urgency == u] && gh{3|4|5} in [≤ 30 cells]
    [&& actionRadius >= ring floor] && location.lat/lng within the circle's bounding box
    orderBy createdAt, actionRadius, location.lat, location.lng, __name__ (all desc)

- **Cells**: every geohash cell touching the circle, at the finest mix of the stored precisions
  (gh3/gh4/gh5) that fits in ${MAX_SUB_QUERIES} sub-queries of at most 30 cells; the cells nearest the shop are
  split one level finer. Cells never overlap, so no document is read twice.
- **Ring floors**: every point of a cell is at least some distance from the shop, so a request there can
  only reach the shop if its action radius is at least that. Cells are grouped in rings (cut at 5, 10,
  20, 50 km) and each ring asks for \`actionRadius >= floor\`. This is what keeps the shop 80 km out
  from reading Milano's 5-10 km requests (compare the last column).
- **Bounding box**: cells overhang the circle; the box much less. Documents outside it are skipped
  on the index entry instead of being read.
- **Category and urgency** are equality filters in the query (12 composite indexes: 3 precisions × 4
  filter combinations), not client-side: a filter keeping one request in 30 would cost 30× the reads.
- **Merge and paging**: the sub-queries share one total order and are merged newest first; a sub-query is
  fetched only when it could hold the next item, in batches sized by its share and yield so far. The
  cursor carries every sub-query's state, so page 2 neither re-reads nor re-learns. The exact distance
  check (R = 6371 km, edge included) and the request's own radius are applied to what comes back.
- **Cost notes**: page 1 reads more than later pages (it assumes a 50% yield until it knows better);
  index entries scanned by the range filters are billed at one read per 1,000 (column "Voci indice").
  Planning takes 5-40 ms in the browser.
`;
}

await main();
