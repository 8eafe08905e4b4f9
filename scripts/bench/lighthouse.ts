// `npm run bench:lighthouse`: the Lighthouse budget of architecture §8 on the production build.
//
// Starts the local stack on free ports (scripts/stack: Google's Firestore emulator, Auth + Functions emulators,
// MailDev), builds the SPA with `vite build` for those emulators (the e2e harness's build) and serves
// it over HTTP/2 and TLS as Firebase Hosting does (scripts/bench/static-h2.ts; BENCH_LH_SERVER=preview
// serves it with `vite preview`, HTTP/1.1, as the e2e harness does). Seeds the demo marketplace,
// launches Debian's Chromium with a DevTools port and a fresh profile, and runs Lighthouse (default
// config: mobile form factor, simulated throttling, performance category only) RUNS times on `/` as a
// signed-out visitor, then signs the demo buyer in through /auth in that same Chromium and runs it RUNS
// times on `/create`. Budget, per page, on the median of the runs: performance score ≥ 95,
// LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05.
//
// Prints the table, writes it to docs/lighthouse.md, exits 1 on a budget miss or when /create could not
// be measured signed in. Everything it starts (stack, server, Chromium) is stopped, also on failure and
// Ctrl-C.
//
// Options (environment): BENCH_LH_RUNS (default 5), BENCH_LH_SERVER (http2 | preview, default http2),
// BENCH_LH_NO_DOC=1 to skip writing the doc, BENCH_LH_VERBOSE=1 for the services' output,
// BENCH_LH_REPORTS=DIR to keep every run's Lighthouse JSON report and trace (to see why a metric is
// off), CHROMIUM_PATH (default /usr/bin/chromium).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/browser";
import { DEMO_BUYER, DEMO_PASSWORD } from "../seed/demo-data";
import { seedDemoData } from "../seed/seed";
import { findFreePorts, LOCAL_HOST } from "../stack/ports";
import { runToCompletion, ServiceError, ServiceProcess } from "../stack/process";
import { freeStackPorts, startStack } from "../stack/stack";
import { webEnv } from "../stack/stack-env";
import type { RunningStack } from "../stack/stack-options";
import { httpAnswers, waitUntil } from "../stack/wait";
import { markdownTable } from "./markdown-table";
import { type StaticServer, serveStaticHttp2 } from "./static-h2";

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
const WRITE_DOC = process.env.BENCH_LH_NO_DOC !== "1";
const VERBOSE = process.env.BENCH_LH_VERBOSE === "1";
/** `http2`: scripts/bench/static-h2.ts, as Hosting serves; `preview`: `vite preview` (HTTP/1.1), as the e2e harness. */
const SERVER = process.env.BENCH_LH_SERVER ?? "http2";
const REPORTS_DIR = process.env.BENCH_LH_REPORTS ? resolve(process.env.BENCH_LH_REPORTS) : undefined;
const PROJECT_ID = "demo-vicino";
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const DOC = join(root, "docs/lighthouse.md");
const NOTES_MARKER =
  "<!-- Notes below this line are written by hand and kept by npm run bench:lighthouse. -->";

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

// --- Budget (architecture §8) ---------------------------------------------------------------------
type MetricId = "score" | "lcp" | "tbt" | "cls";
interface Metric {
  id: MetricId;
  label: string;
  /** Pass when the median is on the right side of the limit. */
  limit: number;
  atLeast: boolean;
  format(value: number): string;
}
const METRICS: readonly Metric[] = [
  { id: "score", label: "Performance", limit: 95, atLeast: true, format: (v) => String(Math.round(v)) },
  { id: "lcp", label: "LCP", limit: 2000, atLeast: false, format: (v) => `${(v / 1000).toFixed(2)} s` },
  { id: "tbt", label: "TBT", limit: 150, atLeast: false, format: (v) => `${Math.round(v)} ms` },
  { id: "cls", label: "CLS", limit: 0.05, atLeast: false, format: (v) => v.toFixed(3) },
];
const budgetText = (metric: Metric) => `${metric.atLeast ? "≥" : "≤"} ${metric.format(metric.limit)}`;
const passes = (metric: Metric, value: number) =>
  metric.atLeast ? value >= metric.limit : value <= metric.limit;

interface Run {
  values: Record<MetricId, number>;
  fcp: number;
  speedIndex: number;
  lcpElement: string;
  benchmarkIndex: number;
  finalUrl: string;
  /** The machine's 1-minute load average when the run started (other work on the 2 cores). */
  load: number;
  warnings: string[];
}

interface PageResult {
  path: string;
  note: string;
  runs: Run[];
}

// --- Chromium -------------------------------------------------------------------------------------
interface Chromium {
  port: number;
  stop(): Promise<void>;
}

