// Trust end to end, in Chromium against the local stack (rules on). A buyer reports a shop's chat; an
// admin (the custom claim set by scripts/admin) suspends the shop from /admin/segnalazioni; the shop's
// next message in its open chat is refused at once and the buyer sees the chat closed; the shop signs in
// only to read the decision's reasons and ask for a review, which the admin revokes and the shop reads;
// the buyer reads the outcome in the app and in the inbox. A buyer downloads
// their data and deletes their account after typing their password again.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_BUYER, DEMO_PASSWORD, DEMO_SHOP_1 } from "../../scripts/seed/demo-data";
import { FIRST_PAINT_MESSAGES } from "../../src/domain/core/first-paint-messages";
import { CHAT_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { CONVERSATION_STATUS } from "../../src/domain/marketplace/state-machine";
import { MODERATION_OUTCOME_TEXTS } from "../../src/domain/people/moderation";
import { CHAT_CLOSED_BY_TEXTS, SUSPENSION_NOTICE } from "../../src/domain/people/trust-messages";
import { expectAccessible } from "../support/axe";
import { downloadedText } from "../support/browser";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { expectRulesDenials } from "../support/rules-denials";
import { seededJourney } from "../support/seeded-journey";
import { staffJourney } from "../support/staff-account";

/** Seeded (scripts/seed/demo-data.ts): Elettronica Navigli's offer on the buyer's desk lamp, with its chat. */
const LAMP_CHAT = "demo-req-lampada_demo-negozio-1";
const MODERATOR = { uid: "moderatore", email: "moderatore@vicino.test", name: "Moderazione Vicino" };

const { open, openAs } = seededJourney();
const team = staffJourney();

/** What replaces the composer once the team closed the chat. */
const closedLine = `${FIRST_PAINT_MESSAGES.conversationClosed}: ${CHAT_CLOSED_BY_TEXTS.moderation}.`;

async function chatMessageCount(): Promise<number> {
  const snapshot = await team
    .admin()
    .adminDb()
    .collection(`conversations/${LAMP_CHAT}/messages`)
    .count()
    .get();
  return snapshot.data().count;
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: SERVER_WAIT_MS });
}

