// The request's life end to end in Chromium on the seeded marketplace: a week and a day pass (the
// functions' test clock, testClock/offset, honoured on the emulators only, and the browser's clock moved
// as far), the hourly expiry sweep runs (the scheduled function itself on the Functions emulator, called
// as Cloud Scheduler calls it: scripts/stack/scheduled-functions.ts) and both sides show it: the buyer's lamp request reads 'Scaduta' with 'Scaduta il …'
// and 'Rinnova', the shop's offer on it reads 'Scaduta' with nothing left to withdraw; then the buyer
// renews it and it is 'Attiva' again, and the shop, told 'Offri di nuovo' in its feed, offers again.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BUYER, DEMO_REQUESTS, DEMO_SHOP_1 } from "../../scripts/seed/demo-data";
import { MERCHANT_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { expectAccessible } from "../support/axe";
import { overrideEnv } from "../support/callables";
import { SERVER_WAIT_MS, waitForPage } from "../support/page-ready";
import { seededJourney } from "../support/seeded-journey";
import { startStack, type TestStack } from "../support/stack";

type AdminModule = typeof import("../../functions/src/lib/admin");

const { open, signIn } = seededJourney();
let admin: AdminModule;
let stack: TestStack;
let restoreEnv: () => void = () => {};

const DAY = 24 * 60 * 60 * 1000;
// The lamp was published 4 days before the seed's `now`: 8 days on, it is past its 7.
const LATER_MS = 8 * DAY;
const LAMP = DEMO_REQUESTS.lamp.productName;

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
  if (admin) {
    await admin.adminDb().doc("testClock/offset").delete();
    const { deleteApp } = await import("firebase-admin/app");
    await deleteApp(admin.adminApp());
  }
  restoreEnv();
});

describe("a request expires and is renewed", { timeout: 180_000 }, () => {
  it("shows the expiry to both sides, then the buyer renews", async () => {
    const db = admin.adminDb();
    await db.doc("testClock/offset").set({ offsetMs: LATER_MS });
    await stack.runScheduled("expireRequests", new Date(Date.now() + LATER_MS));
    const lamp = (await db.doc("requests/demo-req-lampada").get()).data();
    expect(lamp?.status).toBe("expired");

    // The shop: its offer on the lamp is 'Scaduta', nothing to withdraw.
    const shop = await open("/offers", "desktop");
    await shop.clock.install({ time: new Date(Date.now() + LATER_MS) });
    await signIn(shop, DEMO_SHOP_1.email, "/offers");
    const offerRow = shop.getByRole("listitem").filter({ hasText: LAMP });
    await offerRow.getByText("Scaduta", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    await expect(offerRow.getByRole("button", { name: /Ritira l'offerta/ }).count()).resolves.toBe(0);

    // The buyer: the lamp reads 'Scaduta' with the date, and can be renewed.
    const buyer = await open("/requests", "phone");
    await buyer.clock.install({ time: new Date(Date.now() + LATER_MS) });
    await signIn(buyer, DEMO_BUYER.email, "/requests");
    const card = buyer.getByRole("article", { name: LAMP });
    // The request's badge and both shops' offers read 'Scaduta'.
    await expect
      .poll(() => card.getByText("Scaduta", { exact: true }).count(), { timeout: SERVER_WAIT_MS })
      .toBe(3);
    await card.getByText(/^Scaduta il /).waitFor();
    await card.getByRole("button", { name: `Rinnova «${LAMP}»` }).click();
    await buyer.getByRole("dialog").getByRole("button", { name: "Rinnova per 7 giorni" }).waitFor();
    await expectAccessible(buyer, "rinnovo della richiesta");
    await buyer.getByRole("dialog").getByRole("button", { name: "Rinnova per 7 giorni" }).click();
    await buyer
      .getByText("Richiesta rinnovata per 7 giorni", { exact: true })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await card.getByText("Attiva", { exact: true }).waitFor({ timeout: SERVER_WAIT_MS });
    // Its offers stay expired until their shops offer again.
    await expect(card.getByText("Scaduta", { exact: true }).count()).resolves.toBe(2);
    await expect(card.getByText(/^Scaduta il /).count()).resolves.toBe(0);

    // The shop finds the renewed lamp in its feed and offers again, in the same chat.
    await shop.goto(`${shop.url().replace(/\/offers.*$/, "")}/browse`);
    await shop
      .getByRole("heading", { level: 1, name: "Richieste vicino a te" })
      .waitFor({ timeout: SERVER_WAIT_MS });
    await shop.getByRole("link", { name: new RegExp(`^Offri di nuovo .* per ${LAMP}`) }).click();
    await shop.getByRole("heading", { level: 1, name: MERCHANT_MESSAGES.offerAgainTitle }).waitFor();
    const price = shop.getByRole("textbox", { name: /Prezzo/ });
    await price.fill("39");
    await shop.getByRole("button", { name: "Invia l'offerta" }).click();
    await waitForPage(shop, { prefix: "/messages/" }, { timeout: SERVER_WAIT_MS });
    // The buyer's card shows it waiting for an answer.
    await expect
      .poll(() => card.getByText("In attesa", { exact: true }).count(), { timeout: SERVER_WAIT_MS })
      .toBe(1);

    const renewed = (await db.doc("requests/demo-req-lampada").get()).data();
    expect(renewed?.status).toBe("active");
    expect(renewed?.expiresAt.toMillis()).toBeGreaterThan(Date.now() + LATER_MS + 6 * DAY);
  });
});
