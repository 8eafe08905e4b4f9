// The shop's page against Google's Firestore emulator (rules loaded; the admin SDK bypasses them):
// completeTransaction writes the review (stars, comment, date, the buyer's first name) and moves the
// rating the page shows; syncProfile publishes the shop's address, categories, phone and hours on
// profiles/{uid}.shop and never its Partita IVA; a signed-in buyer reads the page's data through the
// app's own data function (listShopReviews), as the rules allow.

import { doc, getDoc } from "firebase/firestore/lite";
import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listShopReviews } from "../../src/data/shop-page";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { overrideEnv } from "../support/callables";
import { type SignedInClient, signedInClient } from "../support/signed-in-client";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type CompleteModule = typeof import("../../functions/src/deals/complete-transaction");
type SyncModule = typeof import("../../functions/src/profiles/sync-profile");
type AdminModule = typeof import("../../functions/src/lib/admin");

const DAY_MS = 24 * 60 * 60 * 1000;
const EARLIER = Timestamp.fromDate(new Date("2025-01-01T10:00:00Z"));
const BUYER = "giulia";
const SHOP = "navigli";

let stack: TestStack;
let complete: CompleteModule;
let sync: SyncModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();

async function read(path: string): Promise<DocumentData> {
  const data = (await db().doc(path).get()).data();
  if (!data) throw new Error(`${path} missing`);
  return data;
}

const reviewPath = (requestId: string) =>
  `${COLLECTIONS.profiles}/${SHOP}/${SUBCOLLECTIONS.reviews}/${requestId}`;

