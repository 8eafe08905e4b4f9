import { cpus, loadavg } from "node:os";
import { type Browser, chromium } from "playwright-core";
import { LOCAL_HOST } from "../stack/ports";
import { ServiceError } from "../stack/process";
import { runWithBenchStack } from "./bench-run";
import { launchChromium } from "./chromium";
import { coldAndWarm, type StorageState, signedInStorage } from "./content-measure";
import { CONTENT_PAGES, type ContentPage, type ContentRole, REFERENCE_PAGE } from "./content-pages";
import { type ContentResult, contentTable, median, runsLine, seconds, verdict } from "./content-report";
import { calibrateCpu, calibrationText } from "./cpu-calibration";
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

async function measureAll(browser: Browser, appUrl: string, slowdown: number): Promise<ContentResult[]> {
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
          slowdown,
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
  return runWithBenchStack(
    "vicino-content-",
    { rootDir: root, projectId: PROJECT_ID, server: "http2", verbose: VERBOSE },
    async ({ services, useBrowser }) => {
      const started = Date.now();
      const { appUrl } = await services.start();
      const browser = await launchChromium(["--ignore-certificate-errors"]);
      useBrowser(browser);
      const cdp = await chromium.connectOverCDP(`http://${LOCAL_HOST}:${browser.port}`);
      let results: ContentResult[];
      let calibrationLine = "";
      try {
        // Calibrated once, before any page, on the quiet browser (./cpu-calibration.ts).
        const calibration = await calibrateCpu(cdp);
        console.log(`CPU: ${calibrationText(calibration)}`);
        console.log(
          `Chromium ${cdp.version()}; 150 ms and 1.6 Mbps per request, CPU ${calibration.slowdown}× slower; ${RUNS} runs (cold, then warm) per page:`,
        );
        results = await measureAll(cdp, appUrl, calibration.slowdown);
        calibrationLine = calibrationText(calibration);
      } finally {
        await cdp.close().catch(() => undefined);
      }
      const [reference, ...pages] = results;
      const referenceCold = reference?.failure ? undefined : median(reference?.cold ?? []);
      const referenceWarm = reference?.failure ? undefined : median(reference?.warm ?? []);
      if (referenceCold === undefined || referenceWarm === undefined) {
        for (const result of results) console.log(`  ${runsLine(result)}`);
        console.log(`content: NOT MEASURED: the reference / (${reference?.failure ?? "no runs"})`);
        return 1;
      }
      const times = { cold: referenceCold, warm: referenceWarm };
      console.log(`\n${contentTable(pages, RUNS, times)}\n`);
      console.log(
        `Reference: / signed out, to its main heading: cold ${seconds(times.cold)}, warm ${seconds(times.warm)}`,
      );
      for (const result of results) console.log(`  ${runsLine(result)}`);
      console.log(
        `Host: ${cpus().length} cores, load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" / ")}; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
      );
      const result = verdict(pages, times);
      console.log(`${result.line}; ${calibrationLine}`);
      return result.ok ? 0 : 1;
    },
  );
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