/** Debian's Chromium with a DevTools port on 127.0.0.1 and a fresh profile (removed on stop). */
async function launchChromium(extraArgs: readonly string[]): Promise<Chromium> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium non trovato in ${CHROMIUM_PATH} (apt-get install chromium, o imposta CHROMIUM_PATH)`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), "vicino-lighthouse-profile-"));
  const [port] = await findFreePorts(1);
  const service = new ServiceProcess(
    {
      name: "chromium",
      command: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        "--disable-quic",
        ...extraArgs,
        `--user-data-dir=${profile}`,
        `--remote-debugging-address=${LOCAL_HOST}`,
        `--remote-debugging-port=${port}`,
        // What chrome-launcher adds for Lighthouse: no extensions, no background throttling of the tab.
        "--disable-extensions",
        "--disable-default-apps",
        "--no-default-browser-check",
        "--mute-audio",
        "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows",
        "--disable-renderer-backgrounding",
        "--password-store=basic",
        "--use-mock-keychain",
        "about:blank",
      ],
      cwd: root,
    },
    { verbose: VERBOSE },
  );
  const stop = async () => {
    await service.stop(5_000, "SIGTERM");
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    await waitUntil("Chromium (DevTools)", () => httpAnswers(`http://${LOCAL_HOST}:${port}/json/version`), {
      timeoutMs: 30_000,
      service,
    });
    service.ready = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: port!, stop };
}

/**
 * Signs the demo buyer in through /auth in Chromium's default profile (the one Lighthouse's tabs use),
 * then checks that /create opens signed in. The Firebase Auth session lives in IndexedDB.
 */
async function signInBuyer(devtoolsPort: number, appUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://${LOCAL_HOST}:${devtoolsPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium non ha un contesto predefinito");
    const page = await context.newPage();
    try {
      await page.goto(`${appUrl}/create`, { waitUntil: "load" });
      await page.waitForURL((url) => url.pathname === "/auth", { timeout: 30_000 });
      await page.getByLabel("Email").fill(DEMO_BUYER.email);
      await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Accedi", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/create", { timeout: 30_000 });
      await page.getByRole("heading", { name: "Chiedi ad Algo" }).waitFor({ timeout: 30_000 });
      // A fresh load must find the session again (what every Lighthouse run of /create relies on).
      await page.goto(`${appUrl}/create`, { waitUntil: "load" });
      await page.getByRole("heading", { name: "Chiedi ad Algo" }).waitFor({ timeout: 30_000 });
      if (new URL(page.url()).pathname !== "/create") throw new Error(`dopo l'accesso: ${page.url()}`);
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects only: the default context (and its IndexedDB) stays with the browser.
    await browser.close();
  }
}

// --- Lighthouse -----------------------------------------------------------------------------------
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

async function measure(url: string, devtoolsPort: number, reportName: string): Promise<Run> {
  const load = loadavg()[0] ?? 0;
  const result = await lighthouse(url, {
    port: devtoolsPort,
    hostname: LOCAL_HOST,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    clearStorageTypes: CLEAR_STORAGE_TYPES,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse non ha prodotto un risultato per ${url}`);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(lhr));
    // The trace, for chrome://tracing or the DevTools Performance panel (where the long tasks come from).
    writeFileSync(join(REPORTS_DIR, `${reportName}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError)
    throw new Error(`Lighthouse su ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse su ${url}: manca ${id}`);
    return value;
  };
  const score = lhr.categories.performance?.score;
  if (typeof score !== "number") throw new Error(`Lighthouse su ${url}: nessun punteggio`);
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
    warnings: lhr.runWarnings,
  };
}

async function measurePage(
  appUrl: string,
  path: string,
  devtoolsPort: number,
  note: string,
  check?: (run: Run) => void,
): Promise<PageResult> {
  const runs: Run[] = [];
  for (let i = 1; i <= RUNS; i += 1) {
    const name = `${path === "/" ? "landing" : path.replace(/\W+/g, "")}-${i}`;
    const run = await measure(`${appUrl}${path}`, devtoolsPort, name);
    check?.(run);
    runs.push(run);
    const values = METRICS.map((metric) => `${metric.label} ${metric.format(run.values[metric.id])}`);
    console.log(`  ${path} ${i}/${RUNS}: ${values.join(", ")} (load ${run.load.toFixed(1)})`);
  }
  return { path, note, runs };
}

// --- Report ---------------------------------------------------------------------------------------
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Row {
  cells: string[];
  ok: boolean;
}