async function seedDeal(requestId: string) {
  const offerId = `${requestId}_${SHOP}`;
  await db().doc(`requests/${requestId}`).set({
    id: requestId,
    customerId: BUYER,
    productName: "Lampada da scrivania LED",
    status: "in_progress",
    acceptedOfferId: offerId,
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await db()
    .doc(`offers/${offerId}`)
    .set({
      id: offerId,
      requestId,
      merchantId: SHOP,
      customerId: BUYER,
      price: 39,
      description: "Lampada LED",
      deliveryOptions: ["delivery"],
      status: "accepted",
      aiGenerated: false,
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
}

const completeAt = (requestId: string, rating: number, at: Date, feedback?: string, proven = true) =>
  complete.completeTransactionCall(
    BUYER,
    feedback === undefined ? { requestId, rating } : { requestId, rating, feedback },
    {
      db: db(),
      now: () => at,
      emailProven: async () => proven,
    },
  );

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [complete, sync, admin] = await Promise.all([
    import("../../functions/src/deals/complete-transaction"),
    import("../../functions/src/profiles/sync-profile"),
    import("../../functions/src/lib/admin"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  await db()
    .doc(`users/${BUYER}`)
    .set({
      id: BUYER,
      uid: BUYER,
      email: `${BUYER}@example.it`,
      displayName: "Giulia Rossi",
      firstName: "Giulia",
      lastName: "Rossi",
      userType: "customer",
      createdAt: EARLIER,
    });
  await db()
    .doc(`users/${SHOP}`)
    .set({
      id: SHOP,
      uid: SHOP,
      email: `${SHOP}@example.it`,
      displayName: "Marco Bianchi",
      businessName: "Elettronica Navigli",
      userType: "merchant",
      createdAt: EARLIER,
      location: { lat: 45.4517, lng: 9.1749, address: "Ripa di Porta Ticinese 41, Milano", zone: "Milano" },
      phone: "02 1234567",
      openingHours: "Lun-Sab 9-19",
      shop: {
        status: "verified",
        partitaIva: "04812310151",
        categories: ["elettronica", "casa"],
        verifiedAt: EARLIER,
      },
    });
});

describe("the shop's page data", () => {
  it("syncProfile publishes address, categories, phone and hours of a verified shop, never its Partita IVA", async () => {
    await sync.syncPublicProfile(db(), SHOP);
    const profile = await read(`${COLLECTIONS.profiles}/${SHOP}`);
    expect(profile).toMatchObject({
      businessName: "Elettronica Navigli",
      userType: "merchant",
      averageRating: 0,
      totalRatings: 0,
      shop: {
        address: "Ripa di Porta Ticinese 41, Milano",
        categories: ["elettronica", "casa"],
        phone: "02 1234567",
        openingHours: "Lun-Sab 9-19",
      },
    });
    expect(JSON.stringify(profile)).not.toContain("04812310151");
  });

  it("completing and rating writes the review with the buyer's first name and moves the page's rating", async () => {
    await sync.syncPublicProfile(db(), SHOP);
    await seedDeal("lamp");
    const at = new Date("2026-11-20T10:00:00Z");
    await completeAt("lamp", 4, at, "  Consegna puntuale  ");

    const review = await read(reviewPath("lamp"));
    // It counted: it leaves the average 24 months on (reviewExpirySweep).
    const countsUntil = new Date("2028-11-20T10:00:00Z");
    expect(review).toEqual({
      rating: 4,
      comment: "Consegna puntuale",
      buyerFirstName: "Giulia",
      createdAt: Timestamp.fromDate(at),
      countsUntil: Timestamp.fromDate(countsUntil),
    });
    expect(JSON.stringify(review)).not.toContain("Rossi");
    expect(JSON.stringify(review)).not.toContain(BUYER);
    expect(await read(`${COLLECTIONS.profiles}/${SHOP}`)).toMatchObject({
      averageRating: 4,
      totalRatings: 1,
      shop: { phone: "02 1234567" },
    });

    // A signed-in buyer reads the page the way the app does, under the rules (an account the rules
    // know: its users document).
    await db().doc("users/luca").set({
      id: "luca",
      email: "luca@example.it",
      displayName: "Luca",
      userType: "customer",
      createdAt: at,
    });
    const reader: SignedInClient = await signedInClient(stack, { uid: "luca", email: "luca@example.it" });
    try {
      const reviews = await listShopReviews(SHOP, 10, reader.lite);
      expect(reviews).toEqual([
        {
          id: "lamp",
          rating: 4,
          comment: "Consegna puntuale",
          buyerFirstName: "Giulia",
          createdAt: at,
          countsUntil,
        },
      ]);
      const profile = await getDoc(doc(reader.lite, COLLECTIONS.profiles, SHOP));
      expect(profile.data()).toMatchObject({ totalRatings: 1, shop: { openingHours: "Lun-Sab 9-19" } });
    } finally {
      await reader.close();
    }
  });

  it("a second purchase within 30 days adds its review, while the average counts the buyer once", async () => {
    await seedDeal("lamp");
    await seedDeal("charger");
    const first = new Date("2026-11-01T10:00:00Z");
    await completeAt("lamp", 5, first);
    await completeAt("charger", 1, new Date(first.getTime() + 3 * DAY_MS), "Non funzionava");

    expect(await read(reviewPath("lamp"))).toMatchObject({ rating: 5, buyerFirstName: "Giulia" });
    expect(await read(reviewPath("charger"))).toMatchObject({ rating: 1, comment: "Non funzionava" });
    // Only a counted rating has a date to stop counting.
    expect(await read(reviewPath("lamp"))).toHaveProperty("countsUntil");
    expect(await read(reviewPath("charger"))).not.toHaveProperty("countsUntil");
    expect(await read(`${COLLECTIONS.profiles}/${SHOP}`)).toMatchObject({
      averageRating: 5,
      totalRatings: 1,
    });
  });

  it("a buyer who has not proved their e-mail completes the deal but leaves no review", async () => {
    await seedDeal("lamp");
    await completeAt("lamp", 1, new Date("2026-11-20T10:00:00Z"), "Pessimo", false);
    expect((await read("requests/lamp")).status).toBe("completed");
    expect((await db().doc(reviewPath("lamp")).get()).exists).toBe(false);
  });
});
