// The demo seed (`npm run seed`, `npm start`) against Google's Firestore emulator: the scenario played
// through the product's own code (the deal callables' transactions, syncProfile's projection, the
// domain's document builders) leaves the marketplace docs/local-stack.md and the journeys describe, and every
// document it wrote is one the app can read.

import { randomUUID } from "node:crypto";
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { type DocumentData, type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureFirestore } from "../../functions/src/lib/admin";
import { DEMO_BUYER, DEMO_REQUEST_IDS, DEMO_SHOP_1, DEMO_SHOP_2 } from "../../scripts/seed/demo-data";
import type { DemoSummary } from "../../scripts/seed/demo-scenario";
import { SeedValidationError, verifySeededData } from "../../scripts/seed/verify";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { marketDashboard } from "../../src/domain/market/market-dashboard";
import { marketDay, marketMonthSchema } from "../../src/domain/market/market-rollups";
import { DEAL_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { unreadCountsSchema, unreadIn, unreadTotal } from "../../src/domain/notifications/unread-counts";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

let stack: TestStack;
let app: App;
let db: Firestore;
let summary: DemoSummary;

async function read(path: string): Promise<DocumentData> {
  const data = (await db.doc(path).get()).data();
  if (!data) throw new Error(`${path} missing`);
  return data;
}

const offer = (requestId: string, shopUid: string) =>
  read(`${COLLECTIONS.offers}/${offerIdFor(requestId, shopUid)}`);
const conversation = (requestId: string, shopUid: string) =>
  read(`${COLLECTIONS.conversations}/${offerIdFor(requestId, shopUid)}`);

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  app = initializeApp({ projectId: stack.projectId }, `seed-test-${randomUUID()}`);
  db = configureFirestore(getFirestore(app), stack.hosts.firestore);
  summary = await stack.seed();
});

afterAll(async () => {
  await deleteApp(app);
  await stopStack();
});

describe("the demo seed", () => {
  it("writes the whole scenario", async () => {
    expect(summary).toEqual({ accounts: 4, requests: 12, offers: 11, conversations: 11, messages: 19 });
    const statuses = (await db.collection(COLLECTIONS.requests).get()).docs.map((doc) => doc.get("status"));
    const count = (status: string) => statuses.filter((s) => s === status).length;
    expect([count("active"), count("in_progress"), count("completed"), count("cancelled")]).toEqual([
      7, 2, 2, 1,
    ]);
    expect((await db.collection(COLLECTIONS.users).get()).size).toBe(4);
    expect((await db.collection(COLLECTIONS.profiles).get()).size).toBe(4);
  });

  it("leaves the market dashboard's rollups: /admin/mercato shows the scenario's numbers", async () => {
    const months = (await db.collection(COLLECTIONS.marketRollups).get()).docs.map((doc) =>
      marketMonthSchema.parse(doc.data()),
    );
    const board = marketDashboard(months, { period: 30, today: marketDay(new Date()) });
    expect(board.totals).toMatchObject({ published: 12, offers: 11, completed: 2 });
    expect(board.unansweredByComune.map((row) => row.label)).toContain("Milano");
    // The second week's offers came from notifications and the catalogue, and the first ones faster.
    expect(board.totals).toMatchObject({ offersFromNotification: 2, offersFromCatalogue: 2 });
    const week = marketDashboard(months, { period: 7, today: marketDay(new Date()) });
    expect(week.totals?.medianMinutes).toBeLessThan(week.previousMedianMinutes ?? 0);
  });

  it("leaves a response time for the shops that answered 5 times, and their catalogues", async () => {
    const stats = await read(`${COLLECTIONS.shopStats}/${DEMO_SHOP_1.uid}`);
    expect(stats.responseBucket).toEqual(expect.any(String));
    const catalogue = await db.collection(`users/${DEMO_SHOP_1.uid}/catalogue`).get();
    expect(catalogue.size).toBeGreaterThan(0);
  });

  it("closes the deals as acceptOffer, rejectOffer and completeTransaction do", async () => {
    const shoes = await read(`${COLLECTIONS.requests}/${DEMO_REQUEST_IDS.runningShoes}`);
    expect(shoes).toMatchObject({
      status: "completed",
      completedOfferId: offerIdFor(DEMO_REQUEST_IDS.runningShoes, DEMO_SHOP_2.uid),
      customerRating: 5,
    });
    expect(await offer(DEMO_REQUEST_IDS.runningShoes, DEMO_SHOP_2.uid)).toMatchObject({
      status: "accepted",
      customerRating: 5,
    });

    // Accepting one offer rejects the other pending one with the callable's own reason.
    const rival = await offer(DEMO_REQUEST_IDS.headphones, DEMO_SHOP_2.uid);
    expect(rival).toMatchObject({ status: "rejected", rejectionReason: DEAL_MESSAGES.otherOfferAccepted });
    // ...and moves the rejected offer's conversation, so both parties' lists re-sort.
    const rivalChat = await conversation(DEMO_REQUEST_IDS.headphones, DEMO_SHOP_2.uid);
    expect(rivalChat.updatedAt.toMillis()).toBe(rival.rejectedAt.toMillis());

    expect(await offer(DEMO_REQUEST_IDS.bike, DEMO_SHOP_1.uid)).toMatchObject({
      status: "rejected",
      rejectionReason: "Prezzo troppo alto",
    });
    expect(await read(`${COLLECTIONS.requests}/${DEMO_REQUEST_IDS.bike}`)).toMatchObject({
      status: "in_progress",
      acceptedOfferId: offerIdFor(DEMO_REQUEST_IDS.bike, DEMO_SHOP_2.uid),
    });
  });

  it("rates the shops on users and on their public profiles", async () => {
    for (const [shop, rating] of [
      [DEMO_SHOP_1, 4],
      [DEMO_SHOP_2, 5],
    ] as const) {
      expect(await read(`${COLLECTIONS.users}/${shop.uid}`)).toMatchObject({
        averageRating: rating,
        totalRatings: 1,
        successfulMatches: 1,
      });
      expect(await read(`${COLLECTIONS.profiles}/${shop.uid}`)).toMatchObject({
        averageRating: rating,
        totalRatings: 1,
        businessName: shop.businessName,
      });
    }
    expect(await read(`${COLLECTIONS.profiles}/${DEMO_BUYER.uid}`)).toMatchObject({
      displayName: DEMO_BUYER.displayName,
      userType: "customer",
    });
  });

  it("counts every seeded message as unread by its recipient, and no seeded offer as new", async () => {
    const counts = unreadCountsSchema.parse(
      (await db.collection(COLLECTIONS.unreadCounts).doc(DEMO_BUYER.uid).get()).data(),
    );
    // The shops' 13 messages in the buyer's 10 conversations (tests/e2e/deal.test.ts SEEDED_UNREAD).
    expect(unreadTotal(counts)).toBe(13);
    expect(Object.values(counts.conversations).some((entry) => entry.offer)).toBe(false);
    const lamp = offerIdFor(DEMO_REQUEST_IDS.lamp, DEMO_SHOP_1.uid);
    expect(unreadIn(counts, lamp)).toBe(1);
  });

  it("refuses data the app could not read", async () => {
    await verifySeededData(db);
    await db.doc(`${COLLECTIONS.offers}/broken`).set({ requestId: DEMO_REQUEST_IDS.lamp, status: "sold" });
    try {
      await expect(verifySeededData(db)).rejects.toThrow(SeedValidationError);
      await expect(verifySeededData(db)).rejects.toThrow(/offers\/broken/);
    } finally {
      await db.doc(`${COLLECTIONS.offers}/broken`).delete();
    }
  });
});
