// The journey as a person lives it, a buyer on a 360 px phone and a shop on a 1280×800 desktop, checking
// what got in their way: a signed-out visitor told why they must sign in; a form error at its field;
// dashboards that follow offers live on both sides; offers acted on where they are shown, with a
// confirmation; toasts at the top of a phone, one at a time; a chat that fits the screen (composer in
// view, no footer, the shop's name whole); a first-time buyer's dashboard with one call to action. The
// rating after 'Ho acquistato' (no star preselected, 'Completata' on both sides) is deal.test.ts's.

import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";

/** Seeded (scripts/seed/demo-scenario.ts): Giulia's active charger request with Navigli's pending offer. */
const CHARGER = "demo-req-caricatore";
const CHARGER_ISOLA = `${CHARGER}_demo-negozio-2`;
const CHARGER_TITLE = "Caricabatterie USB-C 65 W";
/** Isola's pending offer on the lamp: an open conversation for the desktop layout. */
const LAMP_ISOLA = "demo-req-lampada_demo-negozio-2";

const { open, openAs, signIn } = seededJourney();

/** A dashboard number: the <dd> next to the <dt> `label`, once it reads `expected`. */
async function stat(page: Page, label: string, expected: string) {
  const value = page
    .locator("dl > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");
  await expect.poll(() => value.textContent(), { timeout: SERVER_WAIT_MS }).toBe(expected);
}

const chargerCard = (page: Page) => page.getByRole("article", { name: CHARGER_TITLE });

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error("element not rendered");
  return rect;
}

describe("as a person uses it", () => {
  it("a signed-out visitor sent from /merchant is told to sign in, as a shop", async () => {
    const page = await open("/merchant", "desktop");
    await waitForPage(page, "/auth", { timeout: 10_000 });
    const notice = page.getByRole("status").filter({ hasText: "Accedi per continuare" });
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toMatch(/area negozianti/);
    await page.getByText("Accesso Negoziante").waitFor();
    // And back where they wanted to go after signing in.
    await signIn(page, "negozio1@vicino.test", "/merchant");
  });

  it("buyer (phone) and shop (desktop): live dashboards, offers decided where shown, chats that fit", async () => {
    const buyer = await openAs("acquirente@vicino.test", "/customer", "phone");
    await chargerCard(buyer)
      .getByText(/1 offerta/)
      .waitFor({ timeout: SERVER_WAIT_MS });
    await stat(buyer, "Offerte ricevute", "10");

    // The shop answers the charger request; a bad price is flagged at the price field, which gets focus.
    const shop = await openAs("negozio2@vicino.test", `/make-offer/${CHARGER}`, "desktop");
    const price = shop.getByLabel(/^Prezzo/);
    await price.fill("abc");
    await shop
      .getByLabel(/^Descrizione dell'offerta/)
      .fill("Caricatore GaN 65 W, due porte USB-C, garanzia 2 anni.");
    await shop.getByRole("button", { name: /Invia l'offerta/ }).click();
    await expect.poll(() => price.getAttribute("aria-invalid")).toBe("true");
    expect(await price.evaluate((element) => element === document.activeElement)).toBe(true);
    await price.fill("29");
    await shop.getByRole("button", { name: /Invia l'offerta/ }).click();
    await waitForPage(shop, `/messages/${CHARGER_ISOLA}`, { timeout: SERVER_WAIT_MS });

    // The buyer's dashboard follows: the card and the total count the new offer without a reload.
    await chargerCard(buyer)
      .getByText(/2 offerte/)
      .waitFor({ timeout: SERVER_WAIT_MS });
    await stat(buyer, "Offerte ricevute", "11");

    // The shop's own dashboard, open while the buyer decides.
    await shop.goto(shop.url().replace(/\/messages\/.*$/, "/merchant"));
    await stat(shop, "Accettate", "2");

    // Accetta right on the card, after a confirmation that says what happens.
    await chargerCard(buyer).getByRole("button", { name: "Accetta l'offerta di Sport & Co. Isola" }).click();
    const dialog = buyer.getByRole("dialog", { name: /Accettare l'offerta di Sport & Co\. Isola a 29/ });
    await dialog.getByText(/Non potrai tornare indietro/).waitFor();
    await dialog.getByRole("button", { name: "Sì, accetta l'offerta" }).click();
    const toast = buyer.getByRole("region", { name: /Notifiche/ }).getByRole("listitem");
    await toast.filter({ hasText: "Offerta accettata!" }).waitFor({ timeout: SERVER_WAIT_MS });
    // On a phone the toast is at the top, clear of the composer and the buttons at the bottom.
    expect((await box(toast.first())).y).toBeLessThan(200);
    expect(await toast.count()).toBe(1);
    await chargerCard(buyer).getByText("Accettata").waitFor({ timeout: SERVER_WAIT_MS });
    await stat(shop, "Accettate", "3");

    // The chat fits the phone: composer in view, no marketing footer, the shop's name whole.
    await buyer.goto(buyer.url().replace(/\/customer.*$/, `/messages/${CHARGER_ISOLA}`));
    const composer = buyer.getByRole("textbox", { name: "Messaggio" });
    await composer.waitFor({ timeout: SERVER_WAIT_MS });
    expect((await box(composer)).y + (await box(composer)).height).toBeLessThanOrEqual(800);
    expect(await buyer.getByRole("contentinfo").count()).toBe(0);
    const name = buyer.getByRole("heading", { name: "Sport & Co. Isola", level: 2 });
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    // A desktop chat keeps its composer on screen. (The rating after 'Ho acquistato', with no star
    // preselected, and 'Completata' on both sides: tests/e2e/deal.test.ts.)
    await shop.goto(shop.url().replace(/\/merchant.*$/, `/messages/${LAMP_ISOLA}`));
    const shopComposer = shop.getByRole("textbox", { name: "Messaggio" });
    await shopComposer.waitFor({ timeout: SERVER_WAIT_MS });
    const rect = await box(shopComposer);
    expect(rect.y + rect.height).toBeLessThanOrEqual(800);
    expect(await shop.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
  });

  it("a first-time buyer's dashboard leads with one call to action and the month's tokens", async () => {
    const page = await open("/acquirenti", "phone");
    await page.getByRole("link", { name: "Inizia gratis" }).first().click();
    await waitForPage(page, "/auth");
    await page.getByRole("button", { name: "Registrati" }).click();
    await page.getByLabel("Nome completo").fill("Marta Blu");
    await page.getByLabel("Email").fill("marta.e2e@example.com");
    await page.getByLabel(/^Password/).fill("segreta1");
    await page.getByLabel("Conferma password").fill("segreta1");
    await page.getByRole("checkbox", { name: /Accetto i Termini d'uso/ }).check();
    await page.getByRole("button", { name: "Registrati" }).click();
    await waitForPage(page, "/customer", { timeout: SERVER_WAIT_MS });

    const welcome = page.getByRole("region", { name: "Di cosa hai bisogno?" });
    await welcome.waitFor({ timeout: SERVER_WAIT_MS });
    expect(await page.getByRole("link", { name: /Parla con Algo|Nuova richiesta/ }).count()).toBe(1);
    expect(await page.getByText("Richieste attive", { exact: true }).count()).toBe(0);
    await page.getByLabel("5 token AI", { exact: true }).waitFor();
    // The call to action is in the first screen of a 360 × 800 phone.
    const cta = await box(welcome.getByRole("link", { name: "Parla con Algo" }));
    expect(cta.y + cta.height).toBeLessThanOrEqual(800);
  });
});
