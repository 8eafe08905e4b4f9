// Local prices and unmet demand end to end, in Chromium against the seeded stack (scripts/seed/
// past-prices.ts leaves past offers around Milano above the threshold, summed up as the summaries job
// does): the buyer filling 'Compila tu' for a city bike sees what shops nearby offered and takes it as
// budget; a shop typing a price on the jacket request sees its band; a shop's dashboard lists the
// requests nobody has answered (the guitar).

import { describe, expect, it } from "vitest";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { PRICE_GUIDANCE_MESSAGES } from "../../src/domain/marketplace/price-guidance-messages";
import { expectAccessible } from "../support/axe";
import { SERVER_WAIT_MS } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { staffJourney } from "../support/staff-account";

/** Seeded: an active request for a rain jacket, with negozio2's pending offer (editable). */
const JACKET_ID = "demo-req-giacca";

const { openAs } = seededJourney();
const team = staffJourney();

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Offers' prices near Milano as submitOffer records them after its commit (recordOfferPrice), three days
 * ago, then that day summed up as the summaries job does (buildPriceDay): for a product the seed has no past
 * prices for, `shops[i]` made the offer at `prices[i]`.
 */
async function recordPrices(productName: string, prices: number[], shops: string[]): Promise<void> {
  const { recordOfferPrice } = await import("../../functions/src/market/price-stats");
  const { buildPriceDay } = await import("../../functions/src/market/price-summaries");
  const { priceDay } = await import("../../src/domain/marketplace/price-stats");
  const db = team.admin().adminDb();
  const at = new Date(Date.now() - 3 * DAY_MS);
  for (const [index, price] of prices.entries()) {
    const place = { lat: 45.47 + index * 0.003, lng: 9.2 - index * 0.002 };
    const request = { category: "sport", productName, ...requestGeoFields(place) };
    const merchantId = shops[index % shops.length] ?? "negozio-a";
    const offerId = `prezzi-${productName}-${index}_${merchantId}`;
    await recordOfferPrice(db, request, { offerId, merchantId, price, at });
  }
  await buildPriceDay({ db, now: () => new Date() }, priceDay(at));
}

describe("price guidance end to end", () => {
  it("the buyer sees the range shops nearby offered for a city bike, and uses it as budget", async () => {
    const buyer = await openAs("acquirente@vicino.test", "/create", "phone");
    await buyer.getByRole("button", { name: "Compila tu" }).click({ timeout: SERVER_WAIT_MS });
    const form = buyer.getByRole("region", { name: "Compila la richiesta" });
    await form.waitFor();
    await form.getByRole("textbox", { name: /Prodotto/ }).fill("Bici da città");
    await form.getByRole("combobox", { name: "Categoria" }).selectOption({ label: "Sport" });
    await form.getByRole("combobox", { name: "Indirizzo o comune" }).fill("Milano");
    await buyer.getByRole("option", { name: "Milano (MI)" }).click({ timeout: SERVER_WAIT_MS });
    const hint = form.getByRole("status", { name: "Prezzi in zona" });
    // The past prices (239-399 €, rounded), weeks old, and the scenario's bike offers once a day old.
    await hint
      .getByText(
        /^Nella tua zona i negozi hanno offerto di solito da [\d.]+,\d\d\s€ a [\d.]+,\d\d\s€ \(\d+ offerte\)$/,
      )
      .waitFor({
        timeout: SERVER_WAIT_MS,
      });
    await expectAccessible(buyer, "modulo con i prezzi in zona");
    await hint.getByRole("button", { name: "Usa come budget" }).click();
    const budgetMax = form.getByRole("textbox", { name: "Budget fino a (€)" });
    await expect.poll(() => budgetMax.inputValue(), { timeout: 5_000 }).toMatch(/^\d+(,\d+)?$/);
  });

  it("the buyer sees no range under the threshold: four offers, or offers from only two shops", async () => {
    // Four offers from four shops; six offers from two shops. Neither is enough (5 offers, 3 shops).
    await recordPrices("monopattino elettrico", [299, 329, 349, 379], ["a", "b", "c", "d"]);
    await recordPrices("skateboard", [59, 69, 79, 89, 99, 109], ["a", "b"]);
    const buyer = await openAs("acquirente@vicino.test", "/create", "phone");
    await buyer.getByRole("button", { name: "Compila tu" }).click({ timeout: SERVER_WAIT_MS });
    const form = buyer.getByRole("region", { name: "Compila la richiesta" });
    await form.waitFor();
    const product = form.getByRole("textbox", { name: /Prodotto/ });
    await product.fill("Bici da città");
    await form.getByRole("combobox", { name: "Categoria" }).selectOption({ label: "Sport" });
    await form.getByRole("combobox", { name: "Indirizzo o comune" }).fill("Milano");
    await buyer.getByRole("option", { name: "Milano (MI)" }).click({ timeout: SERVER_WAIT_MS });
    const hint = form.getByRole("status", { name: "Prezzi in zona" });
    // Above the threshold the range shows; the next product's answer replaces it (the range stays
    // on screen until that answer arrives), so its going away is the answer: nothing to show.
    for (const under of ["Monopattino elettrico", "Skateboard"]) {
      await hint.waitFor({ timeout: SERVER_WAIT_MS });
      await product.fill(under);
      await hint.waitFor({ state: "detached", timeout: SERVER_WAIT_MS });
      await product.fill("Bici da città");
    }
  });

  it("a shop typing a price sees its band; a dashboard lists the requests with no offer", async () => {
    const shop = await openAs("negozio2@vicino.test", `/make-offer/${JACKET_ID}`, "desktop");
    const price = shop.getByRole("textbox", { name: /Prezzo/ });
    await price.waitFor({ timeout: SERVER_WAIT_MS });
    await price.fill("1000");
    // The past jacket prices (79-129 €): 1000 € is among the highest, 1 € among the lowest.
    await shop
      .getByText(PRICE_GUIDANCE_MESSAGES.band.high, { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await price.fill("1");
    await shop
      .getByText(PRICE_GUIDANCE_MESSAGES.band.low, { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });

    // negozio1's zone, every category: the guitar request nobody has answered (about 5 km away).
    const other = await openAs("negozio1@vicino.test", "/merchant?categoria=tutte", "desktop", "/merchant");
    const tile = other.getByRole("region", { name: "Richieste senza offerte vicino a te" });
    await tile
      .getByRole("link", { name: "Fai un'offerta per Chitarra acustica per principiante" })
      .waitFor({ timeout: SERVER_WAIT_MS });
  });
});
