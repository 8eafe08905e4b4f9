// 'Acquisto verificato' end to end, in Chromium against the local stack, from 'Accetta'. Seeded
// (scripts/seed/demo-scenario.ts): the buyer's active desk-lamp request has two pending offers, from
// Elettronica Navigli (negozio1) and Sport & Co. Isola (negozio2), each shop following its conversation
// on a desktop. The buyer (360 px phone) accepts Navigli's: the deal shows the hold with the shop's
// address and hours, and the pickup code; Navigli types a wrong code (refused in Italian), then the right
// one; both sides read 'Acquisto verificato'; the buyer rates at once, the review shows on Navigli's page
// marked 'Acquisto verificato', and Isola, whose chat stayed open, reads 'Acquistato altrove' there and
// in its offer list. At the till
// the buyer's phone has no network: the installed app (its service worker, registered here on purpose as
// in installable.test.ts) still shows the code and its QR, kept on the device until the code is used.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/axe";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";

const LAMP_CHAT = "demo-req-lampada_demo-negozio-1";
const LAMP_CHAT_ISOLA = "demo-req-lampada_demo-negozio-2";
const NAVIGLI = "demo-negozio-1";
/** Navigli's address and closing time (scripts/seed/demo-data.ts: every open day ends at 19:30). */
const NAVIGLI_ADDRESS = "Ripa di Porta Ticinese 41, Milano";
const AWAITING = "In attesa della decisione del cliente.";

const { openAs } = seededJourney();

const region = (page: Page, name: string) => page.getByRole("region", { name });

/** The app's device storage of pickup codes (src/domain/core/device-storage.ts). */
const keptCodes = (page: Page) => page.evaluate(() => localStorage.getItem("vicino.pickupCodes") ?? "");

/**
 * The installed app with the network off: the worker serves the offline page, which shows the code and
 * the QR this device kept, with what it is for and until when; back online, `path` again.
 */
async function offlineAtTheTill(page: Page, code: string, path: string) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: SERVER_WAIT_MS,
  });
  await page.context().setOffline(true);
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Sei offline" }).waitFor({ timeout: SERVER_WAIT_MS });
  const kept = region(page, "Il tuo codice di ritiro");
  await kept.getByTestId("pickup-code").waitFor({ timeout: SERVER_WAIT_MS });
  expect(await kept.getByTestId("pickup-code").textContent()).toBe(code);
  const qr = kept.getByRole("img", { name: "Codice QR del codice di ritiro" });
  expect(await qr.locator("path").getAttribute("d")).toMatch(/^M\d+ \d+h1v1h-1z/);
  await kept.getByText("Lampada da scrivania LED · Elettronica Navigli").waitFor();
  await kept.getByText(/^Te lo teniamo da parte fino a .+ alle 19:30$/).waitFor();
  await expectAccessible(page, "codice di ritiro, offline");

  await page.context().setOffline(false);
  await page.reload();
  await waitForPage(page, path);
}

