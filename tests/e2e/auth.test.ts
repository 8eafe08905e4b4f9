// Accounts end to end, in Chromium through the UI, against the local stack (Google's Firestore emulator, the Auth
// and Functions emulators, MailDev, the built SPA): tests/support/stack.ts.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from "vitest";
import { type OpenedPage, openPage, testChromium, type ViewportName } from "../support/browser";
import type { Email } from "../support/inbox";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { startStack, stopStack, type TestStack } from "../support/stack";
import { serveGoogleLibrariesOffline } from "./offline-google-popup";

let stack: TestStack;
let browser: Browser;
const opened: OpenedPage[] = [];

beforeAll(async () => {
  stack = await startStack();
  browser = await testChromium();
});

afterAll(async () => {
  await browser?.close();
  await stopStack();
});

beforeEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.close()));
  await stack.resetData();
});

async function open(path: string, viewport: ViewportName): Promise<Page> {
  return openUrl(`${stack.urls.app}${path}`, viewport);
}

async function openUrl(url: string, viewport: ViewportName): Promise<Page> {
  const page = await openPage(browser, url, viewport);
  opened.push(page);
  // What the page showed and logged, to tell a failure's cause without rerunning the stack.
  onTestFailed(async () => {
    const text = await page.page
      .locator("body")
      .textContent()
      .catch(() => "(pagina chiusa)");
    console.log(`--- ${page.page.url()}\n${text}\n--- errori: ${page.errors.join("\n") || "nessuno"}`);
  });
  return page.page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * The page at `path` has rendered past the route guard (its spinner is gone and a page heading is
 * there). The dashboards belong to other features, so their content is not asserted here.
 */
async function landsOn(page: Page, path: string) {
  await waitForPage(page, path, { timeout: SERVER_WAIT_MS });
  await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: SERVER_WAIT_MS });
  expect(await page.getByText("Verifica dell'accesso…").count()).toBe(0);
}

/** The header's account button names the signed-in user (read from users/{uid}, not the fallback). */
async function headerShows(page: Page, name: string) {
  await page
    .getByRole("banner")
    .getByRole("button", { name: new RegExp(name) })
    .waitFor({ timeout: 10_000 });
}

const sentTo = (address: string) => (email: Email) =>
  email.to.some((to) => to.address.toLowerCase() === address.toLowerCase());

