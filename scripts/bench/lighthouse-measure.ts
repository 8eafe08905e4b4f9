import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { LOCAL_HOST } from "../stack/ports";
import { METRICS, type PageResult, type Run } from "./lighthouse-budget";
import { MAX_WAIT_FOR_LOAD_MS, REPORTS_DIR, RUNS } from "./lighthouse-options";
import { mainThreadBlocking, type TraceEvent } from "./main-thread-time";

// Lighthouse's runs of one page, and the numbers each run yields.

/**
 * What Lighthouse clears before each navigation: its own default list, spelled out because the
 * signed-in runs depend on it leaving IndexedDB (Firebase Auth's session) and localStorage alone.
 * The HTTP cache is cleared as well (Lighthouse always does with a storage reset), so every run is a
 * cold load of the app's code.
 */
const CLEAR_STORAGE_TYPES: NonNullable<Flags["clearStorageTypes"]> = [
  "file_systems",
  "shader_cache",
  "service_workers",
  "cache_storage",
];

/** The LCP element, from the LCP breakdown insight (Lighthouse 13; the old lcp-element audit is gone). */
function lcpElement(lhr: Result): string {
  const details = lhr.audits["lcp-breakdown-insight"]?.details as
    | { items?: Array<{ type?: string; selector?: string; nodeLabel?: string }> }
    | undefined;
  const node = details?.items?.find((item) => item.type === "node");
  if (!node) return "?";
  const label = (node.nodeLabel ?? "").replace(/\s+/g, " ").slice(0, 60);
  return `\`${node.selector ?? "?"}\` ("${label}")`;
}

export async function measure(
  url: string,
  devtoolsPort: number,
  reportName: string,
  slowdown: number,
): Promise<Run> {
  const load = loadavg()[0] ?? 0;
  const result = await lighthouse(url, {
    port: devtoolsPort,
    hostname: LOCAL_HOST,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    clearStorageTypes: CLEAR_STORAGE_TYPES,
    maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
    // The run's calibrated slowdown (./cpu-calibration.ts) instead of the default 4×.
    throttling: { cpuSlowdownMultiplier: slowdown },
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse produced no result for ${url}`);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(lhr));
    // The trace, for chrome://tracing or the DevTools Performance panel (where the long tasks come from).
    writeFileSync(join(REPORTS_DIR, `${reportName}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const applied = lhr.configSettings.throttling.cpuSlowdownMultiplier;
  if (applied !== slowdown) {
    throw new Error(
      `Lighthouse on ${url} ran at ${applied}× CPU slowdown instead of the calibrated ${slowdown}×`,
    );
  }
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse on ${url}: ${id} missing`);
    return value;
  };
  const score = lhr.categories.performance?.score;
  if (typeof score !== "number") throw new Error(`Lighthouse on ${url}: no score`);
  return {
    values: {
      score: score * 100,
      lcp: numeric("largest-contentful-paint"),
      tbt: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
    },
    fcp: numeric("first-contentful-paint"),
    speedIndex: numeric("speed-index"),
    lcpElement: lcpElement(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl,
    load,
    blocking: mainThreadBlocking(result.artifacts.Trace.traceEvents as unknown as TraceEvent[], slowdown),
    warnings: lhr.runWarnings,
  };
}

export async function measurePage(
  appUrl: string,
  path: string,
  devtoolsPort: number,
  note: string,
  id: string,
  slowdown: number,
  check?: (run: Run) => void,
): Promise<PageResult> {
  const runs: Run[] = [];
  for (let i = 1; i <= RUNS; i += 1) {
    const name = `${id}-${i}`;
    const run = await measure(`${appUrl}${path}`, devtoolsPort, name, slowdown);
    check?.(run);
    runs.push(run);
    const values = METRICS.map((metric) => `${metric.label} ${metric.format(run.values[metric.id])}`);
    const host = run.blocking
      ? `; blocking from wall · CPU time ${Math.round(run.blocking.fromWallTime)} · ${Math.round(run.blocking.fromCpuTime)} ms`
      : "";
    console.log(`  ${path} ${i}/${RUNS}: ${values.join(", ")} (load ${run.load.toFixed(1)}${host})`);
  }
  return { path, note, runs };
}