describe("trust end to end", () => {
  it("a buyer reports a shop's chat, the admin suspends the shop with reasons, the shop asks for a review", async () => {
    await team.seedStaff(MODERATOR);
    const buyer = await openAs(DEMO_BUYER.email, `/messages/${LAMP_CHAT}`, "desktop");
    await buyer.getByRole("heading", { name: "Elettronica Navigli" }).waitFor({ timeout: SERVER_WAIT_MS });
    await buyer.getByRole("button", { name: "Segnala", exact: true }).click();
    const dialog = buyer.getByRole("dialog", { name: "Segnala" });
    await dialog.getByRole("radio", { name: "Linguaggio offensivo, minacce o molestie" }).check();
    await dialog.getByRole("textbox").fill("Mi ha risposto con insulti.");
    await expectAccessible(buyer, "finestra Segnala");
    await dialog.getByRole("button", { name: "Invia segnalazione" }).click();
    await toast(buyer, "Segnalazione inviata: la esamineremo al più presto.");

    // The shop has the chat open, signed in, when the admin decides (its ID token stays valid for up to
    // an hour: the rules must refuse it at once, not when the token expires).
    const shopChat = await openAs(DEMO_SHOP_1.email, `/messages/${LAMP_CHAT}`, "desktop");
    const composer = shopChat.getByPlaceholder("Scrivi un messaggio…");
    await composer.waitFor({ timeout: SERVER_WAIT_MS });

    await composer.fill("Ancora qui? Le faccio uno sconto.");
    const messagesBefore = await chatMessageCount();

    const moderator = await openAs(MODERATOR.email, "/admin/segnalazioni", "desktop");
    const card = moderator.getByRole("article", {
      name: "Conversazione · Linguaggio offensivo, minacce o molestie",
    });
    await card.getByText("Mi ha risposto con insulti.").waitFor({ timeout: SERVER_WAIT_MS });
    await card.getByText("Elettronica Navigli").waitFor();
    await expectAccessible(moderator, "coda delle segnalazioni");
    await card.getByRole("checkbox", { name: "Linguaggio offensivo, minacce o molestie" }).check();
    await card.getByLabel(/Spiegazione/).fill("Insulti al cliente in chat.");
    await card.getByRole("button", { name: "Sospendi l'account" }).click();
    await toast(moderator, "Decisione registrata: chi ha segnalato riceverà l'esito.");
    await card.getByText("Account sospeso").waitFor({ timeout: SERVER_WAIT_MS });

    // Its open listeners are refused from now on: that refusal is what this test is about.
    expectRulesDenials();
    // Its open page learns it at once, without a reload: the suspension notice, and the chat (with the
    // message it was about to send) taken away, as the rules refuse its reads and writes from the
    // suspension itself, whatever its still-valid token says (tests/rules/suspension.test.ts).
    await shopChat
      .getByRole("alert")
      .filter({ hasText: SUSPENSION_NOTICE.title })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await shopChat.getByText(CHAT_MESSAGES.conversationNotFound).waitFor({ timeout: SERVER_WAIT_MS });
    expect(await shopChat.getByPlaceholder("Scrivi un messaggio…").count()).toBe(0);
    expect((await team.admin().adminDb().doc(`conversations/${LAMP_CHAT}`).get()).get("status")).toBe(
      CONVERSATION_STATUS.closed,
    );
    expect(await chatMessageCount()).toBe(messagesBefore);
    // The buyer, still on the chat, sees it closed by the team, without reloading.
    await buyer.getByText(closedLine).waitFor({ timeout: SERVER_WAIT_MS });
    expect(await buyer.getByPlaceholder("Scrivi un messaggio…").count()).toBe(0);

    // The suspended shop signs in again to read why (DSA, P2B): the notice links the decision's
    // reasons; it asks for a review once; the admin revokes it; the shop reads the outcome.
    const shop = await open("/auth", "desktop");
    await shop.getByLabel("Email").fill(DEMO_SHOP_1.email);
    await shop.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await shop.getByRole("button", { name: "Accedi", exact: true }).click();
    await shop.getByRole("link", { name: SUSPENSION_NOTICE.reasons }).click({ timeout: SERVER_WAIT_MS });
    const decisions = shop.locator("#decisioni");
    await decisions.getByText("Insulti al cliente in chat.").waitFor({ timeout: SERVER_WAIT_MS });
    await decisions.getByText(/Motivi della decisione: Linguaggio offensivo/).waitFor();
    await decisions.getByRole("button", { name: "Chiedi una revisione" }).click();
    await decisions.getByLabel(/Perché la decisione/).fill("Era un malinteso con un cliente abituale.");
    await decisions.getByRole("button", { name: "Invia la richiesta" }).click();
    await decisions
      .getByText("Revisione richiesta: in attesa dell'esito")
      .waitFor({ timeout: SERVER_WAIT_MS });
    await expectAccessible(shop, "decisioni e richiesta di revisione");

    await moderator.reload();
    const appeal = moderator.getByRole("article", { name: "Elettronica Navigli · Sospendi l'account" });
    await appeal.getByText("Era un malinteso con un cliente abituale.").waitFor({ timeout: SERVER_WAIT_MS });
    await appeal.getByLabel(/Motivi dell'esito/).fill("Prima volta: la sospensione è revocata.");
    await appeal.getByRole("button", { name: "Decisione annullata" }).click();
    await appeal.waitFor({ state: "detached", timeout: SERVER_WAIT_MS });

    await shop.reload();
    await shop
      .locator("#decisioni")
      .getByText("Prima volta: la sospensione è revocata.")
      .waitFor({ timeout: SERVER_WAIT_MS });
    await shop.locator("#decisioni").getByText("Decisione annullata").waitFor();

    // The reporter was told the report arrived (the acknowledgment) and now the outcome with its
    // reasons: on /profile and by e-mail (with the privacy notice's link).
    await team
      .stack()
      .inbox.waitFor(
        (email) =>
          email.to.some((to) => to.address === DEMO_BUYER.email) &&
          email.subject.includes("Abbiamo ricevuto la tua segnalazione"),
        SERVER_WAIT_MS,
      );
    await buyer.goto(`${new URL(buyer.url()).origin}/profile`);
    await buyer.getByText(MODERATION_OUTCOME_TEXTS.suspend_user).waitFor({ timeout: SERVER_WAIT_MS });
    const mail = await team
      .stack()
      .inbox.waitFor(
        (email) =>
          email.to.some((to) => to.address === DEMO_BUYER.email) &&
          /segnalazione/.test(email.subject) &&
          (email.text ?? "").includes(MODERATION_OUTCOME_TEXTS.suspend_user),
        SERVER_WAIT_MS,
      );
    expect(mail.text).toContain(MODERATION_OUTCOME_TEXTS.suspend_user);
    expect(mail.text).toContain("/privacy");
  });

  it("a buyer downloads their data and deletes the account", async () => {
    const page = await openAs(DEMO_BUYER.email, "/profile", "phone");
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: SERVER_WAIT_MS }),
      page.getByRole("button", { name: "Scarica i miei dati" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vicino-dati-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await downloadedText(download));
    expect(exported.account.email).toBe(DEMO_BUYER.email);
    expect(exported.requests.length).toBeGreaterThan(0);
    expect(exported.conversations.length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Elimina account" }).click();
    const dialog = page.getByRole("dialog", { name: "Elimina account" });
    await dialog.getByLabel(/La tua password/).fill(DEMO_PASSWORD);
    await dialog.getByLabel(/Per confermare, scrivi ELIMINA/).fill("ELIMINA");
    await dialog.getByRole("button", { name: "Elimina account" }).click();
    await toast(page, "Il tuo account è stato eliminato.");
    await waitForPage(page, "/", { timeout: SERVER_WAIT_MS });

    await expect(team.admin().adminAuth().getUser(DEMO_BUYER.uid)).rejects.toMatchObject({
      code: "auth/user-not-found",
    });
    expect((await team.admin().adminDb().doc(`users/${DEMO_BUYER.uid}`).get()).exists).toBe(false);
    const chat = (await team.admin().adminDb().doc(`conversations/${LAMP_CHAT}`).get()).data();
    expect(chat?.participants.customerName).toBe("Utente eliminato");
  });
});
