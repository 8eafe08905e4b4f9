import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, onTestFailed } from "vitest";
import { launchChromium, type OpenedPage, openPage, type ViewportName } from "./browser";
import { startStack, stopStack } from "./stack";

/**
 * Registers the hooks of an end-to-end file that plays the demo marketplace: the stack and Chromium
 * for the file, fresh seeded data and closed pages before each test. `open` prints the page's text
 * and errors when the test fails; `signIn` completes /auth with a demo account (password vicino123).
 */
export function seededJourney() {
  let browser: Browser;
  let appUrl = "";
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    appUrl = (await startStack()).urls.app;
    browser = await launchChromium();
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
  async function open(pathOrUrl: string, viewport: ViewportName): Promise<Page> {
    const url = pathOrUrl.startsWith("/") ? `${appUrl}${pathOrUrl}` : pathOrUrl;
    const page = await openPage(browser, url, viewport);
    opened.push(page);
    onTestFailed(async () => {
      const text = await page.page
        .locator("body")
        .textContent()
        .catch(() => "(pagina chiusa)");
      console.log(
        `--- ${viewport} ${page.page.url()}\n${text}\n--- errori: ${page.errors.join("\n") || "nessuno"}`,
      );
    });
    return page.page;
  }

  async function signIn(page: Page, email: string, returnTo: string): Promise<void> {
    await page.waitForURL((url) => url.pathname === "/auth", { timeout: 20_000 });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("vicino123");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.waitForURL((url) => url.pathname === returnTo, { timeout: 20_000 });
  }

  return { open, signIn };
}
