// `npm run bench:content`: how long until the signed-in user's own data is on screen, on the
// production build (docs/content-bench.md).
//
// Starts the stack, builds and serves the SPA over HTTP/2 with Hosting's headers and seeds the demo
// marketplace (scripts/bench/bench-stack.ts, as bench:lighthouse), launches Chromium
// (scripts/bench/chromium.ts) and drives it through playwright-core's connectOverCDP. Signs the demo
// buyer and the demo shop in once each, keeping each sign-in's storage. Then, RUNS times, for the
// reference page (`/` signed out, to its main heading) and each page of scripts/bench/content-pages.ts:
// a fresh browser context (the sign-in's storage, an empty HTTP cache), a tab throttled to 150 ms and
// 1.6 Mbps per request and a 4× slower CPU, the page loaded COLD, then again in the same tab WARM. Each
// time is measured in the page: performance.now() (zero = navigation start) in the first animation
// frame where the data's element is visible (scripts/bench/content-measure.ts).
//
// Prints the table (medians), each run's numbers, the reference, and a last line `content: OK` or
// `content: OVER BUDGET …` (warm ≤ 1.5 s, cold ≤ 3 s); exits 1 over budget or when a page could not be
// measured (its data not on screen within BENCH_CONTENT_TIMEOUT_MS, default 20 s). Everything it
// starts is stopped at the end, also on failure and Ctrl-C.
//
// Options (environment): BENCH_CONTENT_RUNS (default 3), BENCH_CONTENT_TIMEOUT_MS (default 20000),
// BENCH_LH_VERBOSE=1 for the services' output, BENCH_LH_STACK_NICE (scripts/bench/quiet-stack.ts),
// CHROMIUM_PATH (default /usr/bin/chromium).

import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { LOCAL_HOST } from "../stack/ports";
import { ServiceError } from "../stack/process";
import { benchStack } from "./bench-stack";
import { type Chromium, launchChromium } from "./chromium";
import { coldAndWarm, type StorageState, signedInStorage } from "./content-measure";
import { CONTENT_PAGES, type ContentPage, type ContentRole, REFERENCE_PAGE } from "./content-pages";
import { type ContentResult, contentTable, median, runsLine, seconds, verdict } from "./content-report";
import { PROJECT_ID, root, VERBOSE } from "./lighthouse-options";

const RUNS = Number(process.env.BENCH_CONTENT_RUNS ?? 3);

interface Session {
  storage?: StorageState;
  conversationPath?: string;
}

function pathOf(page: ContentPage, sessions: Map<ContentRole, Session>): string {
  if (page.path !== "conversation") return page.path;
  const path = sessions.get("buyer")?.conversationPath;
  if (!path) throw new Error("no conversation to measure");
  return path;
}

async function measureAll(browser: Browser, appUrl: string): Promise<ContentResult[]> {
  const sessions = new Map<ContentRole, Session>([["visitor", {}]]);
  for (const role of ["buyer", "merchant"] as const) {
    try {
      sessions.set(role, await signedInStorage(browser, appUrl, role));
    } catch (error) {
      throw new Error(
        `COULD NOT sign the demo ${role} in (${error instanceof Error ? error.message : String(error)}): nothing was measured.`,
      );
    }
  }
  const pages = [REFERENCE_PAGE, ...CONTENT_PAGES];
  const results = pages.map((page) => ({
    page: page.path === "conversation" ? "/messages/:id" : page.path,
    data: page.data,
    cold: [] as number[],
    warm: [] as number[],
    failure: undefined as string | undefined,
  }));
  // Round by round (every page once per round), so a slow moment of the host spreads over the pages.
  for (let run = 1; run <= RUNS; run += 1) {
    for (const [i, page] of pages.entries()) {
      const result = results[i]!;
      if (result.failure) continue;
      const session = sessions.get(page.role);
      const load = loadavg()[0] ?? 0;
      try {
        const { cold, warm } = await coldAndWarm(
          browser,
          `${appUrl}${pathOf(page, sessions)}`,
          page,
          session?.storage,
        );
        result.cold.push(cold);
        result.warm.push(warm);
        console.log(
          `  ${result.page} ${run}/${RUNS}: cold ${seconds(cold)}, warm ${seconds(warm)} (load ${load.toFixed(1)})`,
        );
      } catch (error) {
        result.failure = `run ${run} ${error instanceof Error ? error.message : String(error)}`;
        console.log(`  ${result.page} ${run}/${RUNS}: COULD NOT measure: ${result.failure}`);
      }
    }
  }
  return results;
}

async function main(): Promise<number> {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`Invalid BENCH_CONTENT_RUNS: ${RUNS}`);
  const dataDir = mkdtempSync(join(tmpdir(), "vicino-content-"));
  const services = benchStack({
    rootDir: root,
    projectId: PROJECT_ID,
    dataDir,
    server: "http2",
    verbose: VERBOSE,
  });
  let browser: Chromium | undefined;
  let stopping: Promise<void> | undefined;
  const cleanup = () => {
    stopping ??= (async () => {
      await browser?.stop().catch(() => undefined);
      await services.stop();
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping everything…`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    const started = Date.now();
    const { appUrl } = await services.start();
    browser = await launchChromium(["--ignore-certificate-errors"]);
    const cdp = await chromium.connectOverCDP(`http://${LOCAL_HOST}:${browser.port}`);
    let results: ContentResult[];
    try {
      console.log(
        `Chromium ${cdp.version()}; 150 ms and 1.6 Mbps per request, CPU 4× slower; ${RUNS} runs (cold, then warm) per page:`,
      );
      results = await measureAll(cdp, appUrl);
    } finally {
      await cdp.close().catch(() => undefined);
    }
    const [reference, ...pages] = results;
    console.log(`\n${contentTable(pages, RUNS)}\n`);
    if (reference) {
      const time = (values: number[]) => (reference.failure ? "—" : seconds(median(values)));
      console.log(
        `Reference: / signed out, to its main heading: cold ${time(reference.cold)}, warm ${time(reference.warm)}` +
          (reference.failure ? ` (NOT MEASURED: ${reference.failure})` : ""),
      );
    }
    for (const result of results) console.log(`  ${runsLine(result)}`);
    console.log(
      `Host: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")}; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
    );
    const result = verdict(pages);
    const referenceFailed = reference?.failure !== undefined;
    console.log(referenceFailed ? `${result.line}; reference NOT MEASURED` : result.line);
    return result.ok && !referenceFailed ? 0 : 1;
  } finally {
    await cleanup();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof ServiceError && error.output.length > 0) {
      for (const line of error.output.slice(-25)) console.error(`    ${line}`);
    }
    console.error("content: NOT MEASURED");
    process.exit(1);
  },
);
