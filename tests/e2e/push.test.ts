// Push notifications end to end, in Chromium against the local stack. Sport & Co. Isola (no opening
// hours given: never in quiet hours) turns notifications on from its dashboard's 'Attiva le notifiche'
// (the browser context grants the permission; on the emulators the device is a local id); the buyer
// publishes a request for sport in Milano with 'Compila tu'; the functions' fake sender records the push
// for the shop's device (devPushOutbox); the test delivers that very message to the shop page's service
// worker through the DevTools protocol (ServiceWorker.deliverPushMessage); the worker shows 'Nuova
// richiesta vicino a te: …' and the notification opens the request's offer form (a headless browser has
// no notification to click: the worker's choice of tab is unit-tested in scripts/pwa/push.test.ts); signing
// out removes the device.

import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { serverDocuments } from "../support/server-documents";
import { startStack } from "../support/stack";

const { openAs } = seededJourney();

const PRODUCT = "Pallone da calcio taglia 5";
const SHOP_UID = "demo-negozio-2";

type OutboxFields = {
  uid: { stringValue: string };
  message: { mapValue: { fields: Record<string, { stringValue: string }> } };
};

/** The fake sender's messages for `uid` whose title names the product, as plain objects. */
async function pushesFor(uid: string): Promise<Record<string, string>[]> {
  const documents = await serverDocuments<OutboxFields>("devPushOutbox");
  return documents
    .filter((doc) => doc.fields.uid.stringValue === uid)
    .map((doc) =>
      Object.fromEntries(
        Object.entries(doc.fields.message.mapValue.fields).map(([key, value]) => [key, value.stringValue]),
      ),
    )
    .filter((message) => message.title?.includes(PRODUCT));
}

/** The service worker registration of the page's origin, as the DevTools protocol names it. */
async function workerRegistration(cdp: CDPSession, scope: string): Promise<string> {
  const seen = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    for (const registration of registrations)
      if (!registration.isDeleted) seen.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => seen.get(scope), { timeout: SERVER_WAIT_MS, interval: 100 }).toBeDefined();
  return seen.get(scope) as string;
}

/** What the page's service worker shows now: each notification's title and the page it opens. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((note) => ({
      title: note.title,
      url: (note.data as { url?: string } | null)?.url,
    }));
  });
}

describe("push notifications end to end", () => {
  it("a shop turns them on; a buyer's request nearby reaches its service worker and opens the offer form", async () => {
    const { urls } = await startStack();
    const shop = await openAs("negozio2@vicino.test", "/merchant", "desktop");
    await shop.context().grantPermissions(["notifications"], { origin: urls.app });
    const prompt = shop.getByRole("button", { name: "Attiva le notifiche" });
    await prompt.click({ timeout: SERVER_WAIT_MS });
    await shop.getByText("Notifiche attivate", { exact: true }).first().waitFor({ timeout: SERVER_WAIT_MS });
    await prompt.waitFor({ state: "detached" });

    const buyer = await openAs("acquirente@vicino.test", "/create", "phone");
    await buyer.getByRole("button", { name: "Compila tu" }).click({ timeout: SERVER_WAIT_MS });
    const form = buyer.getByRole("region", { name: "Compila la richiesta" });
    await form.getByRole("textbox", { name: /Prodotto/ }).fill(PRODUCT);
    await form.getByRole("textbox", { name: "Budget fino a (€)" }).fill("30");
    await form.getByRole("combobox", { name: "Categoria" }).selectOption({ label: "Sport" });
    await form.getByRole("combobox", { name: "Indirizzo o comune" }).fill("Milano");
    await buyer.getByRole("option", { name: "Milano (MI)" }).click({ timeout: SERVER_WAIT_MS });
    await form.getByRole("button", { name: "Pubblica gratis" }).click();
    await buyer.getByText("Richiesta pubblicata!", { exact: true }).waitFor({ timeout: 45_000 });

    // Within a minute of the publication, the fake sender holds the push for the shop's device.
    await expect.poll(() => pushesFor(SHOP_UID), { timeout: 60_000, interval: 500 }).toHaveLength(1);
    const [message] = await pushesFor(SHOP_UID);
    expect(message?.title).toBe(`Nuova richiesta vicino a te: ${PRODUCT}`);
    expect(message?.url).toMatch(/^\/make-offer\/[^/?]+\?origin=notifica$/);

    // The push service's part, played by Chromium: the message delivered to the shop page's worker.
    const cdp = await shop.context().newCDPSession(shop);
    const registrationId = await workerRegistration(cdp, `${urls.app}/`);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: urls.app,
      registrationId,
      data: JSON.stringify({ data: message }),
    });
    await expect
      .poll(() => shownNotifications(shop), { timeout: SERVER_WAIT_MS, interval: 250 })
      .toEqual([{ title: `Nuova richiesta vicino a te: ${PRODUCT}`, url: message?.url }]);

    // Opening it leads to the request's offer form.
    await shop.goto(`${urls.app}${message?.url}`);
    await waitForPage(shop, new URL(`${urls.app}${message?.url}`).pathname, { timeout: SERVER_WAIT_MS });
    await shop.getByRole("heading", { level: 2, name: PRODUCT }).waitFor({ timeout: SERVER_WAIT_MS });

    // Signing out removes the device: no more pushes to this browser.
    const devices = () => serverDocuments(`users/${SHOP_UID}/devices`);
    expect(await devices()).toHaveLength(1);
    await shop.getByRole("button", { name: /^Account di / }).click();
    await shop.getByRole("button", { name: "Esci" }).click();
    await waitForPage(shop, "/", { timeout: SERVER_WAIT_MS });
    await expect.poll(devices, { timeout: SERVER_WAIT_MS, interval: 250 }).toEqual([]);
  });
});
