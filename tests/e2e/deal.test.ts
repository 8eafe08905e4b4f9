// Closing a deal end to end (client half), in Chromium against the local stack. The seeded buyer (360 px phone)
// has two pending offers on the desk lamp: Elettronica Navigli (negozio1) and Sport & Co. Isola
// (negozio2), each shop following its conversation on a desktop. The buyer sees the header's unread
// total rise while on /customer, rejects Isola's offer ('Prezzo troppo alto'; Isola sees it live),
// chats with Navigli, accepts, completes with 4 stars (chosen with the keyboard); Navigli sees the
// rating, and both dashboards count the deal.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/axe";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";

/** Seeded (scripts/seed/demo-data.ts): the two shops' pending offers on the buyer's active desk-lamp request. */
const LAMP_CHAT = "demo-req-lampada_demo-negozio-1";
const LAMP_CHAT_ISOLA = "demo-req-lampada_demo-negozio-2";
const LAMP = "Lampada da scrivania LED";
/**
 * The seed writes every message with readBy [sender], so all 13 shop messages of the buyer's 10
 * conversations are unread by the buyer (the eleventh demo conversation is the neighbour's).
 */
const SEEDED_UNREAD = 13;

const { openAs } = seededJourney();

async function send(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Messaggio" });
  await box.fill(text);
  await box.press("Enter");
  await expect(box.inputValue()).resolves.toBe("");
}

const thread = (page: Page) => page.getByRole("log", { name: "Messaggi" });

/** The header's 'Messaggi' link, named with the unread total ('Messaggi 3 non letti'). */
async function headerUnread(page: Page, count: number) {
  const name = count === 0 ? "Messaggi" : `Messaggi ${count} ${count === 1 ? "non letto" : "non letti"}`;
  await page
    .getByRole("banner")
    .getByRole("link", { name, exact: true })
    .waitFor({ timeout: SERVER_WAIT_MS });
}

/** A dashboard number: the <dd> next to the <dt> `label`, once it reads `expected`. */
async function stat(page: Page, label: string, expected: string) {
  const value = page
    .locator("dl > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");
  await expect.poll(() => value.textContent(), { timeout: SERVER_WAIT_MS }).toBe(expected);
}

async function noOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

