// A suspended buyer's requests leave every feed and take no offer, and come back when an admin lifts
// the suspension: the suspension's own path (users/{uid}.suspendedAt, then endSuspendedDealings, as
// moderateReport's suspendUser runs them) against the test stack's emulators; the shop reads its feed
// through the app's own data layer, signed in, under firestore.rules.

import { deleteApp } from "firebase-admin/app";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { fetchNearbyPage } from "../../src/domain/geo/geo-feed";
import { shopAreaAround } from "../../src/domain/geo/shop-area";
import { holdFingerprint } from "../../src/domain/marketplace/deal-end";
import { OFFER_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { REQUEST_STATUS } from "../../src/domain/marketplace/state-machine";
import { ACCOUNT_GUARD_MESSAGES } from "../../src/domain/people/trust-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { type SignedInClient, signedInClient } from "../support/signed-in-client";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AdminModule = typeof import("../../functions/src/lib/admin");
type FormModule = typeof import("../../functions/src/algo/publish-form");
type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type AcceptModule = typeof import("../../functions/src/deals/accept-offer");
type SuspensionModule = typeof import("../../functions/src/moderation/suspension");

const ISOLA = { address: "Via Borsieri 3, Milano", lat: 45.4869, lng: 9.1903 };
const BUYER = "sospesa";
const SHOP = "isola-shop";
const LATE_SHOP = "late-shop";
const TERMS = { price: 35, description: "Lampada in ottone", deliveryOptions: ["pickup" as const] };
/** What the buyer's screen showed when accepting: the terms and the hold (the shop's default, no hours). */
const SEEN = { ...TERMS, hold: holdFingerprint({}) };

let stack: TestStack;
let admin: AdminModule;
let form: FormModule;
let submit: SubmitModule;
let accept: AcceptModule;
let suspension: SuspensionModule;
let shop: SignedInClient;
let restoreEnv: () => void = () => {};
const db = () => admin.adminDb();
const now = () => new Date();

async function shopFeed(): Promise<string[]> {
  const page = await fetchNearbyPage(firestoreFeedExecutor(shop.lite), {
    center: { lat: ISOLA.lat, lng: ISOLA.lng },
    radiusKm: 10,
    pageSize: 20,
  });
  return page.items.map((item) => item.id);
}

async function seedShop(uid: string) {
  await seedUserDoc(db(), uid, "merchant", {
    businessName: `Negozio ${uid}`,
    location: { ...ISOLA, zone: "Milano" },
    shop: VERIFIED_SHOP,
  });
  await db().doc(`${COLLECTIONS.shopAreas}/${uid}`).set(shopAreaAround(ISOLA));
  await seedTrial(db(), uid);
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    GEMINI_API_KEY: undefined,
  });
  [admin, form, submit, accept, suspension] = await Promise.all([
    import("../../functions/src/lib/admin"),
    import("../../functions/src/algo/publish-form"),
    import("../../functions/src/offers/submit-offer"),
    import("../../functions/src/deals/accept-offer"),
    import("../../functions/src/moderation/suspension"),
  ]);
  await stack.resetData();
  await admin.adminAuth().createUser({ uid: BUYER, email: "sospesa@example.it", emailVerified: true });
  await seedUserDoc(db(), BUYER, "customer", {
    aiTokens: 5,
    monthlyTokensUsed: 0,
    lastTokenReset: Timestamp.now(),
  });
  await seedShop(SHOP);
  await seedShop(LATE_SHOP);
  shop = await signedInClient(stack, { uid: SHOP, email: `${SHOP}@example.it`, emailVerified: true });
});

afterAll(async () => {
  await shop?.close();
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

describe("a suspended buyer's requests", () => {
  it("leave the feed, take no offer and are accepted by nobody, and come back when the suspension is lifted", async () => {
    const { requestId } = await form.publishRequest.run(
      callableRequest(
        {
          fields: {
            productName: "Lampada da tavolo",
            description: "Luce calda",
            category: "casa",
            budget: { min: 0, max: 80 },
            urgency: "giorni",
            deliveryPreference: "both",
            productDetails: { condition: "nuovo" },
          },
          location: ISOLA,
          actionRadius: 10,
        },
        { uid: BUYER },
      ),
    );
    const { offerId } = await submit.submitOffer.run(callableRequest({ ...TERMS, requestId }, { uid: SHOP }));
    expect(await shopFeed()).toContain(requestId);

    // moderateReport's suspendUser: the users document's mark, then the dealings.
    const at = Timestamp.now();
    await db().doc(`${COLLECTIONS.users}/${BUYER}`).update({ suspendedAt: at });
    await suspension.endSuspendedDealings({ db: db(), now, mail: { send: async () => {} } }, BUYER, at);
    expect((await db().doc(`${COLLECTIONS.requests}/${requestId}`).get()).get("status")).toBe(
      REQUEST_STATUS.suspended,
    );
    expect(await shopFeed()).not.toContain(requestId);
    // Another shop's offer is refused; the buyer's acceptance too, by the guard and by the request.
    expect(
      await rejection(submit.submitOffer.run(callableRequest({ ...TERMS, requestId }, { uid: LATE_SHOP }))),
    ).toMatchObject({ message: OFFER_MESSAGES.requestClosed });
    expect(
      await rejection(accept.acceptOffer.run(callableRequest({ offerId, terms: SEEN }, { uid: BUYER }))),
    ).toMatchObject({ code: "permission-denied", message: ACCOUNT_GUARD_MESSAGES.suspended });
    expect(
      await rejection(accept.acceptOfferFor(BUYER, { offerId, terms: SEEN }, { db: db(), now })),
    ).toMatchObject({ code: "failed-precondition" });

    await suspension.liftSuspensionOf({ db: db(), auth: admin.adminAuth(), now }, BUYER);
    expect((await db().doc(`${COLLECTIONS.requests}/${requestId}`).get()).get("status")).toBe(
      REQUEST_STATUS.active,
    );
    expect(await shopFeed()).toContain(requestId);
  });
});
