// Issue 7 end to end (client half), in Chromium against the local stack: the seeded buyer on a 360 px
// phone and the seeded shop on a desktop chat live in the lamp conversation, the buyer accepts the
// offer and completes with 4 stars (chosen with the keyboard), and the shop sees the rating appear.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seededJourney } from "../support/seeded-journey";

/** Seeded (scripts/seed/demo-data.ts): negozio1's pending offer on the buyer's active desk-lamp request. */
const LAMP_CHAT = "demo-req-lampada_demo-negozio-1";
const LAMP = "Lampada da scrivania LED";

const { open, signIn } = seededJourney();

async function send(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Messaggio" });
  await box.fill(text);
  await box.press("Enter");
  await expect(box.inputValue()).resolves.toBe("");
}

const thread = (page: Page) => page.getByRole("log", { name: "Messaggi" });

describe("closing a deal end to end", () => {
  it("buyer (phone) and shop (desktop) chat live; the buyer accepts, completes with 4 stars, the shop sees it", async () => {
    const shop = await open(`/messages/${LAMP_CHAT}`, "desktop");
    await signIn(shop, "negozio1@vicino.test", `/messages/${LAMP_CHAT}`);
    await thread(shop).getByText("Consegna gratuita in zona Tortona.").waitFor({ timeout: 20_000 });
    await shop.getByText("In attesa della decisione del cliente.").waitFor();

    const buyer = await open("/messages", "phone");
    await signIn(buyer, "acquirente@vicino.test", "/messages");
    const list = buyer.getByRole("navigation", { name: /Conversazioni/ });
    const lampLink = list.getByRole("link").filter({ hasText: LAMP });
    await lampLink.waitFor({ timeout: 20_000 });
    // The shop's seeded message is unread until the buyer opens the chat (readBy).
    await lampLink.getByText("1 messaggio non letto").waitFor({ timeout: 20_000 });
    await lampLink.click();
    await buyer.waitForURL((url) => url.pathname === `/messages/${LAMP_CHAT}`);
    // On a phone the chat is its own screen, with a way back, and fits 360 px.
    await buyer.getByRole("link", { name: /Conversazioni/ }).waitFor();
    await thread(buyer).getByText("Consegna gratuita in zona Tortona.").waitFor({ timeout: 20_000 });
    const overflow = await buyer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Live both ways.
    await send(buyer, "Riuscite a consegnare giovedì?");
    await thread(shop).getByText("Riuscite a consegnare giovedì?").waitFor({ timeout: 20_000 });
    await send(shop, "Sì, giovedì mattina.");
    await thread(buyer).getByText("Sì, giovedì mattina.").waitFor({ timeout: 20_000 });

    // The buyer accepts; the shop sees the status change.
    await buyer.getByRole("button", { name: "Accetta" }).click();
    await buyer
      .getByText("Offerta accettata! La trattativa è iniziata.", { exact: true })
      .waitFor({ timeout: 20_000 });
    await shop.getByText(/Il cliente ha accettato l'offerta/).waitFor({ timeout: 20_000 });

    // 5 stars by default; one ArrowLeft makes it 4, then complete.
    const five = buyer.getByRole("radio", { name: "5 stelle: Eccellente!" });
    await five.waitFor({ state: "attached", timeout: 20_000 });
    await expect(five.isChecked()).resolves.toBe(true);
    await five.focus();
    await buyer.keyboard.press("ArrowLeft");
    await expect(buyer.getByRole("radio", { name: "4 stelle: Molto buono" }).isChecked()).resolves.toBe(true);
    await buyer.getByRole("textbox", { name: /Commento/ }).fill("Consegna puntuale");
    await buyer.getByRole("button", { name: "Completa transazione" }).click();
    await buyer
      .getByText("Transazione completata! Grazie per il feedback.", { exact: true })
      .waitFor({ timeout: 20_000 });
    await buyer.getByText("Valutazione: 4/5, Molto buono").waitFor({ timeout: 20_000 });

    // The shop sees the outcome in the same conversation, live.
    await shop.getByText("Valutazione: 4/5, Molto buono").waitFor({ timeout: 20_000 });
    await shop.getByText("«Consegna puntuale»").waitFor();

    // Back on the list, the lamp chat has nothing unread any more (the buyer read it while open).
    await buyer.getByRole("link", { name: /Conversazioni/ }).click();
    await lampLink.waitFor();
    await lampLink.getByText(/non lett/).waitFor({ state: "detached", timeout: 20_000 });
  });
});
