import { RADIUS_OPTIONS_KM } from "../../src/domain/core/enums";
import type { LatLng } from "../../src/domain/geo/geo";
import type { FeedFilters } from "../../src/domain/geo/geo-feed";
import { BENCH_MERCHANTS } from "./dataset";

// What `npm run bench:geo` measures: its options (read from the environment, see run.ts) and the
// merchants, radii and filters it pages through.

export const COUNT = Number(process.env.BENCH_GEO_COUNT ?? 100_000);
export const PAGES = Number(process.env.BENCH_GEO_PAGES ?? 5);
export const PAGE_SIZE = 20;
export const READ_BUDGET = 200;
export const PROJECT_ID = "demo-vicino-bench-geo";
export const FIRESTORE_MODE = (process.env.BENCH_GEO_FIRESTORE ?? "sample") as "sample" | "all" | "none";
export const FIRESTORE_COUNT = Number(process.env.BENCH_GEO_FIRESTORE_COUNT ?? 20_000);
export const SAMPLE_MERCHANT = BENCH_MERCHANTS[1]!.name;
export const SAMPLE_PAGES = 2;

export type Scenario = {
  merchant: string;
  at: LatLng;
  radiusKm: number;
  filters: FeedFilters;
  label: string;
};

export function scenarios(): Scenario[] {
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

/** The scenarios Google's emulator answers, and how many pages of each. */
export function firestoreChecks(all: readonly Scenario[]): { scenarios: Scenario[]; pages: number } {
  if (FIRESTORE_MODE === "none") return { scenarios: [], pages: 0 };
  if (FIRESTORE_MODE === "all") return { scenarios: [...all], pages: PAGES };
  const sampled = all.filter(
    (scenario) => scenario.merchant === SAMPLE_MERCHANT && Object.keys(scenario.filters).length === 0,
  );
  return { scenarios: sampled, pages: SAMPLE_PAGES };
}