function tableRows(pages: readonly PageResult[]): Row[] {
  const rows: Row[] = [];
  for (const page of pages) {
    for (const metric of METRICS) {
      const values = page.runs.map((run) => run.values[metric.id]);
      const mid = median(values);
      const ok = passes(metric, mid);
      rows.push({
        cells: [
          page.path,
          metric.label,
          values.map(metric.format).join(" · "),
          metric.format(mid),
          budgetText(metric),
          ok ? "PASS" : "FAIL",
        ],
        ok,
      });
    }
  }
  return rows;
}

const HEADER = ["Page", "Metric", `Runs (${RUNS})`, "Median", "Budget", "Result"];

function textTable(rows: readonly Row[]): string {
  const lines = [HEADER, ...rows.map((row) => row.cells)];
  const widths = HEADER.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const format = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  return [
    format(HEADER),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map((r) => format(r.cells)),
  ].join("\n");
}

const RIGHT_ALIGNED = new Set([2, 3, 4]);

function details(pages: readonly PageResult[]): string[] {
  return pages.map((page) => {
    const fcp = median(page.runs.map((run) => run.fcp));
    const si = median(page.runs.map((run) => run.speedIndex));
    const elements = [...new Set(page.runs.map((run) => run.lcpElement))].join("; ");
    const loads = page.runs.map((run) => run.load);
    const warnings = [...new Set(page.runs.flatMap((run) => run.warnings))];
    return (
      `- \`${page.path}\` (${page.note}): median FCP ${(fcp / 1000).toFixed(2)} s, Speed Index ` +
      `${(si / 1000).toFixed(2)} s; LCP element ${elements}; machine load average ` +
      `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the runs.` +
      (warnings.length > 0 ? ` Lighthouse warned: ${warnings.map((w) => `"${w}"`).join(", ")}` : "")
    );
  });
}

function writeDoc(pages: readonly PageResult[], rows: readonly Row[], chromiumVersion: string): void {
  const ok = rows.every((row) => row.ok);
  const benchmarkIndex = median(pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex)));
  const text = `# Lighthouse budget

Generated by \`npm run bench:lighthouse\` (scripts/bench/lighthouse.ts) on ${new Date().toISOString().slice(0, 10)}.

Budget (architecture §8): Lighthouse mobile, median of ${RUNS} runs, on the landing page and on \`/create\`:
performance score ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05.

**Result: ${ok ? "every median within budget" : "budget MISSED (see FAIL rows)"}.**

${markdownTable(
  HEADER,
  rows.map((row) => row.cells),
  RIGHT_ALIGNED,
)}

${details(pages).join("\n")}

## Method

- The production build (\`vite build\`, the same build the e2e harness makes, pointed at the local emulators),
  not the dev server, ${SERVER === "http2" ? "served over HTTP/2 and TLS (self-signed) as Firebase Hosting serves it (scripts/bench/static-h2.ts: gzip, SPA fallback, no `/api` proxy: neither page calls it)" : "served by `vite preview` as in the e2e harness (HTTP/1.1, 6 connections per origin; Firebase Hosting serves HTTP/2)"},
  on 127.0.0.1, with the whole local stack behind it (Google's Firestore emulator, the Auth and Functions emulators, plain
  HTTP/1.1) and the demo data seeded. \`BENCH_LH_SERVER=${SERVER === "http2" ? "preview" : "http2"}\` measures with ${SERVER === "http2" ? "`vite preview` instead" : "the HTTP/2 server"}.
- Lighthouse ${lighthouseVersion()} default config: mobile form factor (Moto G Power viewport), simulated
  throttling (150 ms RTT, 1.6 Mbps, 4× CPU slowdown), performance category only. Each run is a cold load
  (HTTP cache cleared by Lighthouse's storage reset).
- \`/\` is measured first, signed out. Then the demo buyer (\`${DEMO_BUYER.email}\`) signs in through \`/auth\`
  in the same Chromium, and \`/create\` is measured signed in: Lighthouse's storage reset is told to leave
  IndexedDB and localStorage alone (\`clearStorageTypes\`), so the Firebase Auth session survives, and every
  run checks that the page stayed on \`/create\` (no redirect to \`/auth\`).
- Each metric's median is taken over the runs on its own.
- Machine: 2 shared cores; Chromium ${chromiumVersion}, headless; Lighthouse's CPU benchmark index (median)
  ${Math.round(benchmarkIndex)}. Simulated throttling scales the CPU time observed here, so a busy machine
  makes TBT (and the score) worse than on a quiet one.
`;
  // Hand-written findings below the marker survive a new run.
  const previous = existsSync(DOC) ? readFileSync(DOC, "utf8") : "";
  const notes = previous.includes(NOTES_MARKER)
    ? previous.slice(previous.indexOf(NOTES_MARKER))
    : `${NOTES_MARKER}\n`;
  mkdirSync(join(root, "docs"), { recursive: true });
  writeFileSync(DOC, `${text}\n${notes}`);
}

