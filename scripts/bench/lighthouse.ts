// `npm run bench:lighthouse`: the Lighthouse budget of architecture §8 on the production build.
//
// Starts the local stack on free ports (scripts/stack: Google's Firestore emulator, Auth + Functions emulators,
// MailDev), builds the SPA with `vite build` for those emulators (the e2e harness's build) and serves
// it over HTTP/2 and TLS as Firebase Hosting does (scripts/bench/static-h2.ts; BENCH_LH_SERVER=preview
// serves it with `vite preview`, HTTP/1.1, as the e2e harness does). Seeds the demo marketplace,
// launches Debian's Chromium with a DevTools port and a fresh profile, and runs Lighthouse (default
// config: mobile form factor, simulated throttling, performance category only) RUNS times on each page
// of scripts/bench/lighthouse-pages.ts: `/` and `/auth` signed out, the buyer's pages signed in as the
// demo buyer (through /auth in that same Chromium), the shop's pages signed in as the demo shop. Budget,
// per page, on the median of the runs: performance score ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05.
//
// The reference: `/` signed out (no data, no session) is measured first and, signed out again, at the end;
// every page's TBT is printed beside the reference's, so a slow host shows as a slow reference rather
// than as a page's pass or fail by luck (scripts/bench/lighthouse-reference.ts).
//
// Prints the table, writes it to docs/lighthouse.md, exits 1 on a budget miss or when a page could not
// be measured as its role. Everything it starts (stack, server, Chromium) is stopped, also on failure and
// Ctrl-C. The setup (stack, build, server, seed) is scripts/bench/bench-stack.ts, shared with
// `npm run bench:content`.
//
// Options (environment): BENCH_LH_RUNS (default 5), BENCH_LH_SERVER (http2 | preview, default http2),
// BENCH_LH_PAGES=create,customer to measure some pages only, with the reference (the doc is then not written),
// BENCH_LH_MAX_WAIT_MS (default 20000: how long Lighthouse waits for a page to settle),
// BENCH_LH_NO_DOC=1 to skip writing the doc, BENCH_LH_VERBOSE=1 for the services' output,
// BENCH_LH_REPORTS=DIR to keep every run's Lighthouse JSON report and trace (to see why a metric is
// off), BENCH_LH_PROFILE=DIR to also record one V8 CPU profile per page (4× slowdown) and print where
// the main thread's time goes (scripts/bench/cpu-profile.ts), BENCH_LH_STACK_NICE (default 19: the
// local stack's CPU priority while the browser is measured, 0 to leave it; scripts/bench/quiet-stack.ts),
// CHROMIUM_PATH (default /usr/bin/chromium).

import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { LOCAL_HOST } from "../stack/ports";
import { ServiceError } from "../stack/process";
import { runWithBenchStack } from "./bench-run";
import { launchChromium, signIn, signOut } from "./chromium";
import { type CpuCalibration, calibrateCpu, calibrationText } from "./cpu-calibration";
import { profilePage } from "./cpu-profile";
import type { PageResult } from "./lighthouse-budget";
import { measurePage } from "./lighthouse-measure";
import {
  DOC,
  PAGES,
  PROFILE_DIR,
  PROJECT_ID,
  RUNS,
  root,
  SERVER,
  VERBOSE,
  WRITE_DOC,
} from "./lighthouse-options";
import {
  ACCOUNT_BY_ROLE,
  BENCH_PAGES,
  type BenchRole,
  REFERENCE_PAGE,
  roleNote,
  selectPages,
} from "./lighthouse-pages";
import { hostLine, referenceRows, referenceText } from "./lighthouse-reference";
import { details, tableRows, textTable, writeDoc } from "./lighthouse-report";

