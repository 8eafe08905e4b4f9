// submitOffer against the test stack's Firestore emulator, through its exported callable
// (`.run(request)`): only a shop verifyShop has checked may offer, on an active request of someone else,
// once, while the request has fewer than 20 pending offers; the offer and its conversation are written
// together, with both sides' names and the product taken from the server's documents, whatever the
// caller sends.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, FieldValue, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from "../../src/domain/core/common-messages";
import { MAX_OPEN_OFFERS_PER_REQUEST } from "../../src/domain/core/limits";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { GROUP_OFFER_MESSAGES } from "../../src/domain/marketplace/group-offer-messages";
import { OFFER_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { SHOP_VERIFICATION_MESSAGES } from "../../src/domain/people/shop-verification-messages";
import { MODERATION_MESSAGES } from "../../src/domain/people/trust-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { EARLIER, seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let submit: SubmitModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();

const BUYER = "buyer";
const SHOP = "shop";
const UNVERIFIED = "self-declared";
const REQUEST = "req";
const OFFER_ID = `${REQUEST}_${SHOP}`;

/** What the make-offer page sends. */
const TERMS = {
  requestId: REQUEST,
  price: 89.5,
  description: "Disponibile in negozio, con garanzia",
  deliveryOptions: ["pickup", "delivery"],
  estimatedDeliveryTime: "Da domani",
};

const seedUser = (uid: string, userType: "customer" | "merchant", fields: DocumentData = {}) =>
  seedUserDoc(db(), uid, userType, fields);

/** The shop in Milano, near the Duomo; the request 1-2 km away, within its buyer's 10 km. */
const SHOP_PLACE = { lat: 45.4642, lng: 9.19, address: "Via Torino 1, Milano" };
const REQUEST_PLACE = { lat: 45.48, lng: 9.21 };
const BERGAMO = { lat: 45.6983, lng: 9.6773 };

const VERIFIED = {
  shop: VERIFIED_SHOP,
  location: SHOP_PLACE,
};

/** The request's place as publishing writes it: position, radius and the feed's cells. */
function placeFields(place: { lat: number; lng: number }) {
  return {
    actionRadius: 10,
    location: { address: "Milano", ...place, geohash: requestGeoFields(place).geohash },
    ...requestGeoFields(place),
  };
}

async function seedRequest(status = "active", fields: DocumentData = {}) {
  await db()
    .doc(`requests/${REQUEST}`)
    .set({
      customerId: BUYER,
      productName: "Trapano avvitatore",
      status,
      createdAt: EARLIER,
      updatedAt: EARLIER,
      ...placeFields(REQUEST_PLACE),
      ...fields,
    });
}

/** Another shop's offer on the request. */
async function seedOffer(merchantId: string, status: string) {
  await db()
    .doc(`offers/${REQUEST}_${merchantId}`)
    .set({
      requestId: REQUEST,
      merchantId,
      customerId: BUYER,
      merchantName: merchantId,
      price: 10,
      description: "Offerta",
      deliveryOptions: ["pickup"],
      status,
      aiGenerated: false,
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
}

async function read(path: string): Promise<DocumentData | undefined> {
  return (await db().doc(path).get()).data();
}

const call = (data: unknown, uid?: string) => submit.submitOffer.run(callableRequest(data, { uid }));

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [submit, admin] = await Promise.all([
    import("../../functions/src/offers/submit-offer"),
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
  await seedUser(BUYER, "customer", { displayName: "Anna Bianchi" });
  await seedUser(SHOP, "merchant", {
    displayName: "Mario Rossi",
    businessName: "Ferramenta Rossi",
    ...VERIFIED,
  });
  await seedTrial(db(), SHOP);
  await seedUser(UNVERIFIED, "merchant", { businessName: "Negozio Finto" });
  await seedRequest();
});

describe("submitOffer: where the offer came from and how fast", () => {
  it("records the origin from a closed list and refuses any other, in Italian", async () => {
    // An unknown origin is bad input like any other field (the form never sends one).
    expect(await rejection(call({ ...TERMS, origin: "bot" }, SHOP))).toMatchObject({
      code: "invalid-argument",
      message: VALIDATION_MESSAGES.invalidData,
    });
    expect(await read(`offers/${OFFER_ID}`)).toBeUndefined();
    await call({ ...TERMS, origin: "catalogo" }, SHOP);
    expect((await read(`offers/${OFFER_ID}`))?.origin).toBe("catalogo");
  });

  it("keeps the shop's and its area's response times, and shows a bucket from 5 answers", async () => {
    // Published 7 minutes ago (a shop without opening hours counts every minute).
    const now = Date.now();
    await seedRequest("active", { createdAt: Timestamp.fromMillis(now - 7 * 60_000) });
    await call(TERMS, SHOP);
    const stats = await read(`${COLLECTIONS.shopStats}/${SHOP}`);
    // One answer: no bucket yet, only the area it will be compared with.
    expect(stats).toEqual({ responseBucket: null, area: expect.stringMatching(/^u0n/) });
    const samples = (await read(`${COLLECTIONS.responseSamples}/${SHOP}`))?.samples;
    expect(samples).toEqual([{ at: expect.any(Number), minutes: 7 }]);
    expect((await read(`${COLLECTIONS.responseSamples}/area-${stats?.area}`))?.samples).toHaveLength(1);

    // Four earlier answers of the last days, then this one: the median is within 15 minutes.
    const earlier = [5, 9, 40, 600].map((minutes, i) => ({ at: now - (i + 1) * 86_400_000, minutes }));
    await db().doc(`${COLLECTIONS.responseSamples}/${SHOP}`).set({ samples: earlier });
    const second = (await read(`requests/${REQUEST}`)) ?? {};
    await db().doc("requests/req-2").set(second);
    await call({ ...TERMS, requestId: "req-2" }, SHOP);
    expect((await read(`${COLLECTIONS.shopStats}/${SHOP}`))?.responseBucket).toBe("15m");
  });
});

describe("submitOffer", () => {
  it("writes the pending offer and its conversation, with the names and product from the server", async () => {
    // A client that tries to name itself, the buyer or another buyer: all ignored.
    const sent = {
      ...TERMS,
      customerId: "someone-else",
      merchantName: "Il Negozio Migliore",
      customerName: "Mario",
      productName: "Altro",
      status: "accepted",
      buyerPickups: { collected: 9, missed: 0 },
    };
    // The buyer's record of holds, which the shop reads as a count on its conversation.
    await db().doc(`pickupRecords/${BUYER}`).set({ collected: 2, missed: 1 });
    expect(await call(sent, SHOP)).toEqual({ offerId: OFFER_ID, conversationId: OFFER_ID });

    const offer = await read(`offers/${OFFER_ID}`);
    expect(offer).toEqual({
      requestId: REQUEST,
      merchantId: SHOP,
      customerId: BUYER,
      merchantName: "Ferramenta Rossi",
      productName: "Trapano avvitatore",
      price: 89.5,
      description: "Disponibile in negozio, con garanzia",
      deliveryOptions: ["pickup", "delivery"],
      estimatedDeliveryTime: "Da domani",
      status: "pending",
      aiGenerated: false,
      holdChoice: "nextClose",
      // Sent without an origin: the feed's.
      origin: "feed",
      createdAt: expect.any(Timestamp),
      updatedAt: offer?.createdAt,
    });
    expect(await read(`conversations/${OFFER_ID}`)).toEqual({
      participants: {
        customerId: BUYER,
        customerName: "Anna Bianchi",
        merchantId: SHOP,
        merchantName: "Ferramenta Rossi",
      },
      requestId: REQUEST,
      offerId: OFFER_ID,
      // The list titles the conversation without reading the request.
      productName: "Trapano avvitatore",
      status: "active",
      buyerPickups: { collected: 2, missed: 1 },
      createdAt: offer?.createdAt,
      updatedAt: offer?.createdAt,
    });
    // The new offer is unread by the buyer (their badges) until they open the chat, and its
    // notification is new on the bell.
    expect(await read(`${COLLECTIONS.unreadCounts}/${BUYER}`)).toEqual({
      conversations: { [OFFER_ID]: { offer: true } },
      notifications: 1,
      // When the functions counted (a page's first snapshot compares it with its reads).
      changedAt: expect.anything(),
    });
    // The buyer's card counts its offers from the request.
    expect((await read(`requests/${REQUEST}`))?.offerCount).toBe(1);
  });

  it("refuses a merchant the server has not verified, and a buyer", async () => {
    for (const uid of [UNVERIFIED, BUYER]) {
      expect(await rejection(call(TERMS, uid))).toMatchObject({
        code: "permission-denied",
        message: SHOP_VERIFICATION_MESSAGES.notVerified,
      });
    }
    expect(await read(`offers/${REQUEST}_${UNVERIFIED}`)).toBeUndefined();
    expect(await read(`conversations/${REQUEST}_${UNVERIFIED}`)).toBeUndefined();
  });

  it("refuses a shop the buyer blocked, and accepts it again once unblocked", async () => {
    await db()
      .doc(`blocks/${BUYER}_${SHOP}`)
      .set({ blockerId: BUYER, blockedId: SHOP, blockedName: "Bici", createdAt: EARLIER });
    expect(await rejection(call(TERMS, SHOP))).toMatchObject({
      code: "permission-denied",
      message: MODERATION_MESSAGES.blockedByRecipient,
    });
    expect(await read(`offers/${OFFER_ID}`)).toBeUndefined();
    await db().doc(`blocks/${BUYER}_${SHOP}`).delete();
    expect(await call(TERMS, SHOP)).toEqual({ offerId: OFFER_ID, conversationId: OFFER_ID });
  });

  it("refuses a request that is no longer active, the shop's own request and a missing one", async () => {
    for (const status of ["in_progress", "completed", "cancelled", "expired"]) {
      await seedRequest(status);
      expect(await rejection(call(TERMS, SHOP))).toMatchObject({
        code: "failed-precondition",
        message: OFFER_MESSAGES.requestClosed,
      });
    }
    // Still active, but past its expiresAt: the hourly sweep has not run yet.
    await seedRequest("active", { expiresAt: Timestamp.fromDate(new Date(Date.now() - 60_000)) });
    expect(await rejection(call(TERMS, SHOP))).toMatchObject({
      code: "failed-precondition",
      message: OFFER_MESSAGES.requestClosed,
    });
    await seedRequest("active", { customerId: SHOP });
    expect(await rejection(call(TERMS, SHOP))).toMatchObject({
      code: "permission-denied",
      message: OFFER_MESSAGES.ownRequest,
    });
    expect(await rejection(call({ ...TERMS, requestId: "ghost" }, SHOP))).toMatchObject({
      code: "not-found",
      message: ERROR_MESSAGES.requestNotFound,
    });
    expect(await read(`offers/${OFFER_ID}`)).toBeUndefined();
  });

  it("takes one offer per shop: a second submit is refused and changes nothing", async () => {
    await call(TERMS, SHOP);
    expect(await rejection(call({ ...TERMS, price: 1 }, SHOP))).toMatchObject({
      code: "already-exists",
      message: OFFER_MESSAGES.alreadySent,
    });
    expect((await read(`offers/${OFFER_ID}`))?.price).toBe(89.5);
    expect((await read(`requests/${REQUEST}`))?.offerCount).toBe(1);
  });

  it(`takes the ${MAX_OPEN_OFFERS_PER_REQUEST}th pending offer and refuses the next`, async () => {
    // Offers no longer pending do not count.
    await seedOffer("rejected-shop", "rejected");
    for (let i = 1; i < MAX_OPEN_OFFERS_PER_REQUEST; i += 1) await seedOffer(`shop-${i}`, "pending");
    expect(await call(TERMS, SHOP)).toEqual({ offerId: OFFER_ID, conversationId: OFFER_ID });

    await seedUser("late", "merchant", { businessName: "In ritardo", ...VERIFIED });
    await seedTrial(db(), "late");
    expect(await rejection(call(TERMS, "late"))).toMatchObject({
      code: "resource-exhausted",
      message: OFFER_MESSAGES.tooManyOffers,
    });
    expect(await read(`offers/${REQUEST}_late`)).toBeUndefined();
    expect(await read(`conversations/${REQUEST}_late`)).toBeUndefined();
  });

  it("refuses a request outside the shop's area, as a group offer does", async () => {
    await seedRequest("active", placeFields(BERGAMO));
    expect(await rejection(call(TERMS, SHOP))).toMatchObject({
      code: "failed-precondition",
      message: GROUP_OFFER_MESSAGES.outsideRadius,
    });
    expect(await read(`offers/${OFFER_ID}`)).toBeUndefined();
    // A shop whose position is unknown reaches no request.
    await seedRequest();
    await db().doc(`users/${SHOP}`).update({ location: FieldValue.delete() });
    expect(await rejection(call(TERMS, SHOP))).toMatchObject({ message: GROUP_OFFER_MESSAGES.outsideRadius });
  });

  it("refuses signed-out callers and invalid terms", async () => {
    expect(await rejection(call(TERMS))).toMatchObject({
      code: "unauthenticated",
      message: ERROR_MESSAGES.unauthenticated,
    });
    expect(await rejection(call({ ...TERMS, price: -1 }, SHOP))).toMatchObject({
      code: "invalid-argument",
      message: "Inserisci un prezzo valido",
    });
    expect(await rejection(call({ ...TERMS, deliveryOptions: [] }, SHOP))).toMatchObject({
      code: "invalid-argument",
    });
    expect(await read(`offers/${OFFER_ID}`)).toBeUndefined();
  });
});
