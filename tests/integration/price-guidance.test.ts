// Local price guidance against the test stack's Firestore emulator: offers go in through submitOffer's
// transaction (which keeps priceStats), guidance comes out of the priceGuidance callable, and its
// numbers equal a brute-force computation over the seeded offers: similar, same category, within 15 km.
// Under the threshold (4 offers, or offers from only 2 shops) it answers nothing.

import { deleteApp } from "firebase-admin/app";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trialSubscription } from "../../src/domain/billing/plans";
import { COLLECTIONS, TTL_POLICIES } from "../../src/domain/core/collections";
import { distanceKm, type LatLng } from "../../src/domain/geo/geo";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { decodeGeohashBounds } from "../../src/domain/geo/geohash";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { priceStatsExpiry } from "../../src/domain/marketplace/price-stats";
import { OFFER_STATUS } from "../../src/domain/marketplace/state-machine";
import { areSimilar } from "../../src/domain/products/product-similarity";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { EARLIER, partitaIvaOf, seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { seedSubscription, seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type StatsModule = typeof import("../../functions/src/market/price-stats");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let submit: SubmitModule;
let stats: StatsModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};
const db = () => admin.adminDb();

const BUYER = "buyer";
const DUOMO: LatLng = { lat: 45.4642, lng: 9.19 };
const NEAR: LatLng = { lat: 45.48, lng: 9.21 }; // ~2.3 km
const SESTO: LatLng = { lat: 45.5378, lng: 9.2317 }; // ~9 km
const BERGAMO: LatLng = { lat: 45.6983, lng: 9.6773 }; // ~45 km: never counted

type Seeded = { shop: string; category: string; productName: string; place: LatLng; price: number };
let seeded: Seeded[] = [];
let requests = 0;

async function seedShop(uid: string) {
  await seedUserDoc(db(), uid, "merchant", {
    businessName: `Negozio ${uid}`,
    shop: { ...VERIFIED_SHOP, partitaIva: partitaIvaOf(uid), categories: ["sport", "casa"] },
  });
  await seedTrial(db(), uid);
}

/** A request at a place, then the shop's offer through submitOffer; kept for the brute force. */
async function offer(
  shop: string,
  price: number,
  place: LatLng,
  productName = "bicicletta da città",
  category = "sport",
) {
  const id = `req${++requests}`;
  await db()
    .doc(`requests/${id}`)
    .set({
      customerId: BUYER,
      productName,
      category,
      status: "active",
      location: { address: "Milano", ...place, ...{ geohash: requestGeoFields(place).geohash } },
      ...requestGeoFields(place),
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
  const terms = { requestId: id, price, description: "Disponibile in negozio", deliveryOptions: ["pickup"] };
  // submitOffer's own transaction, as the seed runs it (no e-mail queue here).
  await submit.submitOfferCall(shop, terms, { db: db(), now: () => new Date() });
  seeded.push({ shop, category, productName, place, price });
  return id;
}

const guidance = (data: unknown, uid = "shop1") => stats.priceGuidance.run(callableRequest(data, { uid }));

/** Where the aggregates place an offer: its request's gh5 cell's centre (about 5 km a side). */
function coarse(place: LatLng): LatLng {
  const bounds = decodeGeohashBounds(requestGeoFields(place).gh5);
  return { lat: (bounds.minLat + bounds.maxLat) / 2, lng: (bounds.minLng + bounds.maxLng) / 2 };
}

/** The brute force: every seeded offer similar, in the category, within 15 km of the place. */
function bruteForce(query: { category: string; productName: string; location: LatLng; price?: number }) {
  const hits = seeded.filter(
    (offered) =>
      areSimilar(offered, query) &&
      distanceKm(coarse(offered.place), query.location) <= 15 &&
      offered.category === query.category,
  );
  const prices = hits.map((hit) => hit.price);
  const below = query.price === undefined ? 0 : prices.filter((price) => price < (query.price ?? 0)).length;
  return {
    range: { min: Math.min(...prices), max: Math.max(...prices), count: prices.length },
    abovePercent: query.price === undefined ? null : Math.round((below / prices.length) * 100),
  };
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [submit, stats, admin] = await Promise.all([
    import("../../functions/src/offers/submit-offer"),
    import("../../functions/src/market/price-stats"),
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
  seeded = [];
  await seedUserDoc(db(), BUYER, "customer", { displayName: "Anna Bianchi" });
  for (const shop of ["shop1", "shop2", "shop3", "shop4"]) await seedShop(shop);
});

describe("priceGuidance", () => {
  it("answers the range and the position a brute force computes over the seeded offers", async () => {
    await offer("shop1", 250, DUOMO);
    await offer("shop1", 280, NEAR, "bici da città");
    await offer("shop2", 199.9, NEAR, "Biciclette");
    await offer("shop3", 320, DUOMO);
    await offer("shop4", 300, SESTO);
    // Not counted: too far, another product, another category.
    await offer("shop2", 90, BERGAMO);
    await offer("shop3", 15, DUOMO, "casco da bici");
    await offer("shop4", 40, DUOMO, "bicicletta", "casa");
    const query = { category: "sport", productName: "bici", location: DUOMO, price: 290 };
    const expected = bruteForce(query);
    expect(expected.range.count).toBeGreaterThanOrEqual(5);
    expect(await guidance(query)).toEqual(expected);
    expect(await guidance({ ...query, price: undefined })).toEqual({ ...expected, abovePercent: null });
  });

  it("counts an offer made again a month later once, at its new price", async () => {
    const day = 24 * 60 * 60 * 1000;
    const later = new Date(Date.now() + 40 * day);
    // shop1's plan still gives access a month later.
    const trial = trialSubscription("shop1", new Date());
    await seedSubscription(db(), { ...trial, trialEndsAt: new Date(Date.now() + 365 * day) });
    const renewed = await offer("shop1", 250, DUOMO);
    await offer("shop2", 280, NEAR);
    await offer("shop3", 199, DUOMO);
    await offer("shop4", 320, SESTO);
    await offer("shop2", 300, DUOMO);
    // The offer expired with the request; the buyer renewed it; shop1 offers again, in another month.
    await db()
      .doc(`offers/${offerIdFor(renewed, "shop1")}`)
      .update({ status: "expired" });
    await db()
      .doc(`requests/${renewed}`)
      .update({ expiresAt: Timestamp.fromDate(new Date(later.getTime() + 7 * day)) });
    const terms = {
      requestId: renewed,
      price: 230,
      description: "Prezzo aggiornato",
      deliveryOptions: ["pickup"],
    };
    await submit.submitOfferCall("shop1", terms, { db: db(), now: () => later });
    seeded[0] = { ...(seeded[0] as Seeded), price: 230 };
    const query = { category: "sport" as const, productName: "bicicletta", location: DUOMO, price: 260 };
    const expected = bruteForce(query);
    expect(expected.range).toEqual({ min: 199, max: 320, count: 5 });
    expect(await stats.priceGuidanceFor(query, { db: db(), now: () => later })).toEqual(expected);
  });

  it("counts a pending offer whose price the shop edited at its new price, and ignores other updates", async () => {
    const edited = await offer("shop1", 250, DUOMO);
    await offer("shop2", 280, NEAR);
    await offer("shop3", 199, DUOMO);
    await offer("shop4", 320, SESTO);
    await offer("shop2", 300, DUOMO);
    const ref = db().doc(`offers/${offerIdFor(edited, "shop1")}`);
    const before = (await ref.get()).data();
    // The shop's app edits the pending offer (the rules allow price and terms); the trigger's own code.
    await ref.update({ price: 340, updatedAt: Timestamp.now() });
    const after = (await ref.get()).data();
    const now = async () => new Date();
    expect(await stats.recordEditedOfferPrice(db(), ref.id, before, after, now)).toBe("recorded");
    seeded[0] = { ...(seeded[0] as Seeded), price: 340 };
    const query = { category: "sport", productName: "bicicletta", location: DUOMO, price: 260 };
    const expected = bruteForce(query);
    expect(expected.range).toEqual({ min: 199, max: 340, count: 5 });
    expect(await guidance(query)).toEqual(expected);
    // A read or a decision leaves the entry alone; so does a price changed on an offer no longer pending.
    expect(await stats.recordEditedOfferPrice(db(), ref.id, after, { ...after, readAt: 1 }, now)).toBe(
      "unchanged",
    );
    const accepted = { ...after, status: OFFER_STATUS.accepted, price: 1 };
    expect(await stats.recordEditedOfferPrice(db(), ref.id, after, accepted, now)).toBe("not-pending");
    expect(await guidance(query)).toEqual(expected);
  });

  it("answers nothing for four offers", async () => {
    await offer("shop1", 250, DUOMO);
    await offer("shop2", 280, DUOMO);
    await offer("shop3", 199, DUOMO);
    await offer("shop4", 320, DUOMO);
    const query = { category: "sport", productName: "bicicletta", location: DUOMO, price: 260 };
    expect(await guidance(query)).toEqual({ range: null, abovePercent: null });
  });

  it("answers nothing for offers from only two shops", async () => {
    for (const [shop, price] of [
      ["shop1", 250],
      ["shop2", 280],
    ] as const) {
      await offer(shop, price, DUOMO);
      await offer(shop, price + 10, NEAR);
      await offer(shop, price + 20, DUOMO, "bici");
    }
    const query = { category: "sport", productName: "bicicletta", location: DUOMO };
    expect(seeded).toHaveLength(6);
    expect(await guidance(query)).toEqual({ range: null, abovePercent: null });
  });

  it("keeps no uid in the aggregates, writes their expiry, and refuses a caller who is not signed in", async () => {
    await offer("shop1", 250, DUOMO);
    const docs = await db().collection(COLLECTIONS.priceStats).get();
    expect(docs.size).toBe(1);
    // Neither as a value nor inside a key (an offer's id holds its shop's uid).
    expect(JSON.stringify(docs.docs[0]?.data())).not.toContain("shop1");
    // The TTL policy's field (TTL_POLICIES): the month's end, the guidance window and a day.
    const stored = docs.docs[0]?.data() ?? {};
    expect((stored.expiresAt as Timestamp).toDate()).toEqual(priceStatsExpiry(String(stored.month)));
    expect(TTL_POLICIES).toContainEqual({ collection: COLLECTIONS.priceStats, field: "expiresAt" });
    const query = { category: "sport", productName: "bicicletta", location: DUOMO };
    expect(await rejection(stats.priceGuidance.run(callableRequest(query, {})))).toMatchObject({
      code: "unauthenticated",
    });
  });
});