async function main(): Promise<number> {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`Invalid BENCH_LH_RUNS: ${RUNS}`);
  if (SERVER !== "preview" && SERVER !== "http2") throw new Error(`Invalid BENCH_LH_SERVER: ${SERVER}`);
  const selected = selectPages(PAGES);
  return runWithBenchStack(
    "vicino-lighthouse-",
    { rootDir: root, projectId: PROJECT_ID, server: SERVER, verbose: VERBOSE },
    async ({ services, useBrowser }) => {
      const { appUrl, distDir } = await services.start();

      const browser = await launchChromium(SERVER === "http2" ? ["--ignore-certificate-errors"] : []);
      useBrowser(browser);
      const version = (await (await fetch(`http://${LOCAL_HOST}:${browser.port}/json/version`)).json()) as {
        Browser: string;
      };

      // Calibrated once, before any page, on the quiet browser (./cpu-calibration.ts).
      const calibration = await withPlaywright(browser.port, calibrateCpu);
      console.log(`CPU: ${calibrationText(calibration)}`);
      console.log(`Lighthouse (mobile, simulated throttling), ${RUNS} runs per page:`);
      const pages: PageResult[] = [];
      let signedInAs: BenchRole = "visitor";
      let conversationPath: string | undefined;
      for (const page of selected) {
        if (page.role !== signedInAs) {
          if (page.role === "visitor") throw new Error("visitor pages must come first");
          try {
            ({ conversationPath } = await signIn(browser.port, appUrl, page.role));
          } catch (error) {
            throw new Error(
              `COULD NOT sign in as ${ACCOUNT_BY_ROLE[page.role].email} ` +
                `(${error instanceof Error ? error.message : String(error)}): its pages were NOT measured.`,
            );
          }
          signedInAs = page.role;
        }
        const path = page.path === "conversation" ? conversationPath : page.path;
        if (!path) throw new Error("no conversation to measure");
        if (PROFILE_DIR) {
          mkdirSync(PROFILE_DIR, { recursive: true });
          // The build (with its source maps) stays next to the profiles: scripts/bench/long-tasks.ts reads both.
          const keptDist = join(PROFILE_DIR, "dist");
          if (!existsSync(keptDist)) cpSync(distDir, keptDist, { recursive: true });
          await profilePage(
            browser.port,
            `${appUrl}${path}`,
            PROFILE_DIR,
            page.id,
            calibration.slowdown,
            distDir,
          );
        }
        pages.push(
          await measurePage(
            appUrl,
            path,
            browser.port,
            roleNote(page.role),
            page.id,
            calibration.slowdown,
            (run) => {
              const landed = new URL(run.finalUrl).pathname;
              if (landed !== path) {
                throw new Error(
                  `COULD NOT measure ${path} (${roleNote(page.role)}): Lighthouse ended on ${run.finalUrl}.`,
                );
              }
            },
          ),
        );
      }

      // The reference again, signed out, at the end of the same run (REFERENCE_PAGE).
      if (signedInAs !== "visitor") await signOut(browser.port, appUrl);
      console.log("Reference again:");
      const end = await measurePage(
        appUrl,
        REFERENCE_PAGE.path,
        browser.port,
        roleNote("visitor"),
        "home-end",
        calibration.slowdown,
      );
      return reportAndCheck(pages, end, version.Browser, calibration);
    },
  );
}

/** Runs `use` with a Playwright connection to the benches' Chromium, then disconnects. */
async function withPlaywright<T>(port: number, use: (browser: Browser) => Promise<T>) {
  const browser = await chromium.connectOverCDP(`http://${LOCAL_HOST}:${port}`);
  try {
    return await use(browser);
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** Prints the table, writes the doc (only when every page was measured), returns the exit code. */
function reportAndCheck(
  pages: PageResult[],
  end: PageResult,
  browserVersion: string,
  calibration: CpuCalibration,
): number {
  const rows = tableRows(pages);
  console.log(`\n${textTable(rows)}\n`);
  const beside = referenceRows(pages, end);
  console.log(
    `Each page's TBT beside the reference's (/ signed out, first and last):\n${referenceText(beside)}\n`,
  );
  for (const line of details(pages)) console.log(line);
  if (WRITE_DOC && pages.length === BENCH_PAGES.length) {
    writeDoc(pages, rows, browserVersion.replace(/^[^/]*\//, ""), hostLine(pages, end), calibration);
    console.log(`\nWrote ${DOC}`);
  }
  const failed = rows.filter((row) => !row.ok);
  if (failed.length > 0) {
    console.error(
      `\nLighthouse budget MISSED: ${failed.map((row) => `${row.cells[0]} ${row.cells[1]} ${row.cells[3]}`).join(", ")}; ${calibrationText(calibration)}`,
    );
    return 1;
  }
  console.log(
    `\nLighthouse budget met on ${pages.map((page) => page.path).join(", ")}; ${calibrationText(calibration)}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof ServiceError && error.output.length > 0) {
      for (const line of error.output.slice(-25)) console.error(`    ${line}`);
    }
    process.exit(1);
  },
);