describe("a verified purchase end to end", () => {
  it("accept → the hold and the code → a wrong code refused → the right one: verified on both sides, rated on the shop's page, 'Acquistato altrove' for the other shop", async () => {
    const isola = await openAs("negozio2@vicino.test", `/messages/${LAMP_CHAT_ISOLA}`, "desktop");
    const isolaOffer = region(isola, "La tua offerta");
    await isolaOffer.getByText(AWAITING).waitFor({ timeout: SERVER_WAIT_MS });

    const navigli = await openAs("negozio1@vicino.test", `/messages/${LAMP_CHAT}`, "desktop");
    const navigliOffer = region(navigli, "La tua offerta");
    await navigliOffer.getByText(AWAITING).waitFor({ timeout: SERVER_WAIT_MS });

    // The buyer accepts Navigli's offer, after the confirmation.
    const buyer = await openAs("acquirente@vicino.test", `/messages/${LAMP_CHAT}`, "phone");
    const deal = region(buyer, "L'offerta ricevuta");
    await deal.getByRole("button", { name: "Accetta" }).click({ timeout: SERVER_WAIT_MS });
    const confirm = buyer.getByRole("dialog", { name: /Accettare l'offerta di Elettronica Navigli/ });
    await confirm.getByRole("button", { name: "Sì, accetta l'offerta" }).click();
    await buyer
      .getByText("Offerta accettata! La trattativa è iniziata.", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });

    // The hold: until the shop's closing time, with where to collect it and the hours.
    await deal.getByText(/^Te lo teniamo da parte fino a \S+ \d{1,2} \S+ alle 19:30$/).waitFor({
      timeout: SERVER_WAIT_MS,
    });
    await deal.getByText(NAVIGLI_ADDRESS).waitFor({ timeout: SERVER_WAIT_MS });
    await deal.getByText("Orari", { exact: true }).waitFor();
    // The shop reads the same hold, live.
    await navigliOffer
      .getByText(/^Te lo teniamo da parte fino a .+ alle 19:30$/)
      .waitFor({ timeout: SERVER_WAIT_MS });

    // The code and its QR.
    await deal.getByRole("button", { name: "Mostra il codice di ritiro" }).click({ timeout: SERVER_WAIT_MS });
    const shown = buyer.getByTestId("pickup-code");
    await shown.waitFor({ timeout: SERVER_WAIT_MS });
    await buyer
      .getByRole("img", { name: "Codice QR del codice di ritiro" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    const code = (await shown.textContent())?.trim() ?? "";
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const wrong = (code[0] === "A" ? "C" : "A") + code.slice(1);
    await offlineAtTheTill(buyer, code, `/messages/${LAMP_CHAT}`);

    // At the till: a wrong code is refused in Italian, the right one verifies the purchase.
    await navigliOffer.getByRole("button", { name: "Verifica il codice" }).click({ timeout: SERVER_WAIT_MS });
    const field = navigli.getByRole("textbox", { name: "Codice di ritiro" });
    await field.fill(wrong);
    await navigli.getByRole("button", { name: "Verifica", exact: true }).click();
    await navigli
      .getByRole("alert")
      .getByText(/^Codice non valido\. Controlla e riprova \(4 tentativi rimasti\)\.$/)
      .waitFor({ timeout: SERVER_WAIT_MS });
    await expectAccessible(navigli, "codice di ritiro sbagliato");

    await field.fill(code);
    await navigli.getByRole("button", { name: "Verifica", exact: true }).click();
    await navigliOffer
      .getByText("Acquisto verificato", { exact: false })
      .first()
      .waitFor({ timeout: SERVER_WAIT_MS });
    await navigliOffer
      .getByText("Ritiro verificato: l'acquisto è completato. Il cliente può ancora valutarlo.")
      .waitFor();

    // The buyer reads it live and is asked to rate at once (no 'Ho acquistato' step).
    await deal
      .getByText("Acquisto verificato", { exact: false })
      .first()
      .waitFor({ timeout: SERVER_WAIT_MS });
    await deal.getByText(/Il negozio ha verificato il tuo ritiro/).waitFor({ timeout: SERVER_WAIT_MS });
    const five = buyer.getByRole("radio", { name: "5 stelle: Eccellente!" });
    await five.waitFor({ state: "attached", timeout: SERVER_WAIT_MS });
    await five.check({ force: true });
    await buyer.getByRole("textbox", { name: /Commento/ }).fill("Codice controllato in cassa");
    await buyer.getByRole("button", { name: "Invia la valutazione e completa" }).click();
    await buyer.getByText("Valutazione: 5/5, Eccellente!").waitFor({ timeout: SERVER_WAIT_MS });
    // The used code has left the device.
    expect(await keptCodes(buyer)).not.toContain(code);
    await navigli.getByText("Valutazione: 5/5, Eccellente!").waitFor({ timeout: SERVER_WAIT_MS });

    const page = await openAs("acquirente@vicino.test", `/negozi/${NAVIGLI}`, "phone");
    const review = page
      .getByRole("list", { name: "Recensioni" })
      .getByRole("listitem")
      .filter({ hasText: "Codice controllato in cassa" });
    await review.getByText(/Acquisto verificato/).waitFor({ timeout: SERVER_WAIT_MS });

    // Isola's chat, open since before 'Accetta': its offer closed politely, live.
    await isolaOffer.getByText("Acquistato altrove", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await isolaOffer.getByText(AWAITING).waitFor({ state: "detached" });
    // And in its offer list on the dashboard.
    await isola
      .getByRole("banner")
      .getByRole("link", { name: /tua area/ })
      .click();
    await waitForPage(isola, "/merchant");
    await isola
      .getByRole("listitem")
      .filter({ has: isola.getByRole("link", { name: "Lampada da scrivania LED" }) })
      .getByText("Acquistato altrove", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
  });

  it("from the buyer's /customer card: accept → the code, shown with the network off → verified at the till → 'Completata' and 'Acquisto verificato' on both sides, no 'Annulla l'accordo' → rated from the same card", async () => {
    const navigli = await openAs("negozio1@vicino.test", `/messages/${LAMP_CHAT}`, "desktop");
    const navigliOffer = region(navigli, "La tua offerta");
    await navigliOffer.getByText(AWAITING).waitFor({ timeout: SERVER_WAIT_MS });

    const buyer = await openAs("acquirente@vicino.test", "/customer", "phone");
    const card = buyer.getByRole("article", { name: "Lampada da scrivania LED" });
    await card
      .getByRole("button", { name: "Accetta l'offerta di Elettronica Navigli" })
      .click({ timeout: SERVER_WAIT_MS });
    // The confirmation shows the hold the deal binds: how long, where, the hours.
    const confirm = buyer.getByRole("dialog", { name: /Accettare l'offerta di Elettronica Navigli/ });
    await confirm.getByText(NAVIGLI_ADDRESS).waitFor({ timeout: SERVER_WAIT_MS });
    await confirm.getByRole("button", { name: "Sì, accetta l'offerta" }).click();
    await buyer
      .getByText("Offerta accettata! La trattativa è iniziata.", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });

    // The code reaches the device with the deal, before anyone opens it.
    const show = card.getByRole("button", { name: "Mostra il codice di ritiro" });
    await show.waitFor({ timeout: SERVER_WAIT_MS });
    await buyer.waitForFunction(
      (offerId) => (localStorage.getItem("vicino.pickupCodes") ?? "").includes(offerId),
      LAMP_CHAT,
      { timeout: SERVER_WAIT_MS },
    );
    // At the till with no network: the card still shows it.
    await buyer.context().setOffline(true);
    await show.click();
    const shown = card.getByTestId("pickup-code");
    await shown.waitFor({ timeout: SERVER_WAIT_MS });
    const code = (await shown.textContent())?.trim() ?? "";
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await card
      .getByRole("img", { name: "Codice QR del codice di ritiro" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await buyer.context().setOffline(false);

    // The shop verifies it at the till: the sale is final and complete.
    await navigliOffer.getByRole("button", { name: "Verifica il codice" }).click({ timeout: SERVER_WAIT_MS });
    await navigli.getByRole("textbox", { name: "Codice di ritiro" }).fill(code);
    await navigli.getByRole("button", { name: "Verifica", exact: true }).click();
    await navigliOffer
      .getByText("Acquisto verificato", { exact: false })
      .first()
      .waitFor({ timeout: SERVER_WAIT_MS });
    await navigliOffer.getByText("Completata", { exact: true }).first().waitFor({ timeout: SERVER_WAIT_MS });
    // The chat says so as a system line, apart from people's messages.
    await navigli
      .locator('[data-message-type="system"]')
      .filter({ hasText: "Acquisto verificato: ritiro confermato in negozio" })
      .waitFor({ timeout: SERVER_WAIT_MS });

    // The buyer's card reads it live: completed, verified, nothing to cancel; the rating, optional, right there.
    await card
      .getByText("Acquisto verificato", { exact: false })
      .first()
      .waitFor({ timeout: SERVER_WAIT_MS });
    await card.getByText("Completata", { exact: true }).first().waitFor({ timeout: SERVER_WAIT_MS });
    expect(await card.getByRole("button", { name: /Annulla l'accordo/ }).count()).toBe(0);
    expect(await card.getByRole("button", { name: "Mostra il codice di ritiro" }).count()).toBe(0);
    await expectAccessible(buyer, "acquisto verificato sulla scheda");
    const five = card.getByRole("radio", { name: "5 stelle: Eccellente!" });
    await five.waitFor({ state: "attached", timeout: SERVER_WAIT_MS });
    await five.check({ force: true });
    await card.getByRole("button", { name: "Invia la valutazione e completa" }).click();
    await buyer
      .getByText("Transazione completata! Grazie per il feedback.", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await five.waitFor({ state: "detached", timeout: SERVER_WAIT_MS });
    // The spent code has left the device.
    expect(await keptCodes(buyer)).not.toContain(code);
    await navigli.getByText("Valutazione: 5/5, Eccellente!").waitFor({ timeout: SERVER_WAIT_MS });
  });
});
