// Keyboard alone, in Chromium against the local stack: the seeded shop signs in, finds the guitar request
// on /browse, writes an offer above the budget and confirms it in the dialog; the seeded buyer signs in
// and publishes a request with Algo on /create, and accepts an offer in its chat. No click anywhere: Tab / Shift+Tab, Enter, Space and
// typing, and every stop of the focus is visible (tests/support/keyboard.ts). axe checks each page on the way.

import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { expectAccessible } from "../support/axe";
import { tabAndType, tabTo } from "../support/keyboard";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";

/** Seeded (scripts/seed/demo-data.ts): an active request, budget 100-200 €, ~5 km from negozio1. */
const GUITAR_ID = "demo-req-chitarra";
const GUITAR = "Chitarra acustica per principiante";
const OFFER_ID = `${GUITAR_ID}_demo-negozio-1`;
/** Seeded: Elettronica Navigli's pending offer for the buyer's lamp, and its chat. */
const LAMP_CHAT = "demo-req-lampada_demo-negozio-1";

const { open } = seededJourney();

/** /auth with the keyboard: Email, Password (vicino123), Enter. */
async function signInWithKeyboard(page: Page, email: string, landing: string): Promise<void> {
  await waitForPage(page, "/auth", { timeout: SERVER_WAIT_MS });
  await tabAndType(page, page.getByLabel("Email"), email);
  await tabAndType(page, page.getByLabel(/^Password/), "vicino123");
  await page.keyboard.press("Enter");
  await waitForPage(page, landing, { timeout: SERVER_WAIT_MS });
}

/** Types a message for Algo in the focused conversation box, sends it with Enter and waits for the answer. */
async function sayWithKeyboard(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Messaggio per Algo" });
  if (!(await box.evaluate((el) => el === document.activeElement))) await tabTo(page, box);
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await page.getByText("Algo sta scrivendo…").waitFor({ state: "detached", timeout: SERVER_WAIT_MS });
}

