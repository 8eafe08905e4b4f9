import type { Page, Request } from "playwright-core";
import { delay } from "../stack/process";
import type { CountingProxy } from "./counting-proxy";
import { type PageLoadTally, tallyPageLoad } from "./page-budget";

// One page load, counted: a fresh navigation (the session restored from IndexedDB), then what the
// proxy saw until the page has no request on its way and the page and the proxy have both been quiet
// for QUIET_MS (a slow answer is waited for, however long, up to MAX_LOAD_MS).

/** How long nothing new may happen before the load counts as done. */
export const QUIET_MS = Number(process.env.BENCH_SCALE_QUIET_MS ?? 2_500);
const MAX_LOAD_MS = 45_000;

/**
 * The page's network activity other than the Listen stream (which stays open while the page is): when
 * it last started or finished a request, and how many are still on their way.
 */
function watchActivity(page: Page): { last: () => number; inFlight: () => number; stop: () => void } {
  let last = Date.now();
  const pending = new Set<Request>();
  // The full SDK's streams (its listeners' and the owner's writes', e.g. a chat's read marks) stay open.
  const counted = (request: Request) => !/\/(Listen|Write)\/channel/.test(request.url());
  const started = (request: Request) => {
    if (!counted(request)) return;
    pending.add(request);
    last = Date.now();
  };
  const ended = (request: Request) => {
    if (!counted(request)) return;
    pending.delete(request);
    last = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    last: () => last,
    inFlight: () => pending.size,
    stop: () => {
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
    },
  };
}

export async function measurePageLoad(
  page: Page,
  proxy: CountingProxy,
  url: string,
  expectedPath: string,
): Promise<PageLoadTally & { ms: number }> {
  await page.goto("about:blank");
  await delay(300);
  proxy.reset();
  const activity = watchActivity(page);
  const started = Date.now();
  try {
    await page.goto(url, { waitUntil: "load" });
    if (new URL(page.url()).pathname !== expectedPath)
      throw new Error(`${url} opened ${page.url()} (not signed in?)`);
    await page.locator("main h1, main h2").first().waitFor({ timeout: 30_000 });
    for (;;) {
      const lastSeen = Math.max(activity.last(), proxy.lastActivity());
      if (activity.inFlight() === 0 && Date.now() - lastSeen >= QUIET_MS) break;
      if (Date.now() - started > MAX_LOAD_MS) throw new Error(`${url}: still busy after ${MAX_LOAD_MS} ms`);
      await delay(200);
    }
    return {
      ...tallyPageLoad(proxy.events()),
      ms: Math.max(activity.last(), proxy.lastActivity()) - started,
    };
  } finally {
    activity.stop();
  }
}
