// The buyer's journey end to end (client half), in Chromium on a 360 px phone against the local stack: the seeded
// buyer signs in, tells the offline Algo what they need, picks the comune Algo asks for, reviews the
// summary card, publishes with 'Pubblica', and finds the request on /customer.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from "vitest";
import { AI_WRITTEN_LABEL } from "../../src/domain/algo/ai-disclosure";
import { FIRST_PAINT_MESSAGES } from "../../src/domain/core/first-paint-messages";
import { expectAccessible } from "../support/axe";
import { type OpenedPage, openPage, testChromium } from "../support/browser";
import { installFirebase } from "../support/firebase-in-page";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { startStack, stopStack, type TestStack } from "../support/stack";

/** A 4×4 PNG: enough for the page to decode, resize and send as JPEG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP438AARwzEcQB+ohfxXaFgBQAAAABJRU5ErkJggg==",
  "base64",
);

let stack: TestStack;
let browser: Browser;
const opened: OpenedPage[] = [];

beforeAll(async () => {
  stack = await startStack();
  browser = await testChromium();
});

afterAll(async () => {
  await browser?.close();
  await stopStack();
});

beforeEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.close()));
  await stack.resetData();
  await stack.seed();
});

async function open(path: string): Promise<Page> {
  const page = await openPage(browser, `${stack.urls.app}${path}`, "phone");
  opened.push(page);
  onTestFailed(async () => {
    const text = await page.page
      .locator("body")
      .textContent()
      .catch(() => "(pagina chiusa)");
    console.log(`--- ${page.page.url()}\n${text}\n--- errori: ${page.errors.join("\n") || "nessuno"}`);
  });
  return page.page;
}

async function signInAsBuyer(page: Page) {
  await page.getByLabel("Email").fill("acquirente@vicino.test");
  await page.getByLabel(/^Password/).fill("vicino123");
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
}

type StoredLocation = { address: string; lat: number; lng: number };

/**
 * The seeded buyer's requests as stored (read through the browser SDK, as the buyer): what shops read
 * (the zone and the grid position) and the buyer's own private location of each.
 */
async function storedRequestLocations(): Promise<{ shared: StoredLocation; own: StoredLocation }[]> {
  const reader = await openPage(browser, `${stack.urls.app}/`, "desktop");
  opened.push(reader);
  await installFirebase(reader.page, stack.webEnv);
  return reader.page.evaluate(async () => {
    const { sdk, getAuthInstance, getDb } = window.vicinoTest;
    const { collection, doc, getDoc, getDocs, limit, query, where } = sdk.firestore;
    const { user } = await sdk.auth.signInWithEmailAndPassword(
      await getAuthInstance(),
      "acquirente@vicino.test",
      "vicino123",
    );
    const db = await getDb();
    const snapshot = await getDocs(
      query(collection(db, "requests"), where("customerId", "==", user.uid), limit(50)),
    );
    return Promise.all(
      snapshot.docs.map(async (request) => {
        const { address, lat, lng } = request.data().location;
        const own = (await getDoc(doc(db, "requests", request.id, "private", "location"))).data();
        return {
          shared: { address, lat, lng },
          own: { address: own?.address, lat: own?.lat, lng: own?.lng },
        };
      }),
    );
  });
}

async function say(page: Page, text: string) {
  const input = page.getByRole("textbox", { name: "Messaggio per Algo" });
  await input.fill(text);
  await input.press("Enter");
  await page.getByText("Algo sta scrivendo…").waitFor({ state: "detached", timeout: SERVER_WAIT_MS });
}

