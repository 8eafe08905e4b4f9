import type { Page } from "playwright-core";

/**
 * Waits until the page at `path` is on screen: the app marks `<html data-page>` once a page has rendered
 * (src/app/page-marker.tsx). Navigation is a React transition, so the address bar changes while the old
 * page is still there; a journey that waited on the URL could click on the old page.
 * `{ prefix }` accepts any path that starts with it (a conversation whose id the test does not know).
 */
export async function waitForPage(
  page: Page,
  path: string | { prefix: string },
  { timeout = 20_000 }: { timeout?: number } = {},
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
