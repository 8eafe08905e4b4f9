// Notifications end to end, in Chromium against the local stack: the seeded buyer (phone) clears their
// bell; a shop (desktop) sends an offer on the buyer's guitar request; the buyer's bell shows 1 live,
// its entry leads to the offer's chat, and the e-mail in MailDev carries a working link to the same
// screen and the one-click unsubscribe link.

import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/axe";
import { notificationPanelOf, readAllNotifications } from "../support/notification-bell";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { startStack } from "../support/stack";

/** Seeded (scripts/seed/demo-data.ts): the buyer's active guitar request, with no offer from negozio1. */
const GUITAR_ID = "demo-req-chitarra";
const GUITAR = "Chitarra acustica per principiante";
const OFFER_ID = `${GUITAR_ID}_demo-negozio-1`;

const { openAs } = seededJourney();

describe("notifications end to end", () => {
  it("a shop's offer raises the buyer's bell to 1 and sends an e-mail whose link opens the chat", async () => {
    const { inbox } = await startStack();
    const buyer = await openAs("acquirente@vicino.test", "/customer", "phone");
    // The seeded offers left notifications: read them all first.
    await readAllNotifications(buyer);
    const panel = notificationPanelOf(buyer);

    const shop = await openAs("negozio1@vicino.test", `/make-offer/${GUITAR_ID}`, "desktop");
    await shop.getByRole("heading", { level: 2, name: GUITAR }).waitFor({ timeout: SERVER_WAIT_MS });
    await shop.getByRole("textbox", { name: /Prezzo/ }).fill("149");
    await shop.getByRole("textbox", { name: /Descrizione dell'offerta/ }).fill("Yamaha 3/4 con custodia.");
    await shop.getByRole("textbox", { name: /Disponibilità/ }).fill("Da domani");
    await shop.getByRole("button", { name: "Invia l'offerta" }).click();
    await waitForPage(shop, `/messages/${OFFER_ID}`, { timeout: SERVER_WAIT_MS });

    // Live, in the buyer's header.
    const one = buyer.getByRole("banner").getByRole("button", { name: "Notifiche, 1 nuova" });
    await one.waitFor({ timeout: SERVER_WAIT_MS });
    await one.click();
    const entry = panel.getByRole("link", { name: new RegExp(`Nuova offerta per «${GUITAR}»`) }).first();
    await entry.waitFor();
    await expectAccessible(buyer, "notifiche aperte");
    await expect(entry.getAttribute("href")).resolves.toBe(`/messages/${OFFER_ID}`);

    const mail = await inbox.waitFor(
      (email) =>
        email.to.some((to) => to.address === "acquirente@vicino.test") && email.subject.includes(GUITAR),
      SERVER_WAIT_MS,
    );
    expect(mail.subject).toBe(`Nuova offerta per «${GUITAR}»`);
    const link = mail.text?.match(/https?:\/\/\S+\/messages\/\S+/)?.[0];
    expect(link).toBeDefined();
    expect(mail.text).toMatch(/\/api\/unsubscribe\?token=/);
    await buyer.goto(link as string);
    await waitForPage(buyer, `/messages/${OFFER_ID}`, { timeout: SERVER_WAIT_MS });
    await buyer.getByText("Yamaha 3/4 con custodia.").first().waitFor({ timeout: SERVER_WAIT_MS });
  });
});
