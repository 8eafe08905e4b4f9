import type { Page } from "playwright-core";

/**
 * How long a journey waits for what a server round trip puts on screen (a toast after a callable, a live
 * update, an e-mail in the inbox). Longer than Google's Firestore emulator holds a transaction's locks
 * (about 30 s, then "Transaction lock timeout" and a retry; firebase-tools#2452, google-cloud-go#2604),
 * which two transactions on one document can meet on two busy cores, and than a function's first call
 * waits for its emulator process. A wait that ends in time costs nothing.
 */
export const SERVER_WAIT_MS = 45_000;

/**
 * Waits until the page at `path` is on screen: the app marks `<html data-page>` once a page has rendered
 * (src/app/page-marker.tsx). Navigation is a React transition, so the address bar changes while the old
 * page is still there; a journey that waited on the URL could click on the old page.
 * `{ prefix }` accepts any path that starts with it (a conversation whose id the test does not know).
 */
export async function waitForPage(
  page: Page,
  path: string | { prefix: string },
  { timeout = SERVER_WAIT_MS }: { timeout?: number } = {},
): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const shown = document.documentElement.dataset.page;
      if (shown === undefined) return false;
      return typeof expected === "string" ? shown === expected : shown.startsWith(expected.prefix);
    },
    path,
    { timeout, polling: 100 },
  );
}
