// /create on a 360×740 phone against the local stack (offline Algo, rules on): Algo reads the place
// from the chat or asks for it, nothing is published before the summary card's 'Pubblica', and the
// published request is where the buyer said (the zone and the coarse position shops read).

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "../support/axe";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { serverDocuments } from "../support/server-documents";

const { open, signIn } = seededJourney();

const PHONE = { width: 360, height: 740 };
const TRAPANO =
  "Cerco un trapano avvitatore nuovo a Roma, zona Trastevere, massimo 80 euro, ritiro in negozio, mi serve entro domani";

type FirestoreValue = {
  stringValue?: string;
  doubleValue?: number;
  integerValue?: string;
  mapValue?: { fields: Record<string, FirestoreValue> };
};
type StoredRequest = { productName: string; address: string; lat: number; lng: number };

/** Every stored request as the emulator holds it (read as the owner, outside the rules). */
async function storedRequests(): Promise<StoredRequest[]> {
  const documents = await serverDocuments<Record<string, FirestoreValue>>("requests");
  const number = (value: FirestoreValue | undefined) =>
    Number(value?.doubleValue ?? value?.integerValue ?? Number.NaN);
  return documents.map(({ fields }) => {
    const location = fields.location?.mapValue?.fields ?? {};
    return {
      productName: fields.productName?.stringValue ?? "",
      address: location.address?.stringValue ?? "",
      lat: number(location.lat),
      lng: number(location.lng),
    };
  });
}

async function openCreate(): Promise<Page> {
  const page = await open("/create", "phone");
  await page.setViewportSize(PHONE);
  await signIn(page, "acquirente@vicino.test", "/create");
  await page.getByRole("heading", { level: 1, name: "Chiedi ad Algo" }).waitFor({ timeout: SERVER_WAIT_MS });
  return page;
}

async function say(page: Page, text: string) {
  const input = page.getByRole("textbox", { name: "Messaggio per Algo" });
  await input.fill(text);
  await page.getByRole("button", { name: "Invia" }).click();
  await page.getByText("Algo sta scrivendo…").waitFor({ state: "detached", timeout: SERVER_WAIT_MS });
}

const lastAlgo = (page: Page) =>
  page
    .getByRole("log", { name: "Conversazione con Algo" })
    .locator("[data-role=assistant]")
    .last()
    .textContent();

/** The element lies inside the 360×740 screen as first shown (no scrolling). */
async function onScreen(name: string, locator: ReturnType<Page["getByRole"]>) {
  const box = await locator.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box?.y ?? -1, name).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? 0) + (box?.height ?? 0), name).toBeLessThanOrEqual(PHONE.height);
  expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(PHONE.width);
}

describe("/create on a phone: places and the review before publishing", () => {
  it("the trapano sentence: Algo asks nothing about the place, the card shows Roma, 'Pubblica' publishes at Roma", async () => {
    const page = await openCreate();
    await onScreen("composer", page.getByRole("textbox", { name: "Messaggio per Algo" }));
    await onScreen("send", page.getByRole("button", { name: "Invia" }));
    await onScreen("progress", page.getByRole("progressbar", { name: "Completamento della richiesta" }));
    // The conversation takes the height the screen leaves, not a fixed 24rem.
    const log = page.getByRole("log", { name: "Conversazione con Algo" });
    const chat = await log.locator("xpath=..").boundingBox();
    expect(chat?.height ?? 0).toBeGreaterThan(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const before = (await storedRequests()).length;
    await say(page, TRAPANO);
    const answer = (await lastAlgo(page)) ?? "";
    expect(answer).not.toMatch(/dove ti serve/i);
    expect(await page.getByRole("button", { name: "Usa la mia posizione" }).count()).toBe(0);
    const card = page.getByRole("region", { name: "Riepilogo della richiesta" });
    await card.waitFor({ timeout: 10_000 });
    await card.getByText("Trastevere, Roma · 10 km").waitFor();
    await card.getByText("fino a 80 €", { exact: true }).waitFor();
    await expectAccessible(page, "conversazione con Algo e riepilogo");
    // The chat's yes publishes nothing.
    await say(page, "Sì, pubblica pure");
    expect((await storedRequests()).length).toBe(before);
    await onScreen("composer after the card", page.getByRole("textbox", { name: "Messaggio per Algo" }));

    await card.getByRole("button", { name: "Pubblica" }).click();
    await page
      .getByText("Richiesta creata con successo!", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    const published = (await storedRequests()).filter(
      (request) => request.productName === "trapano avvitatore",
    );
    expect(published).toEqual([
      { productName: "trapano avvitatore", address: "Trastevere, Roma", lat: 41.88, lng: 12.47 },
    ]);
    await waitForPage(page, "/customer", { timeout: 10_000 });
  });

  it("a sentence without a place makes Algo ask; the answer and the draft survive a reload", async () => {
    const page = await openCreate();
    const before = (await storedRequests()).length;
    await say(
      page,
      "Cerco una lampada da scrivania nuova, massimo 50 euro, consegna a domicilio, entro domani",
    );
    expect(await lastAlgo(page)).toContain("Dove ti serve?");
    await page.getByRole("button", { name: "Usa la mia posizione" }).waitFor();
    expect(await page.getByRole("region", { name: "Riepilogo della richiesta" }).count()).toBe(0);

    // The comune, typed in the chat, answers the question.
    await say(page, "Bologna");
    const card = page.getByRole("region", { name: "Riepilogo della richiesta" });
    await card.getByText("Bologna · 10 km").waitFor({ timeout: 10_000 });

    await page.reload();
    await page
      .getByText("Ho ripreso la richiesta che stavi preparando.")
      .waitFor({ timeout: SERVER_WAIT_MS });
    await page
      .getByRole("region", { name: "Riepilogo della richiesta" })
      .getByText("Bologna · 10 km")
      .waitFor();
    expect((await storedRequests()).length).toBe(before);
  });
});