describe("closing a deal end to end", () => {
  it("the buyer (phone) rejects one shop's offer and accepts the other's; shops (desktop) see it live, dashboards count it", async () => {
    const navigli = await openAs("negozio1@vicino.test", `/messages/${LAMP_CHAT}`, "desktop");
    await thread(navigli)
      .getByText("Consegna gratuita in zona Tortona.")
      .waitFor({ timeout: SERVER_WAIT_MS });
    await navigli.getByText("In attesa della decisione del cliente.").waitFor();

    const isola = await openAs("negozio2@vicino.test", `/messages/${LAMP_CHAT_ISOLA}`, "desktop");
    await thread(isola)
      .getByText("Te la portiamo domani, anche in serata.")
      .waitFor({ timeout: SERVER_WAIT_MS });
    const isolaOffer = isola.getByRole("region", { name: "La tua offerta" });
    await isolaOffer.getByText("In attesa della decisione del cliente.").waitFor();

    // The buyer is on the dashboard: the header counts what is unread, and fits 360 px.
    const buyer = await openAs("acquirente@vicino.test", "/customer", "phone");
    await stat(buyer, "Trattative", "2");
    await stat(buyer, "Completate", "2");
    await headerUnread(buyer, SEEDED_UNREAD);
    await noOverflow(buyer, "/customer");

    // A shop writes while the buyer is elsewhere: the total rises, live.
    await send(navigli, "Ciao Giulia, la lampada è pronta per la consegna.");
    await headerUnread(buyer, SEEDED_UNREAD + 1);

    await buyer
      .getByRole("banner")
      .getByRole("link", { name: /^Messaggi/ })
      .click();
    await waitForPage(buyer, "/messages");
    const list = buyer.getByRole("navigation", { name: /Conversazioni/ });
    const lampLinks = list.getByRole("link").filter({ hasText: LAMP });
    const navigliLink = lampLinks.filter({ hasText: "Elettronica Navigli" });
    const isolaLink = lampLinks.filter({ hasText: "Sport & Co. Isola" });
    await navigliLink.getByText("2 messaggi non letti").waitFor({ timeout: SERVER_WAIT_MS });
    await isolaLink.getByText("1 messaggio non letto").waitFor({ timeout: SERVER_WAIT_MS });

    // Isola's offer: rejected with the suggested reason; the shop sees it live.
    await isolaLink.click();
    await waitForPage(buyer, `/messages/${LAMP_CHAT_ISOLA}`);
    await thread(buyer)
      .getByText("Te la portiamo domani, anche in serata.")
      .waitFor({ timeout: SERVER_WAIT_MS });
    await headerUnread(buyer, SEEDED_UNREAD);
    await buyer.getByRole("button", { name: "Rifiuta" }).click();
    const reason = buyer.getByRole("textbox", { name: /Motivo del rifiuto/ });
    await expect(reason.inputValue()).resolves.toBe("Prezzo troppo alto");
    await buyer.getByRole("button", { name: "Conferma rifiuto" }).click();
    await buyer.getByText("Offerta rifiutata", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await isolaOffer.getByText("Rifiutata", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await isolaOffer.getByText("Prezzo troppo alto").waitFor();
    await isolaOffer.getByText("In attesa della decisione del cliente.").waitFor({ state: "detached" });

    // Navigli's chat: opening it clears its two unread messages from the header's total.
    await buyer.getByRole("link", { name: "Torna alle conversazioni" }).click();
    await navigliLink.click();
    await waitForPage(buyer, `/messages/${LAMP_CHAT}`);
    await thread(buyer)
      .getByText("Ciao Giulia, la lampada è pronta per la consegna.")
      .waitFor({ timeout: SERVER_WAIT_MS });
    await thread(buyer).getByText("Consegna gratuita in zona Tortona.").waitFor();
    await headerUnread(buyer, SEEDED_UNREAD - 2);
    await noOverflow(buyer, `/messages/${LAMP_CHAT}`);

    // Live both ways; what arrives in the open chat is read at once (the total stays).
    await send(buyer, "Riuscite a consegnare giovedì?");
    await thread(navigli).getByText("Riuscite a consegnare giovedì?").waitFor({ timeout: SERVER_WAIT_MS });
    await send(navigli, "Sì, giovedì mattina.");
    await thread(buyer).getByText("Sì, giovedì mattina.").waitFor({ timeout: SERVER_WAIT_MS });

    // The buyer accepts, after a confirmation that says what will happen; the shop sees the change.
    await buyer.getByRole("button", { name: "Accetta" }).click();
    const confirm = buyer.getByRole("dialog", { name: /Accettare l'offerta di Elettronica Navigli/ });
    await confirm.getByText(/le altre offerte ricevute vengono rifiutate/).waitFor();
    await expectAccessible(buyer, "conferma dell'accettazione");
    await confirm.getByRole("button", { name: "Sì, accetta l'offerta" }).click();
    await buyer
      .getByText("Offerta accettata! La trattativa è iniziata.", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await navigli.getByText(/Il cliente ha accettato l'offerta/).waitFor({ timeout: SERVER_WAIT_MS });

    // The dashboard counts the negotiation; the header total has not moved (everything read is read).
    await buyer
      .getByRole("banner")
      .getByRole("link", { name: /tua area/ })
      .click();
    await waitForPage(buyer, "/customer");
    await stat(buyer, "Trattative", "3");
    await stat(buyer, "Completate", "2");
    await headerUnread(buyer, SEEDED_UNREAD - 2);
    await buyer.goBack();
    await waitForPage(buyer, `/messages/${LAMP_CHAT}`);

    // The rating is asked once the buyer says they bought, with no star preselected; 5 then
    // ArrowLeft makes it 4, then complete.
    await buyer.getByRole("button", { name: "Ho acquistato" }).click({ timeout: SERVER_WAIT_MS });
    const five = buyer.getByRole("radio", { name: "5 stelle: Eccellente!" });
    await five.waitFor({ state: "attached", timeout: SERVER_WAIT_MS });
    await expect(five.isChecked()).resolves.toBe(false);
    await buyer.getByText("Nessuna stella scelta").waitFor();
    await five.check({ force: true });
    await five.focus();
    await buyer.keyboard.press("ArrowLeft");
    await expect(buyer.getByRole("radio", { name: "4 stelle: Molto buono" }).isChecked()).resolves.toBe(true);
    await buyer.getByRole("textbox", { name: /Commento/ }).fill("Consegna puntuale");
    await buyer.getByRole("button", { name: "Invia la valutazione e completa" }).click();
    await buyer
      .getByText("Transazione completata! Grazie per il feedback.", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await buyer.getByText("Valutazione: 4/5, Molto buono").waitFor({ timeout: SERVER_WAIT_MS });
    await buyer.getByText("Completata", { exact: true }).first().waitFor();

    // The shop sees the outcome in the same conversation, live, and counts the accepted offer.
    await navigli.getByText("Valutazione: 4/5, Molto buono").waitFor({ timeout: SERVER_WAIT_MS });
    await navigli.getByText("«Consegna puntuale»").waitFor();
    await navigli.getByText("Completata", { exact: true }).first().waitFor();
    await navigli
      .getByRole("banner")
      .getByRole("link", { name: /tua area/ })
      .click();
    await waitForPage(navigli, "/merchant");
    // Seeded: the espresso machine and the headphones; now the lamp.
    await stat(navigli, "Accettate", "3");

    // Back on the list, the lamp chat has nothing unread any more (the buyer read it while open).
    await buyer.getByRole("link", { name: "Torna alle conversazioni" }).click();
    await navigliLink.waitFor();
    await navigliLink.getByText(/non lett/).waitFor({ state: "detached", timeout: SERVER_WAIT_MS });

    await buyer
      .getByRole("banner")
      .getByRole("link", { name: /tua area/ })
      .click();
    await waitForPage(buyer, "/customer");
    await stat(buyer, "Trattative", "2");
    await stat(buyer, "Completate", "3");
  });
});
