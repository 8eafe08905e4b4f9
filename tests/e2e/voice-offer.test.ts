// 'Detta l'offerta' end to end, in Chromium against the local stack (offline Leonardo: no Gemini key):
// a fake speech recognition (the browser's own needs a microphone and Google's servers) hears the shop;
// Leonardo fills the form through dictateOffer, the shop sends it with its usual tap, and the buyer sees
// the offer. On a phone, the feed's 'Rispondi a voce' opens the form already listening.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DICTATION_MESSAGES } from "../../src/domain/marketplace/offer-dictation-messages";
import { expectAccessible } from "../support/axe";
import { SERVER_WAIT_MS } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";

/** Seeded (scripts/seed/demo-data.ts): an active request, budget 100-200 €, ~5 km from negozio1. */
const GUITAR_ID = "demo-req-chitarra";
const GUITAR = "Chitarra acustica per principiante";
const SAID = "Ce l'ho, una Yamaha usata revisionata, 140 euro, la può ritirare domani dopo le 16";
const FILLED = "Leonardo ha compilato: prezzo, consegna, disponibilità e descrizione.";

const { open, openAs, signIn } = seededJourney();

/** From the next load on, the page's speech recognition hears `said` a moment after it starts. */
async function fakeSpeech(page: Page, said: string): Promise<void> {
  await page.addInitScript((transcript: string) => {
    class FakeRecognition {
      lang = "";
      continuous = true;
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        (window as { heardLang?: string }).heardLang = this.lang;
        setTimeout(() => {
          this.onresult?.({ results: [[{ transcript }]] });
          this.onend?.();
        }, 300);
      }
      stop() {}
      abort() {}
    }
    // Chromium has both names (SpeechRecognition unprefixed since 139): the app takes either.
    for (const name of ["SpeechRecognition", "webkitSpeechRecognition"])
      Object.defineProperty(window, name, { value: FakeRecognition, configurable: true });
  }, said);
}

const field = (page: Page, name: RegExp) => page.getByRole("textbox", { name });

describe("a shop answers by voice", () => {
  it("taps 'Detta l'offerta', Leonardo fills price, delivery and availability, the shop sends, the buyer sees it", async () => {
    const shop = await open(`/make-offer/${GUITAR_ID}`, "desktop");
    await fakeSpeech(shop, SAID);
    await signIn(shop, "negozio1@vicino.test", `/make-offer/${GUITAR_ID}`);
    await shop.reload();
    await shop.getByRole("heading", { level: 2, name: GUITAR }).waitFor({ timeout: SERVER_WAIT_MS });

    await shop.getByRole("button", { name: DICTATION_MESSAGES.button }).click();
    await shop.getByRole("status").filter({ hasText: FILLED }).waitFor({ timeout: SERVER_WAIT_MS });
    expect(await shop.evaluate(() => (window as { heardLang?: string }).heardLang)).toBe("it-IT");
    await shop.getByText(`${DICTATION_MESSAGES.heard}: «${SAID}»`).waitFor();
    await expectAccessible(shop, "offerta dettata");
    expect(await field(shop, /Prezzo/).inputValue()).toBe("140");
    expect(await field(shop, /Disponibilità/).inputValue()).toBe("Domani dopo le 16");
    expect(await field(shop, /Descrizione dell'offerta/).inputValue()).toContain(
      "una Yamaha usata revisionata",
    );
    expect(await shop.getByRole("checkbox", { name: "Ritiro in negozio" }).isChecked()).toBe(true);
    expect(await shop.getByRole("checkbox", { name: "Consegna a domicilio" }).isChecked()).toBe(false);
    expect(await field(shop, /Prezzo/).getAttribute("data-dictated")).toBe("true");

    // Nothing went to the buyer yet: the shop checks and taps 'Invia l'offerta' as usual.
    await shop.getByRole("button", { name: "Invia l'offerta" }).click();
    await shop.getByText("Offerta inviata!", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });

    const buyer = await openAs("acquirente@vicino.test", "/customer", "phone");
    const guitar = buyer.getByRole("article").filter({ hasText: GUITAR });
    await guitar.waitFor({ timeout: SERVER_WAIT_MS });
    const line = guitar.getByRole("link", { name: /^140,00\s€ · Elettronica Navigli/ });
    await line.waitFor({ timeout: SERVER_WAIT_MS });
    // The offer as the buyer reads it: the availability the shop said, and pickup.
    await line.click();
    await buyer.getByText("Domani dopo le 16").first().waitFor({ timeout: SERVER_WAIT_MS });
  });

  it("on a phone, 'Rispondi a voce' on the feed opens the form already listening", async () => {
    // The guitar is outside the shop's own categories: the feed is opened on its category.
    const feed = `/browse?categoria=${encodeURIComponent("strumenti musicali")}&raggio=20`;
    const shop = await open(feed, "phone");
    await fakeSpeech(shop, "sessanta euro, la porto io a casa sua da sabato");
    await signIn(shop, "negozio1@vicino.test", "/browse");
    await shop.reload();
    const guitar = shop.getByRole("article").filter({ hasText: GUITAR });
    await guitar.waitFor({ timeout: SERVER_WAIT_MS });
    await guitar.getByRole("link", { name: `${DICTATION_MESSAGES.answerByVoice} per ${GUITAR}` }).click();
    await shop.getByRole("heading", { level: 2, name: GUITAR }).waitFor({ timeout: SERVER_WAIT_MS });
    await shop
      .getByRole("status")
      .filter({ hasText: /Leonardo ha compilato: prezzo/ })
      .waitFor({ timeout: SERVER_WAIT_MS });
    expect(await field(shop, /Prezzo/).inputValue()).toBe("60");
    expect(await field(shop, /Disponibilità/).inputValue()).toBe("Da sabato");
    expect(await shop.getByRole("checkbox", { name: "Consegna a domicilio" }).isChecked()).toBe(true);
    expect(await shop.getByRole("checkbox", { name: "Ritiro in negozio" }).isChecked()).toBe(false);
  });
});
