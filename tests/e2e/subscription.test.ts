// Shops' plans end to end, in Chromium against the local stack with the simulated payment provider
// (every payment is a signed event through the same webhook handler as Stripe's). A new shop verifies
// and sees its free month; the month lapses (the functions' test clock, testClock/offset, honoured on
// the emulators only, and the browser's clock moved as far); its offer is refused and it is sent to
// /abbonamento with the offer kept; it subscribes, goes back and sends the offer. A second shop
// redeems an association code for the launch offer. A buyer buys a token pack and the badge moves once.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUYER, DEMO_SHOP_2 } from "../../scripts/seed/demo-data";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { checkDigitOf } from "../../src/domain/people/partita-iva";
import { SHOP_VERIFICATION_MESSAGES } from "../../src/domain/people/shop-verification-messages";
import { expectAccessible } from "../support/axe";
import { overrideEnv } from "../support/callables";
import type { Email } from "../support/inbox";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { startStack, type TestStack } from "../support/stack";

type AdminModule = typeof import("../../functions/src/lib/admin");

const { open, openAs } = seededJourney();
let stack: TestStack;
let admin: AdminModule;
let restoreEnv: () => void = () => {};

const DAY = 24 * 60 * 60 * 1000;
const LAPSE_MS = 31 * DAY;

beforeAll(async () => {
  stack = await startStack();
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  admin = await import("../../functions/src/lib/admin");
});

afterAll(async () => {
  const { deleteApp } = await import("firebase-admin/app");
  if (admin) await deleteApp(admin.adminApp());
  restoreEnv();
});

const db = () => admin.adminDb();

const sentTo = (address: string) => (email: Email) =>
  email.to.some((to) => to.address.toLowerCase() === address.toLowerCase());

/**
 * A merchant signs in by magic link and sends its shop on /merchant (as shop-verification.test does);
 * the pilot's review approves it through the product's own code (the admin's queue is that journey's).
 */
