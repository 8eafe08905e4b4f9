// Shop verification end to end, in Chromium against the local stack: a shop's powers come from the server. A
// merchant whose e-mail is proved (magic link) sends its shop's details on /merchant and waits ('In attesa
// di verifica') until an admin approves it from /admin/negozi, where the simulated VIES's answer sits
// beside what the shop typed; then it gets the nearby requests. A fresh account that only calls itself a merchant (password, e-mail never proved) sees no
// requests and is told to confirm its address first. The harness fails a test on any rules denial, so
// these journeys also prove that an unverified merchant's screens never ask for what the rules refuse.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkDigitOf } from "../../src/domain/people/partita-iva";
import {
  SHOP_REVIEW_COPY,
  SHOP_VERIFICATION_MESSAGES,
  VIES_STATE_LABELS,
} from "../../src/domain/people/shop-verification-messages";
import { expectAccessible } from "../support/axe";
import type { ViewportName } from "../support/browser";
import type { Email } from "../support/inbox";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { staffJourney } from "../support/staff-account";

const { open, openAs } = seededJourney();
const team = staffJourney();

/** A Partita IVA no demo shop holds (one Partita IVA, one shop account), check digit included. */
const PARTITA_IVA = `0712345015${checkDigitOf("0712345015")}`;
const STAFF = { uid: "staff-negozi", email: "staff.negozi@vicino.test" };

const sentTo = (address: string) => (email: Email) =>
  email.to.some((to) => to.address.toLowerCase() === address.toLowerCase());

/** From the merchants' page, as a shop starts: the auth screen then knows it is a merchant. */
async function startAsMerchant(viewport: ViewportName): Promise<Page> {
  const page = await open("/negozianti", viewport);
  await page.getByRole("link", { name: "Registra il tuo negozio" }).first().click();
  await waitForPage(page, "/auth");
  await page.getByText("Accesso Negoziante").waitFor();
  return page;
}

const panel = (page: Page) => page.getByRole("region", { name: "Verifica il tuo negozio" });

async function landsOnPanel(page: Page) {
  await waitForPage(page, "/merchant", { timeout: SERVER_WAIT_MS });
  await panel(page).waitFor({ timeout: SERVER_WAIT_MS });
}

/** Step 2 of the panel: the shop's details, the address chosen from the gazetteer's suggestions. */
async function fillShop(page: Page, businessName: string) {
  await page.getByRole("textbox", { name: /Nome del negozio/ }).fill(businessName);
  await page.getByRole("textbox", { name: /Partita IVA/ }).fill(PARTITA_IVA);
  const address = page.getByRole("combobox", { name: /Indirizzo del negozio/ });
  await address.fill("Milano");
  await page.getByRole("option", { name: "Milano (MI)" }).click({ timeout: SERVER_WAIT_MS });
  await page.getByRole("checkbox", { name: "Elettronica" }).check();
  await page.getByRole("button", { name: "Verifica il negozio" }).click();
}