describe("accounts end to end", () => {
  it("a buyer registers on a 360 px phone, gets the welcome e-mail and lands on /customer", async () => {
    const page = await open("/acquirenti", "phone");
    await page.getByRole("link", { name: "Inizia gratis" }).first().click();
    await waitForPage(page, "/auth");
    await page.getByText("Accesso Acquirente").waitFor();

    await page.getByRole("button", { name: "Registrati" }).click();
    await page.getByLabel("Nome completo").fill("Anna Neri");
    await page.getByLabel("Email").fill("anna.e2e@example.com");
    await page.getByLabel(/^Password/).fill("segreta1");
    await page.getByLabel("Conferma password").fill("segreta1");
    await page.getByRole("checkbox", { name: /Accetto i Termini d'uso/ }).check();
    await page.getByRole("button", { name: "Registrati" }).click();

    await page.getByText("Registrazione completata!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    // The toast claims the welcome only when /api/send-email answered that it went out.
    await page
      .getByText("Ti abbiamo inviato un'email di benvenuto.", { exact: true })
      .waitFor({ timeout: 2_000 });
    await landsOn(page, "/customer");
    await headerShows(page, "Anna Neri");

    const welcome = await stack.inbox.waitFor(sentTo("anna.e2e@example.com"), SERVER_WAIT_MS);
    expect(`${welcome.subject}\n${welcome.text ?? welcome.html ?? ""}`).toMatch(/Clemente/);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  it("a merchant signs in with the magic link taken from MailDev and lands on /merchant", async () => {
    const page = await open("/negozianti", "desktop");
    await page.getByRole("link", { name: "Registra il tuo negozio" }).first().click();
    await waitForPage(page, "/auth");
    await page.getByText("Accesso Negoziante").waitFor();

    await page.getByRole("button", { name: "Accedi con link magico" }).click();
    await page.getByLabel("Email").fill("bottega.e2e@example.com");
    await page.getByRole("button", { name: "Invia link magico" }).click();
    await page.getByText("Link magico inviato!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    expect(pathOf(page)).toBe("/auth");

    const mail = await stack.inbox.waitFor(sentTo("bottega.e2e@example.com"), SERVER_WAIT_MS);
    const body = (mail.text ?? mail.html ?? "").replaceAll("&amp;", "&");
    const link = /https?:\/\/[^\s"'<>]+\/magic-link-auth\?token=[^\s"'<>]+/.exec(body)?.[0];
    expect(link, "the e-mail carries a /magic-link-auth link").toBeDefined();
    expect(new URL(link ?? "").origin).toBe(stack.urls.app);

    await page.goto(link ?? "");
    await landsOn(page, "/merchant");
    await headerShows(page, "bottega.e2e");

    // Single use: the same link again is refused.
    const again = await open(new URL(link ?? "").pathname + new URL(link ?? "").search, "desktop");
    await again
      .getByRole("alert")
      .getByText("Token non valido o scaduto")
      .waitFor({ timeout: SERVER_WAIT_MS });
  });

  it("Google sign-in through the Auth emulator's account picker creates a buyer", async () => {
    const page = await open("/auth", "desktop");
    await serveGoogleLibrariesOffline(page.context());
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continua con Google" }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState("domcontentloaded");
    await popup.getByText("Add new account").click();
    await popup.locator("#email-input").fill("giulia.e2e@example.com");
    await popup.locator("#display-name-input").fill("Giulia Verdi");
    await popup.locator("#sign-in").click();

    await page.getByText("Benvenuto su Vicino.", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await landsOn(page, "/customer");
    await headerShows(page, "Giulia Verdi");
    // A first Google sign-in also sends the welcome e-mail.
    const welcome = await stack.inbox.waitFor(sentTo("giulia.e2e@example.com"), SERVER_WAIT_MS);
    expect(`${welcome.subject}\n${welcome.text ?? welcome.html ?? ""}`).toMatch(/Clemente/);
  });

  it("a buyer who types /merchant is sent to /customer", async () => {
    const demo = await stack.seed();
    expect(demo).toBeDefined();
    const page = await open("/auth", "desktop");
    await page.getByLabel("Email").fill("acquirente@vicino.test");
    await page.getByLabel(/^Password/).fill("vicino123");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.getByText("Accesso effettuato!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await landsOn(page, "/customer");

    await page.goto(`${stack.urls.app}/merchant`);
    await landsOn(page, "/customer");
    await headerShows(page, "Giulia Rossi");
  });

  it("the Firebase e-mail link completes on /auth-callback, asking for the address on another device", async () => {
    // What the auth screen sends when the magic-link function is down: our e-mail with Firebase's link.
    const address = "link.e2e@example.com";
    const response = await fetch(`${stack.urls.app}/api/send-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "magic-link", email: address, data: { userType: "merchant" } }),
    });
    expect(response.status).toBe(200);
    const mail = await stack.inbox.waitFor(sentTo(address), SERVER_WAIT_MS);
    const body = (mail.text ?? mail.html ?? "").replaceAll("&amp;", "&");
    const link = /https?:\/\/[^\s"'<>]+oobCode=[^\s"'<>]+/.exec(body)?.[0];
    expect(link, "the e-mail carries Firebase's sign-in link").toBeDefined();

    const page = await openUrl(link ?? "", "phone");
    await page
      .getByRole("heading", { level: 1, name: "Conferma la tua email" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    expect(pathOf(page)).toBe("/auth-callback");
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Completa l'accesso" }).click();
    await page.getByText("Benvenuto su Vicino.", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await landsOn(page, "/merchant");
    await headerShows(page, "link\\.e2e");
  });

  it("a signed-out visitor of /profile signs in and comes back to it", async () => {
    await stack.seed();
    const page = await open("/profile", "phone");
    await waitForPage(page, "/auth", { timeout: SERVER_WAIT_MS });
    await page.getByLabel("Email").fill("negozio1@vicino.test");
    await page.getByLabel(/^Password/).fill("vicino123");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await landsOn(page, "/profile");
    await page.getByText("Negoziante", { exact: true }).waitFor();
  });
});