async function newVerifiedShop(page: Page, address: string, businessName: string): Promise<void> {
  await page.getByRole("link", { name: "Registra il tuo negozio" }).first().click();
  await waitForPage(page, "/auth");
  await page.getByRole("button", { name: "Accedi con link magico" }).click();
  await page.getByLabel("Email").fill(address);
  await page.getByRole("button", { name: "Invia link magico" }).click();
  // A callable, then the SMTP hop: its first call in the run (the emulator starting the function's worker,
  // beside the other half of the journeys) took over 20 s once.
  const mail = await stack.inbox.waitFor(sentTo(address), 45_000);
  const body = (mail.text ?? mail.html ?? "").replaceAll("&amp;", "&");
  const link = /https?:\/\/[^\s"'<>]+\/magic-link-auth\?token=[^\s"'<>]+/.exec(body)?.[0] ?? "";
  await page.goto(link);
  await waitForPage(page, "/merchant", { timeout: SERVER_WAIT_MS });
  await page.getByRole("textbox", { name: /Nome del negozio/ }).fill(businessName);
  // A number no demo shop holds: one Partita IVA, one shop account.
  await page.getByRole("textbox", { name: /Partita IVA/ }).fill(`0755555015${checkDigitOf("0755555015")}`);
  await page.getByRole("combobox", { name: /Indirizzo del negozio/ }).fill("Milano");
  await page.getByRole("option", { name: "Milano (MI)" }).click({ timeout: SERVER_WAIT_MS });
  await page.getByRole("checkbox", { name: "Elettronica" }).check();
  await page.getByRole("button", { name: "Verifica il negozio" }).click();
  await page
    .getByText(SHOP_VERIFICATION_MESSAGES.submitted, { exact: true })
    .waitFor({ timeout: SERVER_WAIT_MS });
  const review = await db().collection(COLLECTIONS.shopReviews).where("email", "==", address).limit(1).get();
  const uid = review.docs[0]?.id ?? "";
  const { decideShopReviewFor } = await import("../../functions/src/shops/shop-reviews");
  await decideShopReviewFor(
    "e2e-staff",
    { uid, decision: "approve" },
    { db: db(), now: () => new Date(), mail: { send: async () => {} } },
  );
  await page.getByRole("heading", { name: "Richieste vicino a te" }).waitFor({ timeout: SERVER_WAIT_MS });
}

/** Confirms the labelled simulated checkout that stands in for Stripe's page. */
async function paySimulated(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Pagamento simulato" });
  await dialog.getByText("nessun addebito reale", { exact: false }).waitFor({ timeout: SERVER_WAIT_MS });
  await dialog.getByRole("button", { name: "Conferma il pagamento simulato" }).click();
  await page.getByText("Pagamento simulato completato", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
}

// Three journeys with sign-ups, payments and a moved clock: slow on a busy 2-core machine.
describe("plans end to end", { timeout: 240_000 }, () => {
  it("a new shop's free month lapses, its offer waits on /abbonamento, it subscribes and sends it", async () => {
    const page = await open("/negozianti", "desktop");
    await newVerifiedShop(page, "piano.e2e@example.com", "Elettronica Piano");
    const card = page.getByRole("region", { name: "Il tuo piano" });
    await card.getByText("Prova gratuita", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await card.getByText(/^Prova gratuita fino al /).waitFor();

    // A month and a day later, for the functions and for the browser.
    await db().doc("testClock/offset").set({ offsetMs: LAPSE_MS });
    // A request lives 7 days: in that month the buyer renewed the guitar one, which is still open.
    await db()
      .doc("requests/demo-req-chitarra")
      .update({ expiresAt: new Date(Date.now() + LAPSE_MS + 7 * DAY) });
    await page.clock.install({ time: new Date(Date.now() + LAPSE_MS) });
    await page.goto(`${stack.urls.app}/merchant`);
    await card.getByText("Scaduto", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });

    await page.goto(`${stack.urls.app}/make-offer/demo-req-chitarra`);
    await page
      .getByRole("heading", { level: 1, name: "Fai un'offerta" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByRole("textbox", { name: /Prezzo/ }).fill("150");
    await page
      .getByRole("textbox", { name: /Descrizione dell'offerta/ })
      .fill("Chitarra revisionata, pronta in negozio");
    await page.getByRole("button", { name: "Invia l'offerta" }).click();
    await waitForPage(page, "/abbonamento", { timeout: SERVER_WAIT_MS });
    await page.getByText("Per inviare l'offerta serve un piano attivo. La tua bozza è salvata.").waitFor();
    await page.getByLabel("Stato: Scaduto").waitFor();
    await expectAccessible(page, "piano scaduto, bozza salvata");

    await page.getByRole("button", { name: "Abbonati a 9,90 € al mese" }).click();
    await paySimulated(page);
    await page.getByLabel("Stato: Attivo").waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByText(/^Si rinnova il /).waitFor();
    const receipt = page.getByRole("listitem").filter({ hasText: "Abbonamento mensile Vicino" });
    await receipt.getByText("1,79 €").waitFor({ timeout: SERVER_WAIT_MS });

    await page.getByRole("link", { name: "Torna alla tua offerta" }).click();
    await page
      .getByRole("heading", { level: 1, name: "Fai un'offerta" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    expect(await page.getByRole("textbox", { name: /Descrizione dell'offerta/ }).inputValue()).toBe(
      "Chitarra revisionata, pronta in negozio",
    );
    await page.getByRole("button", { name: "Invia l'offerta" }).click();
    await waitForPage(page, { prefix: "/messages/" }, { timeout: SERVER_WAIT_MS });
  });

  it("a second shop redeems its association code for the launch offer", async () => {
    const { issueLaunchCodes } = await import("../../scripts/billing/launch-codes");
    const [issued] = await issueLaunchCodes(db(), {
      city: "Milano",
      expiresAt: new Date(Date.now() + 30 * DAY),
      issuedTo: [DEMO_SHOP_2.businessName ?? "Sport & Co. Isola"],
    });
    const page = await openAs(DEMO_SHOP_2.email, "/abbonamento", "phone");
    await page.getByLabel("Stato: Prova gratuita").waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByLabel(/Codice associazione/).fill((issued?.code ?? "").toLowerCase());
    await page.getByRole("button", { name: "Attiva l'offerta di lancio" }).click();
    await paySimulated(page);
    await page.getByText("Offerta di lancio", { exact: true }).first().waitFor();
    await page.getByLabel("Stato: Attivo").waitFor({ timeout: SERVER_WAIT_MS });
    const receipt = page.getByRole("listitem").filter({ hasText: "Offerta di lancio Vicino (12 mesi)" });
    await receipt.getByText("29,90 €").waitFor({ timeout: SERVER_WAIT_MS });
    await receipt.getByText("5,39 €").waitFor();
    const code = (await db().doc(`launchCodes/${issued?.code}`).get()).data();
    expect(code?.usedBy).toBe(DEMO_SHOP_2.uid);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("a buyer buys a token pack and the badge moves once", async () => {
    await db().doc(`users/${DEMO_BUYER.uid}`).update({ aiTokens: 1 });
    const page = await openAs(DEMO_BUYER.email, "/customer", "desktop");
    await page.getByLabel("1 token AI", { exact: true }).first().waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByRole("button", { name: "Acquista token" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Acquista token" });
    await dialog.getByRole("button", { name: "Acquista (simulato)" }).click();
    await page.getByText("Token acquistati!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByLabel("26 token AI", { exact: true }).first().waitFor({ timeout: SERVER_WAIT_MS });
    // Credited once: the simulated purchase is credited inside the callable (its signed event through the
    // billing webhook's handler) before 'Token acquistati!', so the badge and the ledger are final here.
    expect(await page.getByLabel("26 token AI", { exact: true }).count()).toBeGreaterThan(0);
    const ledger = await db().collection(`users/${DEMO_BUYER.uid}/tokenLedger`).get();
    expect(ledger.docs.filter((entry) => entry.data().kind === "purchase")).toHaveLength(1);
  });
});
