import { coveringCells, type GeohashFieldPrecision, geohashFieldName } from "../../src/domain/geo/geo-cover";
import {
  fetchNearbyPage,
  type NearbyCursor,
  type NearbyPage,
  visibleDistanceKm,
} from "../../src/domain/geo/geo-feed";
import { type GeoQueryPlan, planNearbyQuery } from "../../src/domain/geo/geo-feed-plan";
import { isActiveRequest } from "../../src/domain/marketplace/state-machine";
import type { createMemoryFeedExecutor } from "../../src/testing/geo-memory-executor";
import type { BenchRequest } from "./dataset";
import { PAGE_SIZE, PAGES, type Scenario } from "./scenarios";

// One scenario on the in-memory mirror of the composite index: the app's planner and merger page
// through the feed, and every page is compared with a brute-force scan of the newest visible requests.

export type Row = {
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

function bruteForce(sorted: readonly BenchRequest[], scenario: Scenario): string[] {
  return sorted
    .filter(
      (request) =>
        isActiveRequest(request.status) &&
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

export async function runScenario(
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