describe("keyboard alone", () => {
  it("a buyer tells Algo what they need, picks the comune from the suggestions and publishes", async () => {
    const page = await open("/create", "phone");
    await signInWithKeyboard(page, "acquirente@vicino.test", "/create");
    await page
      .getByRole("heading", { level: 1, name: "Chiedi ad Algo" })
      .waitFor({ timeout: SERVER_WAIT_MS });

    await sayWithKeyboard(page, "Cerco una bicicletta da città");
    await page.getByText("Prodotto (raccolto)").waitFor();
    await sayWithKeyboard(page, "Usata, sui 200 euro, mi serve entro 48 ore, ritiro in negozio");

    // Algo asks where: the comune field is reached with Tab (or Shift+Tab, it sits above the message box),
    // ArrowDown walks the suggestions and Enter picks one.
    const place = page.getByRole("combobox", { name: "Oppure scrivi il comune" });
    await place.waitFor({ timeout: SERVER_WAIT_MS });
    await tabTo(page, place, { backwards: true, maxPresses: 30 });
    await page.keyboard.type("sesto");
    await page.getByRole("option", { name: "Sesto San Giovanni (MI)" }).waitFor({ timeout: SERVER_WAIT_MS });
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press("ArrowDown");
      const active = await place.getAttribute("aria-activedescendant");
      const option = active ? page.locator(`[id="${active}"]`) : null;
      if (option && (await option.textContent())?.includes("Sesto San Giovanni (MI)")) break;
    }
    await page.keyboard.press("Enter");
    await page.getByText("Algo sta scrivendo…").waitFor({ state: "detached", timeout: SERVER_WAIT_MS });

    const card = page.getByRole("region", { name: "Riepilogo della richiesta" });
    await card.getByText("Sesto San Giovanni (MI) · 10 km").waitFor({ timeout: SERVER_WAIT_MS });
    await expectAccessible(page, "riepilogo della richiesta");
    await tabTo(page, card.getByRole("button", { name: "Pubblica" }), { maxPresses: 60 });
    await page.keyboard.press("Enter");
    await page
      .getByText("Richiesta creata con successo!", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await waitForPage(page, "/customer", { timeout: 10_000 });
    const latest = page.getByRole("region", { name: "Le tue ultime richieste" });
    await latest.getByRole("article").first().getByText(/bici/i).first().waitFor({ timeout: SERVER_WAIT_MS });
  });

  it("a shop finds a request and sends an offer, confirming the price outside the budget", async () => {
    const shop = await open("/browse", "desktop");
    await signInWithKeyboard(shop, "negozio1@vicino.test", "/browse");
    await shop
      .getByRole("heading", { level: 1, name: "Richieste vicino a te" })
      .waitFor({ timeout: SERVER_WAIT_MS });

    // The feed opens on the shop's own categories (Elettronica, Casa); the guitar is under every category,
    // one key press away.
    await tabTo(shop, shop.getByRole("button", { name: "Tutte le categorie" }), { maxPresses: 60 });
    await shop.keyboard.press("Enter");
    const guitar = shop.getByRole("article").filter({ hasText: GUITAR });
    await guitar.waitFor({ timeout: SERVER_WAIT_MS });
    await tabTo(shop, guitar.getByRole("link", { name: /Fai un'offerta/ }), { maxPresses: 200 });
    await shop.keyboard.press("Enter");
    await waitForPage(shop, `/make-offer/${GUITAR_ID}`);
    await shop.getByRole("heading", { level: 2, name: GUITAR }).waitFor({ timeout: SERVER_WAIT_MS });

    await tabAndType(shop, shop.getByRole("textbox", { name: /Prezzo/ }), "249,90");
    await tabAndType(
      shop,
      shop.getByRole("textbox", { name: /Descrizione dell'offerta/ }),
      "Yamaha 3/4 con custodia imbottita e accordatore in omaggio.",
    );
    await tabAndType(shop, shop.getByRole("textbox", { name: /Disponibilità/ }), "Da domani");
    await tabTo(shop, shop.getByRole("button", { name: "Invia l'offerta" }));
    await shop.keyboard.press("Enter");

    const dialog = shop.getByRole("dialog", { name: "Prezzo fuori budget" });
    await dialog.waitFor();
    await expectAccessible(shop, "conferma del prezzo fuori budget");
    // The dialog keeps the focus inside: Tab reaches its buttons, and Space presses one.
    await tabTo(shop, dialog.getByRole("button", { name: "Invia comunque" }), { maxPresses: 6 });
    await shop.keyboard.press("Space");

    await waitForPage(shop, `/messages/${OFFER_ID}`, { timeout: SERVER_WAIT_MS });
    await shop.getByText("Offerta inviata!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
  });

  it("a buyer accepts an offer: Escape leaves the confirmation, Space confirms it", async () => {
    const buyer = await open(`/messages/${LAMP_CHAT}`, "phone");
    await signInWithKeyboard(buyer, "acquirente@vicino.test", `/messages/${LAMP_CHAT}`);
    const accept = buyer.getByRole("button", { name: "Accetta" });
    await accept.waitFor({ timeout: SERVER_WAIT_MS });

    // The confirmation opens with Enter and closes with Escape, the focus back on 'Accetta'.
    await tabTo(buyer, accept, { maxPresses: 80 });
    await buyer.keyboard.press("Enter");
    const confirm = buyer.getByRole("dialog", { name: /Accettare l'offerta di Elettronica Navigli/ });
    await confirm.waitFor();
    await buyer.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await buyer.waitForFunction(() => document.activeElement?.textContent?.trim() === "Accetta");

    // Again, then Tab stays inside the dialog up to its confirmation (once the hold has loaded), and Space presses it.
    await buyer.keyboard.press("Enter");
    await confirm.waitFor();
    const yes = confirm.getByRole("button", { name: "Sì, accetta l'offerta" });
    await yes.and(buyer.locator(":enabled")).waitFor({ timeout: SERVER_WAIT_MS });
    await expectAccessible(buyer, "conferma dell'accettazione, da tastiera");
    await tabTo(buyer, yes, { maxPresses: 12 });
    await buyer.keyboard.press("Space");
    await buyer
      .getByText("Offerta accettata! La trattativa è iniziata.", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
  });
});
