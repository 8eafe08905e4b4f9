// Local price guidance against the test stack's Firestore emulator: offers go in through submitOffer
// (which records each price after its commit), the summaries job (runPriceBuilds) sums up the settled days,
// and the priceGuidance callable answers from those summaries only. Its range equals a brute force over
// the seeded offers at least a day old (similar, same category, within 15 km, prices rounded); nothing
// a shop does today changes any answer; a shop learns a band, never a number, and only for a request it
// may offer on; every account is held to its hourly limit.

import { deleteApp } from "firebase-admin/app";
import type { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { PRICE_GUIDANCE_CALLS_PER_HOUR } from "../../src/domain/core/limits";
import { TTL_POLICIES } from "../../src/domain/core/ttl-policies";
import { distanceKm, type LatLng } from "../../src/domain/geo/geo";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { decodeGeohashBounds } from "../../src/domain/geo/geohash";
import { GROUP_OFFER_MESSAGES } from "../../src/domain/marketplace/group-offer-messages";
import { OFFER_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { roundPrice } from "../../src/domain/marketplace/price-guidance";
import { PRICE_BANDS, PRICE_GUIDANCE_MESSAGES } from "../../src/domain/marketplace/price-guidance-messages";
import { priceDay, priceDayExpiry } from "../../src/domain/marketplace/price-stats";
import { SHOP_VERIFICATION_MESSAGES } from "../../src/domain/people/shop-verification-messages";
import { areSimilar } from "../../src/domain/products/product-similarity";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { EARLIER, partitaIvaOf, seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type StatsModule = typeof import("../../functions/src/market/price-stats");
type SummariesModule = typeof import("../../functions/src/market/price-summaries");
type GuidanceModule = typeof import("../../functions/src/market/price-guidance");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let submit: SubmitModule;
let stats: StatsModule;
let summaries: SummariesModule;
let guidanceModule: GuidanceModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};
const db = () => admin.adminDb();

const DAY_MS = 24 * 60 * 60 * 1000;
const BUYER = "buyer";
const SHOPS = ["shop1", "shop2", "shop3", "shop4"] as const;
const FAR_SHOP = "shop5";
const DUOMO: LatLng = { lat: 45.4642, lng: 9.19 };
const NEAR: LatLng = { lat: 45.48, lng: 9.21 }; // ~2.3 km
const SESTO: LatLng = { lat: 45.5378, lng: 9.2317 }; // ~9 km
const BERGAMO: LatLng = { lat: 45.6983, lng: 9.6773 }; // ~45 km: never counted

/** The day the offers are made, and the days after it. */
let day0: Date;
const at = (days: number) => new Date(day0.getTime() + days * DAY_MS);

type Seeded = {
  offerId: string;
  category: string;
  productName: string;
  place: LatLng;
  price: number;
  at: Date;
};
let seeded: Seeded[] = [];
let requests = 0;

async function seedShop(uid: string, place: LatLng) {
  await seedUserDoc(db(), uid, "merchant", {
    businessName: `Negozio ${uid}`,
    location: { ...place, address: "Milano" },
    shop: { ...VERIFIED_SHOP, partitaIva: partitaIvaOf(uid), categories: ["sport", "casa"] },
  });
  await seedTrial(db(), uid);
}

async function seedRequest(place: LatLng, productName = "bicicletta da città", category = "sport") {
  const id = `req${++requests}`;
  await db()
    .doc(`requests/${id}`)
    .set({
      customerId: BUYER,
      productName,
      category,
      status: "active",
      actionRadius: 10,
      location: { address: "Milano", ...place, geohash: requestGeoFields(place).geohash },
      ...requestGeoFields(place),
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
  return id;
}

/** A request at a place, then the shop's offer through submitOffer on `when`; kept for the brute force. */
async function offer(
  shop: string,
  price: number,
  place: LatLng,
  options: { productName?: string; category?: string; when?: Date } = {},
) {
  const { productName = "bicicletta da città", category = "sport", when = day0 } = options;
  const id = await seedRequest(place, productName, category);
  const terms = { requestId: id, price, description: "Disponibile in negozio", deliveryOptions: ["pickup"] };
  // submitOffer's own transaction, as the seed runs it (no e-mail queue here).
  await submit.submitOfferCall(shop, terms, { db: db(), now: () => when });
  seeded.push({ offerId: offerIdFor(id, shop), category, productName, place, price, at: when });
  return id;
}

/** The summaries job, run on `when`. */
const buildSummaries = (when: Date) => summaries.runPriceBuilds({ db: db(), now: () => when });

/** priceGuidance's work for `uid` at `when`, without the callable's wrapper. */
const ask = (data: Parameters<GuidanceModule["priceGuidanceFor"]>[1], when: Date, uid = BUYER) =>
  guidanceModule.priceGuidanceFor(uid, data, { db: db(), now: () => when });

/** Where the aggregates place an offer: its request's gh5 cell's centre (about 5 km a side). */
function coarse(place: LatLng): LatLng {
  const bounds = decodeGeohashBounds(requestGeoFields(place).gh5);
  return { lat: (bounds.minLat + bounds.maxLat) / 2, lng: (bounds.minLng + bounds.maxLng) / 2 };
}

/**
 * The brute force: every seeded offer made on a day that ended a day before `when`, similar, in the
 * category, within 15 km of the place, its price rounded; the cheapest and dearest of them (≤ 10 offers).
 */
function bruteForce(
  query: { category: string; productName: string; location: LatLng; price?: number },
  when: Date,
) {
  const settled = priceDay(new Date(when.getTime() - 2 * DAY_MS));
  const prices = seeded
    .filter(
      (offered) =>
        priceDay(offered.at) <= settled &&
        areSimilar(offered, query) &&
        distanceKm(coarse(offered.place), query.location) <= 15,
    )
    .map((offered) => roundPrice(offered.price));
  expect(prices.length).toBeLessThanOrEqual(10);
  if (prices.length < 5) return { range: null, rank: null };
  const below =
    query.price === undefined ? 0 : prices.filter((one) => one < roundPrice(query.price ?? 0)).length;
  const equal =
    query.price === undefined ? 0 : prices.filter((one) => one === roundPrice(query.price ?? 0)).length;
  return {
    range: { min: Math.min(...prices), max: Math.max(...prices), count: prices.length },
    rank: (below + equal / 2) / prices.length,
  };
}

/** The five offers of the first day around the Duomo, and three that never count. */
async function seedFirstDay() {
  await offer("shop1", 250, DUOMO);
  await offer("shop1", 281, NEAR, { productName: "bici da città" });
  await offer("shop2", 199.9, NEAR, { productName: "Biciclette" });
  await offer("shop3", 318, DUOMO);
  await offer("shop4", 300, SESTO);
  // Not counted: too far, another product, another category.
  await offer(FAR_SHOP, 90, BERGAMO);
  await offer("shop3", 15, DUOMO, { productName: "casco da bici" });
  await offer("shop4", 40, DUOMO, { productName: "bicicletta", category: "casa" });
}

const BIKES = { category: "sport", productName: "bici", location: DUOMO } as const;

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [submit, stats, summaries, guidanceModule, admin] = await Promise.all([
    import("../../functions/src/offers/submit-offer"),
    import("../../functions/src/market/price-stats"),
    import("../../functions/src/market/price-summaries"),
    import("../../functions/src/market/price-guidance"),
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
  day0 = new Date();
  await seedUserDoc(db(), BUYER, "customer", { displayName: "Anna Bianchi" });
  for (const shop of SHOPS) await seedShop(shop, DUOMO);
  await seedShop(FAR_SHOP, BERGAMO);
});

describe("priceGuidance: the range", () => {
  it("answers from offers at least a day old, as a brute force over them computes, prices rounded", async () => {
    await seedFirstDay();
    // The same day, and the next: nothing is settled yet, even after the summaries job.
    for (const days of [0, 1]) {
      await buildSummaries(at(days));
      expect(await ask(BIKES, at(days))).toEqual({ range: null, position: null });
    }
    await buildSummaries(at(2));
    const expected = bruteForce(BIKES, at(2));
    expect(expected.range?.count).toBe(5);
    expect(await ask(BIKES, at(2))).toEqual({ range: expected.range, position: null });
    // Rounded: 199,90 € and 318 € are read as 200 € and 320 €.
    expect(expected.range).toEqual({ min: 200, max: 320, count: 5 });
  });

  it("changes no answer the day a shop adds an offer or edits one, even after the summaries job", async () => {
    await seedFirstDay();
    await buildSummaries(at(2));
    const position = await seedRequest(DUOMO);
    const before = [await ask(BIKES, at(2)), await ask({ requestId: position, price: 260 }, at(2), "shop1")];
    expect(before[0]?.range).not.toBeNull();

    // A new offer far below the others, and shop1's 250 € offer edited to 999 €, both on the day.
    await offer("shop2", 20, DUOMO, { when: at(2) });
    const edited = db().doc(`offers/${seeded[0]?.offerId}`);
    const stored = (await edited.get()).data();
    await edited.update({ price: 999 });
    const now = async () => at(2);
    const outcome = await stats.recordEditedOfferPrice(
      db(),
      edited.id,
      stored,
      { ...stored, price: 999 },
      now,
    );
    expect(outcome).toBe("recorded");
    await buildSummaries(at(2));
    const after = [await ask(BIKES, at(2)), await ask({ requestId: position, price: 260 }, at(2), "shop1")];
    expect(after).toEqual(before);

    // Once settled, the new offer counts, and the edited one once, at its new price.
    seeded[0] = { ...(seeded[0] as Seeded), price: 999, at: at(2) };
    await buildSummaries(at(4));
    const expected = bruteForce(BIKES, at(4));
    expect(expected.range).toEqual({ min: 20, max: 1000, count: 6 });
    expect(await ask(BIKES, at(4))).toEqual({ range: expected.range, position: null });
  });

  it("answers nothing for four offers, or for offers from only two shops", async () => {
    for (const [shop, price] of [
      ["shop1", 250],
      ["shop2", 280],
      ["shop3", 199],
      ["shop4", 320],
    ] as const) {
      await offer(shop, price, DUOMO, { productName: "monopattino" });
    }
    for (const shop of ["shop1", "shop2"]) {
      for (const price of [60, 70, 80]) await offer(shop, price, DUOMO, { productName: "skateboard" });
    }
    await buildSummaries(at(2));
    for (const productName of ["monopattino", "skateboard"]) {
      expect(await ask({ ...BIKES, productName }, at(2))).toEqual({ range: null, position: null });
    }
  });
});

describe("priceGuidance: the shop's position", () => {
  it("is a band, never a number, for a request the shop may offer on", async () => {
    await seedFirstDay();
    await buildSummaries(at(2));
    const request = await seedRequest(NEAR, "Bici da città");
    const query = { category: "sport", productName: "Bici da città", location: NEAR };
    for (const [price, band] of [
      [150, "low"],
      [290, "middle"],
      [500, "high"],
    ] as const) {
      const answer = await ask({ requestId: request, price }, at(2), "shop1");
      const { range, rank } = bruteForce({ ...query, price }, at(2));
      expect(answer).toEqual({ range, position: band });
      expect(PRICE_BANDS).toContain(answer.position);
      expect(rank === null ? null : rank < 0.2 ? "low" : rank > 0.8 ? "high" : "middle").toBe(band);
    }
  });

  it("is refused for a request outside the shop's area or closed, and to an account that is no shop", async () => {
    await seedFirstDay();
    await buildSummaries(at(2));
    const far = await seedRequest(BERGAMO);
    expect(await rejection(ask({ requestId: far, price: 100 }, at(2), "shop1"))).toMatchObject({
      code: "failed-precondition",
      message: GROUP_OFFER_MESSAGES.outsideRadius,
    });
    const closed = await seedRequest(DUOMO);
    await db().doc(`requests/${closed}`).update({ status: "cancelled" });
    expect(await rejection(ask({ requestId: closed, price: 100 }, at(2), "shop1"))).toMatchObject({
      code: "failed-precondition",
      message: OFFER_MESSAGES.requestClosed,
    });
    const open = await seedRequest(DUOMO);
    expect(await rejection(ask({ requestId: open, price: 100 }, at(2), BUYER))).toMatchObject({
      code: "permission-denied",
      message: SHOP_VERIFICATION_MESSAGES.notVerified,
    });
    // The same shop, on a request it may offer on, is answered.
    expect((await ask({ requestId: open, price: 100 }, at(2), "shop1")).position).toBe("low");
  });
});

describe("priceGuidance: the limits", () => {
  it("stops answering an account at its hourly limit, in Italian, and not the others", async () => {
    const call = (uid: string) => guidanceModule.priceGuidance.run(callableRequest(BIKES, { uid }));
    for (let index = 0; index < PRICE_GUIDANCE_CALLS_PER_HOUR; index += 1) await call("shop1");
    expect(await rejection(call("shop1"))).toMatchObject({
      code: "resource-exhausted",
      message: PRICE_GUIDANCE_MESSAGES.tooManyRequests,
    });
    // A shop's question counts against the same limit; another account is still answered.
    const request = await seedRequest(DUOMO);
    expect(await rejection(ask({ requestId: request, price: 100 }, new Date(), "shop1"))).toMatchObject({
      code: "resource-exhausted",
    });
    expect(await call("shop2")).toEqual({ range: null, position: null });
  });

  it("keeps no uid in the aggregates, writes their expiry, and refuses a caller who is not signed in", async () => {
    await offer("shop1", 250, DUOMO);
    await offer("shop2", 260, DUOMO);
    await offer("shop3", 270, DUOMO);
    await buildSummaries(at(2));
    for (const collection of [COLLECTIONS.priceEntries, COLLECTIONS.priceDays, COLLECTIONS.priceSummaries]) {
      const docs = await db().collection(collection).limit(10).get();
      expect(docs.size).toBeGreaterThan(0);
      // Neither as a value nor inside a key (an offer's id holds its shop's uid).
      for (const doc of docs.docs) expect(JSON.stringify([doc.id, doc.data()])).not.toContain("shop1");
    }
    // The TTL policies' fields: once no guidance window holds the day.
    const entry = (await db().collection(COLLECTIONS.priceEntries).limit(1).get()).docs[0]?.data() ?? {};
    expect((entry.expiresAt as Timestamp).toDate()).toEqual(priceDayExpiry(String(entry.day)));
    for (const collection of [COLLECTIONS.priceEntries, COLLECTIONS.priceDays, COLLECTIONS.priceBuilds]) {
      expect(TTL_POLICIES).toContainEqual({ collection, field: "expiresAt" });
    }
    expect(await rejection(guidanceModule.priceGuidance.run(callableRequest(BIKES, {})))).toMatchObject({
      code: "unauthenticated",
    });
  });
});
