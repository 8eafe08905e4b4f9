import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { paths } from "../../src/config/paths";
import { DEVICE_STORAGE_KEYS } from "../../src/domain/core/device-storage";
import { DEMO_PASSWORD } from "../seed/demo-data";
import type { ContentPage, ContentTarget } from "./content-pages";
import { loadSteps, printSteps, TRACE } from "./content-trace";
import { ACCOUNT_BY_ROLE } from "./lighthouse-pages";

// One measured load of `npm run bench:content`: a page in a throttled tab, timed in the page itself
// from navigation start until the user's own data is visible (docs/content-bench.md, "Method").

/** Per request: 150 ms latency, 1.6 Mbps down, 750 kbps up (bytes per second for the protocol). */
export const NETWORK = { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 } as const;
export const TIMEOUT_MS = Number(process.env.BENCH_CONTENT_TIMEOUT_MS ?? 20_000);

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A phone's viewport (Lighthouse's mobile one), certificate errors accepted (the self-signed HTTP/2 server). */
const CONTEXT: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  ignoreHTTPSErrors: true,
};

/**
 * Signs a demo account in through /auth in a fresh browser context (no throttling) and returns that
 * context's storage (cookies, localStorage, IndexedDB: Firebase Auth keeps its session there) without
 * the app's chat previews, so a context made from it is signed in and has seen no conversation yet.
 */
export async function signedInStorage(
  browser: Browser,
  appUrl: string,
  role: "buyer" | "merchant",
): Promise<{ storage: StorageState; conversationPath?: string }> {
  const account = ACCOUNT_BY_ROLE[role];
  const home = role === "buyer" ? paths.customerDashboard.path : paths.merchantDashboard.path;
  const context = await browser.newContext(CONTEXT);
  try {
    const page = await context.newPage();
    await page.goto(`${appUrl}${paths.auth.path}`, { waitUntil: "load" });
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== paths.auth.path, { timeout: 30_000 });
    await page.goto(`${appUrl}${home}`, { waitUntil: "load" });
    await page.waitForFunction(() => document.querySelector("main h1") !== null, undefined, {
      timeout: 30_000,
    });
    if (new URL(page.url()).pathname !== home) throw new Error(`after signing in: ${page.url()}`);
    let conversationPath: string | undefined;
    if (role === "buyer") {
      await page.goto(`${appUrl}${paths.messages.path}`, { waitUntil: "load" });
      const link = page.locator('a[href^="/messages/"]').first();
      // Attached is enough to read its href (waiting for it to be visible timed out once, cause not found).
      await link.waitFor({ state: "attached", timeout: 30_000 });
      conversationPath = (await link.getAttribute("href")) ?? undefined;
      if (!conversationPath) throw new Error("the buyer has no conversation to measure");
    }
    const state = await context.storageState({ indexedDB: true });
    const storage: StorageState = {
      ...state,
      origins: state.origins.map((origin) => ({
        ...origin,
        localStorage: origin.localStorage.filter((item) => item.name !== DEVICE_STORAGE_KEYS.chatPreviews),
      })),
    };
    return { storage, conversationPath };
  } finally {
    await context.close();
  }
}

declare global {
  interface Window {
    /** performance.now() of the first frame in which the measured data was visible. */
    __vicinoContentAt?: number;
  }
}

/**
 * Runs in the page before its own scripts (an init script): on every DOM change (MutationObserver)
 * and every 100 ms, schedules a check in the next animation frame (the frame about to be painted);
 * the first check that finds the target visible stores performance.now(), whose zero is the
 * navigation's start. Optionally forgets the device's chat previews first (a conversation's first open).
 */
function watchForContent(arg: { target: ContentTarget; forgetKey?: string }): void {
  if (window !== window.top) return;
  if (arg.forgetKey) localStorage.removeItem(arg.forgetKey);
  const { selector, texts } = arg.target;
  const visible = (element: Element) => {
    const text = (element.textContent ?? "").trim();
    if (text === "" || (texts && !texts.some((wanted) => text.includes(wanted)))) return false;
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  let scheduled = false;
  let observer: MutationObserver | undefined;
  let timer: number | undefined;
  const check = () => {
    scheduled = false;
    if (window.__vicinoContentAt !== undefined) return;
    if (!Array.from(document.querySelectorAll(selector)).some(visible)) return;
    window.__vicinoContentAt = performance.now();
    observer?.disconnect();
    window.clearInterval(timer);
  };
  const schedule = () => {
    if (scheduled || window.__vicinoContentAt !== undefined) return;
    scheduled = true;
    requestAnimationFrame(check);
  };
  observer = new MutationObserver(schedule);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  timer = window.setInterval(schedule, 100);
}

/** A tab in `context`, throttled as the bench says, watching for `page`'s data on every load. */
export async function throttledTab(
  context: BrowserContext,
  page: ContentPage,
  slowdown: number,
): Promise<Page> {
  const tab = await context.newPage();
  // tsx (esbuild) names the inner functions of watchForContent with a `__name` helper the page lacks.
  await tab.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
  await tab.addInitScript(watchForContent, {
    target: page.target,
    forgetKey: page.firstOpen ? DEVICE_STORAGE_KEYS.chatPreviews : undefined,
  });
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORK });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  return tab;
}

/** Loads `url` in `tab` and returns the ms from navigation start until the data was visible. */
export async function timeToContent(tab: Page, url: string): Promise<number> {
  await tab.goto(url, { waitUntil: "commit", timeout: TIMEOUT_MS });
  try {
    await tab.waitForFunction(() => window.__vicinoContentAt !== undefined, undefined, {
      timeout: TIMEOUT_MS,
      polling: 250,
    });
  } catch {
    throw new Error(
      `the data was not on screen after ${TIMEOUT_MS / 1000} s (the tab was at ${new URL(tab.url()).pathname})`,
    );
  }
  const expected = new URL(url).pathname;
  const landed = new URL(tab.url()).pathname;
  if (landed !== expected) throw new Error(`the page went to ${landed} instead of ${expected}`);
  const at = await tab.evaluate(() => window.__vicinoContentAt);
  if (typeof at !== "number") throw new Error("no time recorded");
  return at;
}

/**
 * One run: a fresh context (empty HTTP cache, the sign-in's storage or none) loads the page COLD, then
 * the same tab loads it again WARM (HTTP cache primed). The context is closed after, also on failure.
 */
export async function coldAndWarm(
  browser: Browser,
  url: string,
  page: ContentPage,
  storage: StorageState | undefined,
  slowdown: number,
): Promise<{ cold: number; warm: number }> {
  const context = await browser.newContext({ ...CONTEXT, storageState: storage });
  try {
    const tab = await throttledTab(context, page, slowdown);
    const cold = await timeToContent(tab, url).catch((error: unknown) => {
      throw new Error(`cold: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (TRACE) printSteps(new URL(url).pathname, await loadSteps(tab));
    const warm = await timeToContent(tab, url).catch((error: unknown) => {
      throw new Error(`warm: ${error instanceof Error ? error.message : String(error)}`);
    });
    return { cold, warm };
  } finally {
    await context.close().catch(() => undefined);
  }
}
