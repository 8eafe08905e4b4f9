import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { launchChromium, signIn } from "../bench/chromium";
import { BENCH_PAGES, type BenchRole } from "../bench/lighthouse-pages";
import { DEMO_BUYER, DEMO_SHOP_1 } from "../seed/demo-data";
import { seedDemoData } from "../seed/seed";
import { LOCAL_HOST } from "../stack/ports";
import { runToCompletion, ServiceProcess } from "../stack/process";
import { freeStackPorts, startStack } from "../stack/stack";
import { webEnv } from "../stack/stack-env";
import { LOCAL_PROJECT_ID, type RunningStack } from "../stack/stack-options";
import { httpAnswers, waitUntil } from "../stack/wait";
import { type CountingProxy, startCountingProxy } from "./counting-proxy";
import { measurePageLoad } from "./measure-page";
import { budgetMisses, FEED_PAGE_BUDGET, PAGE_LOAD_BUDGET, type PageLoadTally } from "./page-budget";
import { waitForTriggersToSettle } from "./settled-triggers";

// Each signed-in page's Firestore reads and listeners on a load of the production build: the local
// stack (emulators, the demo marketplace of scripts/seed), the SPA built with its Firestore emulator
// port pointed at a counting proxy (./counting-proxy.ts), Debian's Chromium signed in as the demo buyer,
// then as the demo shop (scripts/bench/chromium.ts), and one fresh load of each page, counted.

const root = join(import.meta.dirname, "../..");
const VERBOSE = process.env.BENCH_SCALE_VERBOSE === "1";
/** `BENCH_SCALE_CAPTURE=FILE`: every Firestore payload the proxy saw, one JSON line each (for tests). */
const CAPTURE = process.env.BENCH_SCALE_CAPTURE;

export type PageRow = PageLoadTally & { id: string; path: string; ms: number; misses: string[] };

async function buildAndServe(stack: RunningStack, proxy: CountingProxy, dataDir: string) {
  const outDir = join(dataDir, "dist");
  const env = {
    ...webEnv({ projectId: LOCAL_PROJECT_ID, ports: stack.options.ports }),
    VITE_FIRESTORE_EMULATOR_PORT: String(proxy.port),
  };
  const vite = join(root, "node_modules/vite/bin/vite.js");
  await runToCompletion(
    {
      name: "vite-build",
      command: process.execPath,
      args: [vite, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
      cwd: root,
      env,
    },
    { verbose: VERBOSE },
  );
  const port = String(stack.options.ports.web);
  const preview = new ServiceProcess(
    {
      name: "vite-preview",
      command: process.execPath,
      args: [vite, "preview", "--outDir", outDir, "--host", LOCAL_HOST, "--port", port, "--strictPort"],
      cwd: root,
      env,
    },
    { verbose: VERBOSE },
  );
  await waitUntil("vite preview", () => httpAnswers(stack.urls.app), { timeoutMs: 60_000, service: preview });
  preview.ready = true;
  return preview;
}

async function measureRole(
  devtoolsPort: number,
  proxy: CountingProxy,
  appUrl: string,
  role: Exclude<BenchRole, "visitor">,
): Promise<PageRow[]> {
  const { conversationPath } = await signIn(devtoolsPort, appUrl, role);
  const browser = await chromium.connectOverCDP(`http://${LOCAL_HOST}:${devtoolsPort}`);
  const rows: PageRow[] = [];
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    // Live listeners start at load rather than after LIVE_START_DELAY_MS, so a load's count includes
    // them without waiting out the timer (src/lib/after-settled.ts); what they read is the same.
    await context.addInitScript(() => {
      (window as { vicinoLiveStartDelayMs?: number }).vicinoLiveStartDelayMs = 0;
    });
    const page = await context.newPage();
    for (const benchPage of BENCH_PAGES.filter((candidate) => candidate.role === role)) {
      const path = benchPage.path === "conversation" ? conversationPath : benchPage.path;
      if (!path) throw new Error(`no path for ${benchPage.id}`);
      const tally = await measurePageLoad(page, proxy, `${appUrl}${path}`, path);
      const budget = benchPage.id === "browse" ? FEED_PAGE_BUDGET : PAGE_LOAD_BUDGET;
      rows.push({ ...tally, id: benchPage.id, path, misses: budgetMisses(tally, budget) });
    }
    await page.close();
  } finally {
    await browser.close();
  }
  return rows;
}

/** Starts everything, measures every signed-in page, stops everything (also on failure). */
export async function measurePageLoads(): Promise<PageRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "vicino-scale-pages-"));
  const { ports, firebaseSupportPorts } = await freeStackPorts();
  let stack: RunningStack | undefined;
  let proxy: CountingProxy | undefined;
  let preview: ServiceProcess | undefined;
  let browser: { stop(): Promise<void> } | undefined;
  try {
    stack = await startStack({
      rootDir: root,
      projectId: LOCAL_PROJECT_ID,
      ports,
      firebaseSupportPorts,
      dataDir,
      web: { kind: "none" },
      verbose: VERBOSE,
    });
    proxy = await startCountingProxy(LOCAL_HOST, stack.hosts.firestore, CAPTURE);
    preview = await buildAndServe(stack, proxy, dataDir);
    await seedDemoData({
      projectId: LOCAL_PROJECT_ID,
      firestoreHost: stack.hosts.firestore,
      authHost: stack.hosts.auth,
    });
    await waitForTriggersToSettle(stack.hosts.firestore, LOCAL_PROJECT_ID, [DEMO_BUYER.uid, DEMO_SHOP_1.uid]);
    const chromiumProcess = await launchChromium([]);
    browser = chromiumProcess;
    return [
      ...(await measureRole(chromiumProcess.port, proxy, stack.urls.app, "buyer")),
      ...(await measureRole(chromiumProcess.port, proxy, stack.urls.app, "merchant")),
    ];
  } finally {
    await browser?.stop().catch(() => undefined);
    await preview?.stop(5_000, "SIGTERM").catch(() => undefined);
    await proxy?.close().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
