// The shop's journey end to end, in Chromium against the local stack: the seeded shop (desktop) filters the feed
// by category and radius, opens the buyer's guitar request, sends an offer above the budget after
// confirming, and lands in the new conversation; the buyer (phone) then sees the offer on /customer.

import { describe, expect, it } from "vitest";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";

/** Seeded (scripts/seed/demo-data.ts): an active request, 'strumenti musicali', budget 100-200 €, ~5 km from negozio1. */
const GUITAR_ID = "demo-req-chitarra";
const GUITAR = "Chitarra acustica per principiante";
/** The offer (and conversation) id is deterministic: {requestId}_{merchantId}. */
const OFFER_ID = `${GUITAR_ID}_demo-negozio-1`;

const { openAs } = seededJourney();

describe("merchant journey end to end", () => {
  it("a shop filters by category and radius, sends an out-of-budget offer after confirming, and the buyer sees it", async () => {
    const shop = await openAs("negozio1@vicino.test", "/browse", "desktop");
    await shop
      .getByRole("heading", { level: 1, name: "Richieste vicino a te" })
      .waitFor({ timeout: SERVER_WAIT_MS });

    await shop.getByRole("combobox", { name: "Categoria" }).selectOption({ label: "Strumenti musicali" });
    await shop.getByRole("combobox", { name: "Raggio" }).selectOption({ label: "20 km" });
    await shop.getByRole("button", { name: "Cerca" }).click();
    const cards = shop.getByRole("article");
    await cards.filter({ hasText: GUITAR }).waitFor({ timeout: SERVER_WAIT_MS });
    // Only musical instruments once the filtered feed has replaced the first one.
    await expect
      .poll(
        async () => {
          const all = await cards.count();
          return all > 0 && all === (await cards.filter({ hasText: "Strumenti musicali" }).count());
        },
        { timeout: SERVER_WAIT_MS },
      )
      .toBe(true);

    await cards
      .filter({ hasText: GUITAR })
      .getByRole("link", { name: /Fai un'offerta/ })
      .click();
    await waitForPage(shop, `/make-offer/${GUITAR_ID}`);
    await shop.getByRole("heading", { level: 2, name: GUITAR }).waitFor({ timeout: SERVER_WAIT_MS });

    await shop.getByRole("textbox", { name: /Prezzo/ }).fill("249,90");
    await shop
      .getByRole("textbox", { name: /Descrizione dell'offerta/ })
      .fill("Yamaha 3/4 con custodia imbottita e accordatore in omaggio.");
    await shop.getByRole("textbox", { name: /Disponibilità/ }).fill("Da domani");
    await shop.getByRole("button", { name: "Invia l'offerta" }).click();

    const dialog = shop.getByRole("dialog", { name: "Prezzo fuori budget" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Invia comunque" }).click();

    await waitForPage(shop, `/messages/${OFFER_ID}`, { timeout: SERVER_WAIT_MS });
    await shop.getByText("Offerta inviata!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await shop.getByText(GUITAR).first().waitFor({ timeout: SERVER_WAIT_MS });

    const buyer = await openAs("acquirente@vicino.test", "/customer", "phone");
    const guitar = buyer.getByRole("article").filter({ hasText: GUITAR });
    await guitar.waitFor({ timeout: SERVER_WAIT_MS });
    // The offer's line: a link to its conversation, named with the price and the shop.
    await guitar
      .getByRole("link", { name: /^249,90\s€ · Elettronica Navigli/ })
      .waitFor({ timeout: SERVER_WAIT_MS });
  });
});

describe("merchant pages on a phone", () => {
  it("fit a 360 px screen: dashboard, browse, make-offer and offers", async () => {
    const page = await openAs("negozio1@vicino.test", "/merchant", "phone");
    const checks: Array<[string, string, string]> = [
      ["/merchant", "Ciao, Elettronica Navigli", "Lampada da scrivania LED"],
      // /browse opens on the shop's own categories (Elettronica, Casa): the lamp, not the guitar.
      ["/browse", "Richieste vicino a te", "Lampada da scrivania LED"],
      [`/make-offer/${GUITAR_ID}`, "Fai un'offerta", GUITAR],
      ["/offers", "Le tue offerte", "Lampada da scrivania LED"],
    ];
    for (const [path, heading, content] of checks) {
      if (new URL(page.url()).pathname !== path) await page.goto(new URL(path, page.url()).href);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: SERVER_WAIT_MS });
      await page.getByText(content).first().waitFor({ timeout: SERVER_WAIT_MS });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