function lighthouseVersion(): string {
  const file = join(root, "node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

// --- Main -----------------------------------------------------------------------------------------
async function main(): Promise<number> {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_LH_RUNS non valido: ${RUNS}`);
  if (SERVER !== "preview" && SERVER !== "http2") throw new Error(`BENCH_LH_SERVER non valido: ${SERVER}`);
  const dataDir = mkdtempSync(join(tmpdir(), "vicino-lighthouse-"));
  const { ports, firebaseSupportPorts } = await freeStackPorts();
  let stack: RunningStack | undefined;
  let browser: Chromium | undefined;
  let http2: StaticServer | undefined;
  let stopping: Promise<void> | undefined;
  const cleanup = () => {
    stopping ??= (async () => {
      await browser?.stop().catch(() => undefined);
      await http2?.close().catch(() => undefined);
      await stack?.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: fermo tutto…`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    console.log("Avvio dello stack locale (build di produzione + vite preview, emulatori)…");
    const started = Date.now();
    stack = await startStack({
      rootDir: root,
      projectId: PROJECT_ID,
      ports,
      firebaseSupportPorts,
      dataDir,
      web: SERVER === "http2" ? { kind: "none" } : { kind: "vite-preview", outDir: join(dataDir, "dist") },
      verbose: VERBOSE,
    });
    if (SERVER === "http2") {
      // The same build as the stack's vite-preview mode, served over HTTP/2.
      const outDir = join(dataDir, "dist");
      await runToCompletion(
        {
          name: "vite-build",
          command: process.execPath,
          args: [
            join(root, "node_modules/vite/bin/vite.js"),
            "build",
            "--outDir",
            outDir,
            "--emptyOutDir",
            "--logLevel",
            "warn",
          ],
          cwd: root,
          env: webEnv({ projectId: PROJECT_ID, ports }),
        },
        { verbose: VERBOSE },
      );
      http2 = await serveStaticHttp2({ dir: outDir, host: LOCAL_HOST, port: ports.web, workDir: dataDir });
    }
    await seedDemoData({
      projectId: PROJECT_ID,
      firestoreHost: stack.hosts.firestore,
      authHost: stack.hosts.auth,
    });
    console.log(`Stack pronto in ${((Date.now() - started) / 1000).toFixed(0)} s: ${stack.urls.app}`);

    browser = await launchChromium(SERVER === "http2" ? ["--ignore-certificate-errors"] : []);
    const version = (await (await fetch(`http://${LOCAL_HOST}:${browser.port}/json/version`)).json()) as {
      Browser: string;
    };
    const appUrl = http2?.url ?? stack.urls.app;

    console.log(`Lighthouse (mobile, throttling simulato), ${RUNS} esecuzioni per pagina:`);
    const pages: PageResult[] = [];
    pages.push(
      await measurePage(appUrl, "/", browser.port, "landing, signed out", (run) => {
        const path = new URL(run.finalUrl).pathname;
        if (path !== "/") throw new Error(`/ è finito su ${run.finalUrl}`);
      }),
    );

    try {
      await signInBuyer(browser.port, appUrl);
    } catch (error) {
      throw new Error(
        `IMPOSSIBILE misurare /create da utente connesso: l'accesso di ${DEMO_BUYER.email} non è riuscito ` +
          `(${error instanceof Error ? error.message : String(error)}). /create NON è stato misurato.`,
      );
    }
    pages.push(
      await measurePage(appUrl, "/create", browser.port, `signed in as ${DEMO_BUYER.email}`, (run) => {
        const path = new URL(run.finalUrl).pathname;
        if (path !== "/create") {
          throw new Error(
            `IMPOSSIBILE misurare /create da utente connesso: Lighthouse è finito su ${run.finalUrl} ` +
              "(sessione persa). /create NON è stato misurato.",
          );
        }
      }),
    );

    const rows = tableRows(pages);
    console.log(`\n${textTable(rows)}\n`);
    for (const line of details(pages)) console.log(line);
    if (WRITE_DOC) {
      writeDoc(pages, rows, version.Browser.replace(/^[^/]*\//, ""));
      console.log(`\nScritto ${DOC}`);
    }
    const failed = rows.filter((row) => !row.ok);
    if (failed.length > 0) {
      console.error(
        `\nBudget Lighthouse NON rispettato: ${failed.map((row) => `${row.cells[0]} ${row.cells[1]} ${row.cells[3]}`).join(", ")}`,
      );
      return 1;
    }
    console.log("\nBudget Lighthouse rispettato su / e /create.");
    return 0;
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
    process.exit(1);
  },
);
