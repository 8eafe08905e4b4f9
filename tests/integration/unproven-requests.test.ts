// Accounts whose e-mail is not proven: their requests are stored but reach no shop until the address is
// proven by the magic link; their Algo turns are capped lower. The publishing callable and the magic link
// run against the test stack's emulators; the shop reads its feed through the app's own data layer,
// signed in, under firestore.rules.

import { deleteApp } from "firebase-admin/app";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { ALGO_LIMIT_MESSAGES } from "../../src/domain/algo/algo-limit-messages";
import { algoUsageDay } from "../../src/domain/algo/algo-usage";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { ALGO_DAILY_TURN_CAP_UNPROVEN, REQUEST_LIFETIME_MS } from "../../src/domain/core/limits";
import { fetchNearbyPage } from "../../src/domain/geo/geo-feed";
import { shopAreaAround } from "../../src/domain/geo/shop-area";
import { REQUEST_STATUS } from "../../src/domain/marketplace/state-machine";
import { SHOP_STATUS } from "../../src/domain/people/shop-status";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { type SignedInClient, signedInClient } from "../support/signed-in-client";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type FormModule = typeof import("../../functions/src/algo/publish-form");
type AlgoModule = typeof import("../../functions/src/algo/algo-chat");
type MagicLinkModule = typeof import("../../functions/src/auth/magic-link");
type AdminModule = typeof import("../../functions/src/lib/admin");

const ISOLA = { address: "Via Borsieri 3, Milano", lat: 45.4869, lng: 9.1903 };
const BUYER = "nuova";
const BUYER_EMAIL = "nuova@example.it";

let stack: TestStack;
let form: FormModule;
let algo: AlgoModule;
let magic: MagicLinkModule;
let admin: AdminModule;
let shop: SignedInClient;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();
const read = async (path: string) => (await db().doc(path).get()).data();

const formInput = {
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
};

/** The request ids a verified shop near Isola finds in its feed (the app's query, under the rules). */
async function shopFeed(): Promise<string[]> {
  const page = await fetchNearbyPage(firestoreFeedExecutor(shop.lite), {
    center: { lat: ISOLA.lat, lng: ISOLA.lng },
    radiusKm: 10,
    pageSize: 20,
  });
  return page.items.map((item) => item.id);
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
  [form, algo, magic, admin] = await Promise.all([
    import("../../functions/src/algo/publish-form"),
    import("../../functions/src/algo/algo-chat"),
    import("../../functions/src/auth/magic-link"),
    import("../../functions/src/lib/admin"),
  ]);
  await stack.resetData();
  // A buyer who registered with a password and never opened the confirmation link.
  await admin
    .adminAuth()
    .createUser({ uid: BUYER, email: BUYER_EMAIL, password: "segreta1", emailVerified: false });
  await db().doc(`${COLLECTIONS.users}/${BUYER}`).set({
    id: BUYER,
    uid: BUYER,
    email: BUYER_EMAIL,
    displayName: "Nuova",
    userType: "customer",
    isVerified: false,
    createdAt: Timestamp.now(),
    aiTokens: 5,
    monthlyTokensUsed: 0,
    lastTokenReset: Timestamp.now(),
  });
  await db()
    .doc(`${COLLECTIONS.users}/isola-shop`)
    .set({
      id: "isola-shop",
      uid: "isola-shop",
      email: "isola-shop@example.it",
      displayName: "Ferramenta Isola",
      userType: "merchant",
      createdAt: Timestamp.now(),
      businessName: "Ferramenta Isola",
      location: { ...ISOLA, zone: "Milano" },
      shop: {
        status: SHOP_STATUS.verified,
        partitaIva: "04812310151",
        categories: ["casa"],
        verifiedAt: Timestamp.now(),
      },
    });
  // The area the rules let its feed list, as syncProfile writes it for a verified shop.
  await db().doc(`${COLLECTIONS.shopAreas}/isola-shop`).set(shopAreaAround(ISOLA));
  shop = await signedInClient(stack, {
    uid: "isola-shop",
    email: "isola-shop@example.it",
    emailVerified: true,
  });
});

afterAll(async () => {
  await shop?.close();
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

describe("a request from an account whose e-mail is not proven", () => {
  it("is stored but reaches no shop until the address is proven, then reaches them", async () => {
    const { requestId } = await form.publishRequest.run(
      callableRequest(formInput, { uid: BUYER, emailVerified: false }),
    );
    expect(await read(`${COLLECTIONS.requests}/${requestId}`)).toMatchObject({
      customerId: BUYER,
      status: REQUEST_STATUS.awaitingEmail,
    });
    expect(await shopFeed()).not.toContain(requestId);

    // The buyer taps 'Mandami di nuovo il link' and opens it: the magic link proves the address.
    const sent: string[] = [];
    const deps = {
      db: db(),
      auth: admin.adminAuth(),
      mailer: { send: async (message: { text: string }) => void sent.push(message.text) },
      welcomeQueue: { enqueue: async () => undefined },
      appUrl: "http://127.0.0.1:5173",
      now: () => new Date(),
    };
    await magic.requestMagicLink({ email: BUYER_EMAIL, userType: "customer" }, "192.0.2.9", deps);
    const token = /token=([\w-]+)/.exec(sent.join("\n"))?.[1] ?? "";
    const before = Date.now();
    await expect(magic.redeemMagicLink({ token }, deps)).resolves.toMatchObject({ email: BUYER_EMAIL });

    const released = await read(`${COLLECTIONS.requests}/${requestId}`);
    expect(released).toMatchObject({ status: REQUEST_STATUS.active });
    // Its 7 days start now, when the shops can see it.
    const expiresAt = released?.expiresAt as Timestamp | undefined;
    expect(expiresAt?.toMillis()).toBeGreaterThanOrEqual(before + REQUEST_LIFETIME_MS);
    expect(await shopFeed()).toContain(requestId);
  });

  it("caps the account's Algo turns lower until the address is proven", async () => {
    await db()
      .doc(`${COLLECTIONS.users}/${BUYER}`)
      .update({
        algoUsage: { day: algoUsageDay(new Date()), turns: ALGO_DAILY_TURN_CAP_UNPROVEN, refunds: 0 },
      });
    const turn = (emailProven: boolean) =>
      algo.runAlgoChat(
        BUYER,
        { message: "Cerco una sedia" },
        { db: db(), gemini: undefined, now: () => new Date(), emailProven },
      );
    expect(await rejection(turn(false))).toMatchObject({
      code: "resource-exhausted",
      message: ALGO_LIMIT_MESSAGES.dailyTurnsUnproven,
    });
    await expect(turn(true)).resolves.toMatchObject({ conversationId: expect.any(String) });
  });
});
