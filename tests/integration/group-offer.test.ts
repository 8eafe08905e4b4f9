// 'Un'offerta per tutti' against the test stack's Firestore emulator: submitGroupOffer sends one
// offer per request through submitOffer's own transaction and checks, and says per request what was
// sent or why not. Each buyer gets their own offer and conversation, with nothing of another buyer.

import { deleteApp } from "firebase-admin/app";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LatLng } from "../../src/domain/geo/geo";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { GROUP_OFFER_MESSAGES } from "../../src/domain/marketplace/group-offer";
import { OFFER_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { EARLIER, partitaIvaOf, seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type GroupModule = typeof import("../../functions/src/offers/submit-group-offer");
type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let group: GroupModule;
let submit: SubmitModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};
const db = () => admin.adminDb();

const SHOP = "bike-shop";
const OTHER_SHOP = "other-shop";
const BUYERS = ["anna", "bruno", "carla"] as const;
const NAMES = { anna: "Anna Bianchi", bruno: "Bruno Verdi", carla: "Carla Neri" } as const;
const DUOMO: LatLng = { lat: 45.4642, lng: 9.19 };
const NEAR: LatLng = { lat: 45.48, lng: 9.21 };
const BERGAMO: LatLng = { lat: 45.6983, lng: 9.6773 };
const TERMS = { price: 240, description: "Bici da città revisionata", deliveryOptions: ["pickup"] };

async function seedRequest(id: string, customerId: string, productName: string, place: LatLng) {
  await db()
    .doc(`requests/${id}`)
    .set({
      customerId,
      productName,
      category: "sport",
      status: "active",
      actionRadius: 10,
      location: { address: "Milano", ...place, geohash: requestGeoFields(place).geohash },
      ...requestGeoFields(place),
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
}

/** submitGroupOffer's work as the callable runs it, without the e-mail queue (as the seed runs it). */
const send = (data: unknown) => group.submitGroupOfferFor(SHOP, data, { db: db(), now: () => new Date() });

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [group, submit, admin] = await Promise.all([
    import("../../functions/src/offers/submit-group-offer"),
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
  for (const buyer of BUYERS) await seedUserDoc(db(), buyer, "customer", { displayName: NAMES[buyer] });
  for (const shop of [SHOP, OTHER_SHOP]) {
    await seedUserDoc(db(), shop, "merchant", {
      businessName: `Negozio ${shop}`,
      location: { ...DUOMO, address: "Piazza del Duomo, Milano" },
      shop: { ...VERIFIED_SHOP, partitaIva: partitaIvaOf(shop), categories: ["sport"] },
    });
    await seedTrial(db(), shop);
  }
  await seedRequest("bici-anna", "anna", "Bici da città", DUOMO);
  await seedRequest("bici-bruno", "bruno", "bicicletta da città", NEAR);
  await seedRequest("bici-carla", "carla", "biciclette", DUOMO);
});

describe("submitGroupOffer", () => {
  it("sends three separate offers to three buyers, each with a conversation of their own", async () => {
    const ids = ["bici-anna", "bici-bruno", "bici-carla"];
    const answer = await send({ ...TERMS, requestIds: ids });
    expect(answer.results).toEqual(
      ids.map((requestId) => ({ requestId, sent: true, offerId: `${requestId}_${SHOP}` })),
    );
    for (const [index, buyer] of BUYERS.entries()) {
      const offerId = `${ids[index]}_${SHOP}`;
      const offer = (await db().doc(`offers/${offerId}`).get()).data();
      expect(offer).toMatchObject({ customerId: buyer, merchantId: SHOP, price: 240, status: "pending" });
      const conversation = (await db().doc(`conversations/${offerId}`).get()).data();
      expect(conversation?.participants).toMatchObject({ customerId: buyer, customerName: NAMES[buyer] });
      // Nothing of another buyer in this buyer's offer or conversation.
      const others = BUYERS.filter((other) => other !== buyer);
      const shown = JSON.stringify([offer, conversation]);
      for (const other of others) {
        expect(shown).not.toContain(other);
        expect(shown).not.toContain(NAMES[other]);
      }
      expect((await db().doc(`requests/${ids[index]}`).get()).get("offerCount")).toBe(1);
    }
  });

  it("skips, with its reason, a request the shop already answered, and one out of its reach", async () => {
    await submit.submitOfferCall(
      SHOP,
      { ...TERMS, requestId: "bici-bruno", price: 250 },
      {
        db: db(),
        now: () => new Date(),
      },
    );
    await seedRequest("bici-lontana", "carla", "bici", BERGAMO);
    const answer = await send({
      ...TERMS,
      requestIds: ["bici-anna", "bici-bruno", "bici-carla", "bici-lontana"],
    });
    expect(answer.results).toEqual([
      { requestId: "bici-anna", sent: true, offerId: `bici-anna_${SHOP}` },
      { requestId: "bici-bruno", sent: false, reason: OFFER_MESSAGES.alreadySent },
      { requestId: "bici-carla", sent: true, offerId: `bici-carla_${SHOP}` },
      { requestId: "bici-lontana", sent: false, reason: GROUP_OFFER_MESSAGES.outsideRadius },
    ]);
    // The earlier offer keeps its own price; no offer on the far request.
    expect((await db().doc(`offers/bici-bruno_${SHOP}`).get()).get("price")).toBe(250);
    expect((await db().doc(`offers/bici-lontana_${SHOP}`).get()).exists).toBe(false);
  });

  it("refuses a closed request per request, and bad input or a signed-out caller as a whole", async () => {
    await db().doc("requests/bici-carla").update({ status: "cancelled" });
    const answer = await send({ ...TERMS, requestIds: ["bici-anna", "bici-carla"] });
    expect(answer.results[1]).toEqual({
      requestId: "bici-carla",
      sent: false,
      reason: OFFER_MESSAGES.requestClosed,
    });
    expect(await rejection(send({ ...TERMS, requestIds: ["bici-anna"] }))).toMatchObject({
      code: "invalid-argument",
      message: GROUP_OFFER_MESSAGES.tooFewRequests,
    });
    const signedOut = group.submitGroupOffer.run(
      callableRequest({ ...TERMS, requestIds: ["bici-anna", "bici-bruno"] }, {}),
    );
    expect(await rejection(signedOut)).toMatchObject({
      code: "unauthenticated",
    });
  });
});