describe("shop verification end to end", () => {
  it("a merchant signed in by magic link sends its shop on a 360 px phone, waits, and sees the nearby requests once approved", async () => {
    await team.seedStaff({ ...STAFF, name: "Staff negozi" });
    const address = "ferramenta.e2e@example.com";
    const page = await startAsMerchant("phone");
    await page.getByRole("button", { name: "Accedi con link magico" }).click();
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Invia link magico" }).click();
    await page.getByText("Link magico inviato!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    const mail = await team.stack().inbox.waitFor(sentTo(address), SERVER_WAIT_MS);
    const body = (mail.text ?? mail.html ?? "").replaceAll("&amp;", "&");
    const link = /https?:\/\/[^\s"'<>]+\/magic-link-auth\?token=[^\s"'<>]+/.exec(body)?.[0];
    expect(link, "the e-mail carries a /magic-link-auth link").toBeDefined();

    await page.goto(link ?? "");
    await landsOnPanel(page);
    // The magic link proved the address: step 1 is done.
    await panel(page).getByText("E-mail confermata").waitFor();
    await expectAccessible(page, "verifica del negozio");
    expect(await page.getByRole("heading", { name: "Richieste vicino a te" }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await fillShop(page, "Ferramenta Bianchi");
    await page
      .getByText(SHOP_VERIFICATION_MESSAGES.submitted, { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await page
      .getByRole("heading", { name: SHOP_VERIFICATION_MESSAGES.pendingTitle })
      .waitFor({ timeout: SERVER_WAIT_MS });
    expect(await page.getByRole("heading", { name: "Richieste vicino a te" }).count()).toBe(0);

    // The admin's queue: what the shop typed beside the (simulated) VIES's answer; approve.
    const staff = await openAs(STAFF.email, "/admin/negozi", "desktop");
    const card = staff.getByRole("article", { name: "Ferramenta Bianchi" });
    await card.getByText(VIES_STATE_LABELS.valid).waitFor({ timeout: SERVER_WAIT_MS });
    await card.getByText(SHOP_REVIEW_COPY.simulated).waitFor();
    await card.getByText(address).waitFor();
    await expectAccessible(staff, "coda dei negozi da verificare");
    await card.getByRole("button", { name: SHOP_REVIEW_COPY.approve }).click();
    await staff
      .getByText(SHOP_VERIFICATION_MESSAGES.approved, { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await staff.getByText(SHOP_REVIEW_COPY.empty).waitFor({ timeout: SERVER_WAIT_MS });

    // The shop's page follows its users document: the dashboard opens.
    await page.getByRole("heading", { name: "Richieste vicino a te" }).waitFor({ timeout: SERVER_WAIT_MS });
    // It opens on its own categories; every category is one tap away.
    await page.getByRole("button", { name: "Tutte le categorie" }).click();
    await page
      .getByRole("link", { name: /^Fai un'offerta/ })
      .first()
      .waitFor({ timeout: SERVER_WAIT_MS });
    expect(await panel(page).count()).toBe(0);
    await page.getByRole("heading", { level: 1, name: "Ciao, Ferramenta Bianchi" }).waitFor();

    // The feed is open to it now.
    await page.goto(`${team.stack().urls.app}/browse`);
    await page
      .getByRole("heading", { level: 1, name: "Richieste vicino a te" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByRole("article").first().waitFor({ timeout: SERVER_WAIT_MS });
  });

  it("a fresh account that calls itself a merchant (password, e-mail not proved) sees no requests", async () => {
    const page = await startAsMerchant("desktop");
    await page.getByRole("button", { name: "Registrati" }).click();
    await page.getByLabel("Nome completo").fill("Finto Negozio");
    await page.getByLabel("Email").fill("finto.e2e@example.com");
    await page.getByLabel(/^Password/).fill("segreta1");
    await page.getByLabel("Conferma password").fill("segreta1");
    await page.getByRole("checkbox", { name: /Accetto i Termini d'uso/ }).check();
    await page.getByRole("button", { name: "Registrati" }).click();
    await landsOnPanel(page);
    await panel(page).getByRole("button", { name: "Mandami il link di conferma" }).waitFor();

    // The feed is not for it: /browse sends it back to the panel.
    await page.goto(`${team.stack().urls.app}/browse`);
    await landsOnPanel(page);
    expect(await page.getByRole("article").count()).toBe(0);
    await page.goto(`${team.stack().urls.app}/make-offer/demo-req-chitarra`);
    await landsOnPanel(page);

    // A valid shop is not enough without a proved e-mail: the server says so, in Italian.
    await fillShop(page, "Finto Negozio");
    await panel(page)
      .getByText(SHOP_VERIFICATION_MESSAGES.emailNotVerified, { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    expect(await page.getByRole("heading", { name: "Richieste vicino a te" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^Fai un'offerta/ }).count()).toBe(0);
  });
});
