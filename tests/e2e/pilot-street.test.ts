// A pilot street's whole journey, end to end in Chromium against the local stack (rules on): the demo
// buyer on a 360 px phone publishes with 'Compila tu' and a photo (no token spent); the photo is made to
// fit in the browser and stored with the request; a shop on a desktop sees it on /browse and on the
// offer page, enlarges it (Esc and 'Chiudi' close the dialog) and offers; the buyer's bell shows the
// offer live and MailDev holds its e-mail; a second shop offers; the buyer compares the two on the
// request's page. What follows the comparison (the shop's page, accepting there after the confirmation,
// 'Ho acquistato', the rating, the review on the shop's page) is the one accept → complete → rate
// journey, tests/e2e/shop-page.test.ts, on the seeded desk lamp.

import { crc32, deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { notificationPanelOf, readAllNotifications } from "../support/notification-bell";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { serverDocuments } from "../support/server-documents";
import { startStack } from "../support/stack";

const { openAs } = seededJourney();

const PRODUCT = "Lampada da lettura con braccio snodato";
const ALT = `Foto allegata dall'acquirente: ${PRODUCT}`;
const ENLARGE = `Ingrandisci la foto di ${PRODUCT}`;

/** A small solid-colour PNG (a phone's photo stands in: the browser re-encodes it as JPEG). */
function pngFixture(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

type Fields = Record<
  string,
  { stringValue?: string; integerValue?: string; doubleValue?: number; booleanValue?: boolean }
>;

/** Documents as the emulator holds them (read as the owner, outside the rules). */
const documents = (path: string) => serverDocuments<Fields>(path);

const tokensOf = async (email: string) => {
  const user = (await documents("users")).find((doc) => doc.fields.email?.stringValue === email);
  return Number(user?.fields.aiTokens?.integerValue ?? user?.fields.aiTokens?.doubleValue);
};

async function enlargeAndClose(page: Page, how: "Escape" | "Chiudi") {
  const thumbnail = page.getByRole("button", { name: ENLARGE });
  await page.getByRole("img", { name: ALT }).first().waitFor({ timeout: SERVER_WAIT_MS });
  const dialog = page.getByRole("dialog", { name: "Foto della richiesta" });
  // A page still settling (its queries refetching on focus) may re-render the thumbnail under the
  // click: try again, a few times, until the dialog is open.
  for (let attempt = 1; ; attempt++) {
    await thumbnail.click();
    const opened = await dialog.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (opened || attempt === 3) break;
  }
  await dialog.waitFor();
  const large = dialog.getByRole("img", { name: ALT });
  expect(await large.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  // Its width once the image has decoded (a moment on a busy machine).
  await expect
    .poll(async () => (await large.boundingBox())?.width ?? 0, { timeout: 10_000 })
    .toBeGreaterThan(100);
  if (how === "Escape") await page.keyboard.press("Escape");
  else await dialog.getByRole("button", { name: "Chiudi" }).click();
  await dialog.waitFor({ state: "detached" });
}

const NAVIGLI = "Elettronica Navigli";
const ISOLA = "Sport & Co. Isola";

async function sendOffer(shop: Page, price: string, description: string) {
  await shop.getByRole("textbox", { name: /Prezzo/ }).fill(price);
  await shop.getByRole("textbox", { name: /Descrizione dell'offerta/ }).fill(description);
  await shop.getByRole("textbox", { name: /Disponibilità/ }).fill("Da domani");
  await shop.getByRole("button", { name: "Invia l'offerta" }).click();
  await waitForPage(shop, { prefix: "/messages/" }, { timeout: SERVER_WAIT_MS });
}

describe("a pilot street, from the free form to the review", () => {
  it("publish with 'Compila tu' and a photo for free; shops see the photo and offer; bell and e-mail; compare", async () => {
    const { inbox } = await startStack();
    const tokensBefore = await tokensOf("acquirente@vicino.test");
    const buyer = await openAs("acquirente@vicino.test", "/create", "phone");
    await buyer.getByRole("button", { name: "Compila tu" }).click({ timeout: SERVER_WAIT_MS });
    const form = buyer.getByRole("region", { name: "Compila la richiesta" });
    await form.waitFor();

    // Nothing typed: the messages at their fields, nothing published.
    await form.getByRole("button", { name: "Pubblica gratis" }).click();
    await form.getByText("Indica il prodotto che cerchi").waitFor();
    await form.getByText("Indica il comune o l'indirizzo").waitFor();

    await form.getByRole("textbox", { name: /Prodotto/ }).fill(PRODUCT);
    await form.getByRole("textbox", { name: "Budget fino a (€)" }).fill("60");
    await form.getByRole("combobox", { name: "Categoria" }).selectOption({ label: "Casa" });
    await form.getByRole("combobox", { name: "Indirizzo o comune" }).fill("Milano");
    await buyer.getByRole("option", { name: "Milano (MI)" }).click({ timeout: SERVER_WAIT_MS });
    await form.getByLabel("Foto (facoltativa)").setInputFiles({
      name: "lampada.png",
      mimeType: "image/png",
      buffer: pngFixture(640, 480, [240, 180, 40]),
    });
    await form.getByRole("img", { name: "Anteprima della foto scelta" }).waitFor({ timeout: SERVER_WAIT_MS });
    await form.getByRole("button", { name: "Pubblica gratis" }).click();
    // The publishing callable's first call in the run: the Functions emulator starts its worker then,
    // which beside the other half of the journeys took over 20 s once.
    await buyer.getByText("Richiesta pubblicata!", { exact: true }).waitFor({ timeout: 45_000 });
    await waitForPage(buyer, "/customer", { timeout: SERVER_WAIT_MS });

    const request = (await documents("requests")).find(
      (doc) => doc.fields.productName?.stringValue === PRODUCT,
    );
    expect(request?.fields.aiGenerated?.booleanValue).toBe(false);
    expect(request?.fields.photoCount?.integerValue).toBe("1");
    const requestId = request?.name.split("/").at(-1) ?? "";
    const [photo] = await documents(`requests/${requestId}/photos`);
    expect(photo?.fields.data?.stringValue?.startsWith("/9j/")).toBe(true);
    expect(photo?.fields.width?.integerValue).toBe("640");
    expect(Number(photo?.fields.bytes?.integerValue)).toBeLessThanOrEqual(300_000);
    // Publishing is free: no token spent.
    expect(await tokensOf("acquirente@vicino.test")).toBe(tokensBefore);

    const shop = await openAs("negozio1@vicino.test", "/browse", "desktop");
    const card = shop.getByRole("article").filter({ hasText: PRODUCT });
    await card.waitFor({ timeout: SERVER_WAIT_MS });
    await card.getByRole("img", { name: ALT }).waitFor({ timeout: SERVER_WAIT_MS });
    await enlargeAndClose(shop, "Escape");
    // Focus is back on the thumbnail.
    expect(await shop.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(ENLARGE);

    // The buyer reads the seeded notifications, so the bell starts at none.
    await readAllNotifications(buyer);
    const panel = notificationPanelOf(buyer);

    await card.getByRole("link", { name: /Fai un'offerta/ }).click();
    await waitForPage(shop, `/make-offer/${requestId}`, { timeout: SERVER_WAIT_MS });
    await shop.getByRole("heading", { level: 2, name: PRODUCT }).waitFor({ timeout: SERVER_WAIT_MS });
    // The offer form is /make-offer's own: the feed (the URL changes before the page does) has none.
    await shop.getByRole("textbox", { name: /Prezzo/ }).waitFor({ timeout: SERVER_WAIT_MS });
    await enlargeAndClose(shop, "Chiudi");
    await sendOffer(shop, "45", "Lampada a braccio, LED caldo, garanzia 2 anni.");
    // The photo is in the chat too, in the offer's panel (not the offer page still on screen).
    await shop
      .getByRole("region", { name: "La tua offerta" })
      .getByRole("img", { name: ALT })
      .waitFor({ timeout: SERVER_WAIT_MS });

    // The buyer's bell shows the offer live; MailDev holds its e-mail.
    const one = buyer.getByRole("banner").getByRole("button", { name: "Notifiche, 1 nuova" });
    await one.waitFor({ timeout: SERVER_WAIT_MS });
    await one.click();
    await panel.getByRole("link", { name: new RegExp(`Nuova offerta per «${PRODUCT}»`) }).waitFor();
    await buyer.keyboard.press("Escape");
    const mail = await inbox.waitFor(
      (email) =>
        email.to.some((to) => to.address === "acquirente@vicino.test") && email.subject.includes(PRODUCT),
      SERVER_WAIT_MS,
    );
    expect(mail.subject).toBe(`Nuova offerta per «${PRODUCT}»`);

    // A second shop offers, for more.
    const other = await openAs("negozio2@vicino.test", `/make-offer/${requestId}`, "desktop");
    await other.getByRole("heading", { level: 2, name: PRODUCT }).waitFor({ timeout: SERVER_WAIT_MS });
    await sendOffer(other, "58", "Modello in metallo, lampadina inclusa.");

    // The buyer compares them on the request's page, the cheaper first.
    await buyer.goto(buyer.url().replace(/\/customer.*$/, `/requests/${requestId}`));
    await buyer.getByRole("heading", { level: 1, name: PRODUCT }).waitFor({ timeout: SERVER_WAIT_MS });
    const compared = buyer.getByRole("list", { name: "Offerte a confronto" });
    const navigli = compared.getByRole("article", { name: NAVIGLI, exact: true });
    const isola = compared.getByRole("article", { name: ISOLA, exact: true });
    await isola.waitFor({ timeout: SERVER_WAIT_MS });
    await expect(navigli.textContent()).resolves.toMatch(/45,00\s€/);
    await expect(navigli.textContent()).resolves.toContain("Prezzo più basso");
    await expect(isola.textContent()).resolves.toMatch(/58,00\s€/);
  });
});
