import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, beforeEach, onTestFailed } from "vitest";
import { type OpenedPage, openPage, testChromium, type ViewportName } from "./browser";
import { waitForPage } from "./page-ready";
import { hasFreshSession, savedSessionFile, saveSession } from "./saved-sessions";
import { startStack, stopStack } from "./stack";

/**
 * Registers the hooks of an end-to-end file that plays the demo marketplace: the stack and Chromium
 * for the file, fresh seeded data and closed pages before each test. `open` prints the page's text
 * and errors when the test fails; `signIn` signs a demo account in (password vicino123): through /auth's
 * form the first time in a run, from its saved session afterwards.
 */
export function seededJourney() {
  let browser: Browser;
  let appUrl = "";
  let dataDir = "";
  const opened: OpenedPage[] = [];
  const openedAt = new WeakMap<Page, string>();

  beforeAll(async () => {
    const stack = await startStack();
    appUrl = stack.urls.app;
    dataDir = stack.dataDir;
    browser = await testChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stopStack();
  });

  beforeEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close()));
    await (await startStack()).seed();
  });

  /** A path of the app ('/customer') or a whole URL (a link taken from an e-mail). */
  async function open(pathOrUrl: string, viewport: ViewportName, storageState?: string): Promise<Page> {
    const url = pathOrUrl.startsWith("/") ? `${appUrl}${pathOrUrl}` : pathOrUrl;
    const page = await openPage(browser, url, viewport, storageState);
    opened.push(page);
    if (pathOrUrl.startsWith("/")) openedAt.set(page.page, pathOrUrl);
    const inFlight = requestsInFlight(page.page);
    onTestFailed(async () => {
      const text = await page.page
        .locator("body")
        .textContent()
        .catch(() => "(pagina chiusa)");
      console.log(
        `--- ${viewport} ${page.page.url()}\n${text}\n--- errori: ${page.errors.join("\n") || "nessuno"}` +
          `\n--- richieste in corso: ${inFlight() || "nessuna"}`,
      );
    });
    return page.page;
  }

  /**
   * Signs `email` in and waits for `returnTo` on screen. A demo account signed in earlier in the run gets
   * its saved session (tests/support/saved-sessions.ts) and the page is loaded again; otherwise /auth's
   * form is filled and the session saved for the next journeys.
   */
  async function signIn(page: Page, email: string, returnTo: string): Promise<void> {
    const file = savedSessionFile(dataDir, email);
    if (file && hasFreshSession(file)) {
      // Off the app first: its Auth SDK keeps the database open and would write its own state back.
      await page.goto("about:blank");
      await page.context().setStorageState(file);
      const wanted = openedAt.get(page);
      const path = wanted && new URL(wanted, appUrl).pathname === returnTo ? wanted : returnTo;
      await page.goto(`${appUrl}${path}`, { waitUntil: "load" });
      await waitForPage(page, returnTo);
      return;
    }
    await waitForPage(page, "/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("vicino123");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await waitForPage(page, returnTo);
    if (file) await saveSession(page.context(), file);
  }

  /**
   * `path` signed in as `email`, once `returnTo` (the path's own page unless said) is on screen. A demo
   * account signed in earlier in the run opens in a context that starts with its saved session, so the
   * page loads once, signed in; the first time, the page is opened signed out and /auth's form is filled
   * (signIn).
   */
  async function openAs(
    email: string,
    path: string,
    viewport: ViewportName,
    returnTo = new URL(path, appUrl).pathname,
  ): Promise<Page> {
    const file = savedSessionFile(dataDir, email);
    if (!file || !hasFreshSession(file)) {
      const page = await open(path, viewport);
      await signIn(page, email, returnTo);
      return page;
    }
    const page = await open(path, viewport, file);
    await waitForPage(page, returnTo);
    return page;
  }

  return { open, openAs, signIn };
}

/** The page's requests still waiting for an answer, oldest first ('3.2 s GET http://…'), for a failure's log. */
function requestsInFlight(page: Page): () => string {
  const started = new Map<Request, number>();
  page.on("request", (request) => started.set(request, Date.now()));
  const done = (request: Request) => started.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return () =>
    [...started]
      .map(
        ([request, at]) => `${((Date.now() - at) / 1000).toFixed(1)} s ${request.method()} ${request.url()}`,
      )
      .join("\n");
}