describe("buyer journey end to end", () => {
  it("a buyer chats with the offline Algo on a phone, publishes, and sees the request on /customer", async () => {
    const page = await open("/create");
    await waitForPage(page, "/auth", { timeout: SERVER_WAIT_MS });
    await signInAsBuyer(page);
    await waitForPage(page, "/create", { timeout: SERVER_WAIT_MS });
    await page
      .getByRole("heading", { level: 1, name: "Chiedi ad Algo" })
      .waitFor({ timeout: SERVER_WAIT_MS });

    // The page fits a 360 px screen: nothing wider than the viewport.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Algo's first message says it is an AI assistant (AI Act, art. 50).
    const log = page.getByRole("log", { name: "Conversazione con Algo" });
    await log.getByText(FIRST_PAINT_MESSAGES.algoWelcome).waitFor();
    expect(FIRST_PAINT_MESSAGES.algoWelcome).toContain("assistente IA");
    await say(page, "Cerco una bicicletta da città");
    expect(await log.locator("[data-role=assistant]").count()).toBe(2);
    await page.getByText("Prodotto (raccolto)").waitFor();

    await say(page, "Usata, sui 200 euro, mi serve entro 48 ore, ritiro in negozio");
    // No place yet: Algo asks where, and the conversation offers the position or a comune from the
    // offline gazetteer's suggestions (a tap).
    expect(await log.locator("[data-role=assistant]").last().textContent()).toContain("Dove ti serve?");
    const place = page.getByRole("combobox", { name: "Oppure scrivi il comune" });
    await place.pressSequentially("sesto");
    await page.getByRole("option", { name: "Sesto San Giovanni (MI)" }).tap();
    await page.getByText("Algo sta scrivendo…").waitFor({ state: "detached", timeout: SERVER_WAIT_MS });

    // The summary card: nothing is published until 'Pubblica'.
    const card = page.getByRole("region", { name: "Riepilogo della richiesta" });
    await card.getByText("Sesto San Giovanni (MI) · 10 km").waitFor({ timeout: SERVER_WAIT_MS });
    await card.getByText("circa 200 €", { exact: true }).waitFor();
    // Algo wrote it: 'Scritto con l'IA', with what Algo inferred, until the buyer edits or publishes.
    await card.getByText(AI_WRITTEN_LABEL, { exact: true }).waitFor();
    await card.getByText(/Algo \(IA\) ha dedotto dalla conversazione: prodotto, dettagli, budget/).waitFor();
    await card.getByRole("button", { name: "Pubblica" }).tap();
    await page
      .getByText("Richiesta creata con successo!", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await waitForPage(page, "/customer", { timeout: 10_000 });

    const latest = page.getByRole("region", { name: "Le tue ultime richieste" });
    const first = latest.getByRole("article").first();
    await first.waitFor({ timeout: SERVER_WAIT_MS });
    expect(((await first.getByRole("heading").textContent()) ?? "").toLowerCase()).toContain("bici");
    await expect(first.getByText("Attiva", { exact: true }).count()).resolves.toBe(1);
    const productName = ((await first.getByRole("heading").textContent()) ?? "").trim();
    // Shops read the comune and a position on the 0.01° grid; the exact one is the buyer's alone.
    expect(await storedRequestLocations()).toContainEqual({
      shared: { address: "Sesto San Giovanni (MI)", lat: 45.53, lng: 9.23 },
      own: { address: "Sesto San Giovanni (MI)", lat: 45.5333, lng: 9.2259 },
    });

    // The buyer closes it from /requests (the closeRequest callable: clients write no status).
    await page.getByRole("link", { name: /Vedi tutte le richieste/ }).click();
    await waitForPage(page, "/requests");
    // The URL changes before the new page renders (navigation is a React transition): /customer, which has
    // the same 'Chiudi la richiesta' buttons, stays on screen until /requests' code has loaded.
    await page
      .getByRole("heading", { level: 1, name: "Le tue richieste" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await page
      .getByRole("button", { name: `Chiudi la richiesta «${productName}»` })
      .first()
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Chiudi la richiesta" }).click();
    await page.getByText("Richiesta chiusa", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    const cancelled = page.getByRole("article", { name: productName }).first();
    await cancelled.getByText("Annullata", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
  });

  it("a buyer attaches a photo, runs out of tokens and is offered the (simulated) purchase", async () => {
    const page = await open("/auth");
    await signInAsBuyer(page);
    await waitForPage(page, "/customer", { timeout: SERVER_WAIT_MS });
    await page.getByRole("link", { name: "Parla con Algo" }).click();
    await page
      .getByRole("heading", { level: 1, name: "Chiedi ad Algo" })
      .waitFor({ timeout: SERVER_WAIT_MS });

    await page
      .getByLabel("Carica una foto")
      .setInputFiles({ name: "lampada.png", mimeType: "image/png", buffer: PNG });
    await page.getByAltText("Anteprima della foto").waitFor();
    await say(page, "Cerco una lampada come questa");
    await page.getByAltText("Foto inviata").waitFor();

    // 5 monthly tokens: the photo turn costs 1, text turns 0.5 each; keep talking until Algo says stop.
    const purchase = page.getByRole("dialog", { name: "Acquista token" });
    // The dialog opens with Algo's answer to the last turn, a moment after the typing indicator goes: it
    // makes the page behind it inert, so each turn first gives it that moment to show.
    for (let turn = 0; turn < 12; turn++) {
      const opened = await purchase.waitFor({ timeout: 1_500 }).then(
        () => true,
        () => false,
      );
      if (opened) break;
      await say(page, "ciao");
    }
    await purchase.waitFor({ timeout: 10_000 });
    await page.getByText("Hai esaurito i token gratuiti", { exact: false }).first().waitFor();
    await purchase.getByText("Pagamento simulato (ambiente locale)").waitFor();
    await expectAccessible(page, "Acquista token, dopo la conversazione con Algo");

    await purchase.getByRole("button", { name: "Acquista (simulato)" }).click();
    await page.getByText("Token acquistati!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await page.getByLabel("25 token AI", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
  });
});
