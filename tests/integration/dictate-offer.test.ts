// 'Detta l'offerta' (dictateOffer) against Google's Firestore emulator (the test stack's) and the local
// fake Gemini server (tests/support/fake-gemini.ts): Leonardo's gate (verified shop, plan, active
// request) before any charge, 0.5 tokens per dictation with its ledger entry, the offline extraction,
// and Gemini's JSON reply checked (a price the shop did not say is dropped).

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PLAN_MESSAGES } from "../../src/domain/billing/plan-messages";
import { DICTATION_MESSAGES } from "../../src/domain/marketplace/offer-dictation-messages";
import { SHOP_STATUS } from "../../src/domain/people/shop-status";
import { SHOP_VERIFICATION_MESSAGES } from "../../src/domain/people/shop-verification-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { type FakeGemini, geminiError, geminiJson, startFakeGemini } from "../support/fake-gemini";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type DictateModule = typeof import("../../functions/src/algo/leonardo/dictate-offer");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let gemini: FakeGemini;
let leonardo: DictateModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();
const SAID = "Ce l'ho, una Bianchi usata revisionata, 140 euro, la può ritirare domani dopo le 16";
const VERIFIED_SHOP = {
  status: SHOP_STATUS.verified,
  partitaIva: "04812310151",
  categories: ["sport"],
  verifiedAt: Timestamp.now(),
};

async function seedUser(uid: string, fields: DocumentData): Promise<void> {
  await db()
    .doc(`users/${uid}`)
    .set({
      id: uid,
      uid,
      email: `${uid}@example.it`,
      displayName: uid,
      createdAt: Timestamp.now(),
      ...fields,
    });
}

async function seedShop(uid: string, aiTokens: number): Promise<void> {
  await seedUser(uid, {
    userType: "merchant",
    shop: VERIFIED_SHOP,
    aiTokens,
    lastTokenReset: Timestamp.now(),
  });
}

async function seedRequest(id: string, status = "active"): Promise<void> {
  await db()
    .doc(`requests/${id}`)
    .set({ id, customerId: "buyer", productName: "bici da città", deliveryPreference: "both", status });
}

const tokensOf = async (uid: string) => (await db().doc(`users/${uid}`).get()).data()?.aiTokens;
const spends = async (uid: string) =>
  (await db().collection(`users/${uid}/tokenLedger`).get()).docs
    .map((doc) => doc.data())
    .filter((entry) => entry.action === "description_generation");

const dictate = (uid: string, data: unknown) => leonardo.dictateOffer.run(callableRequest(data, { uid }));

beforeAll(async () => {
  [stack, gemini] = await Promise.all([startStack(DATA_LAYER), startFakeGemini()]);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    GEMINI_API_KEY: undefined,
  });
  [leonardo, admin] = await Promise.all([
    import("../../functions/src/algo/leonardo/dictate-offer"),
    import("../../functions/src/lib/admin"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await Promise.all([stopStack(), gemini?.close()]);
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  gemini.reset();
});

afterEach(() => expect(gemini.rejections).toEqual([]));

describe("dictateOffer, offline", () => {
  it("fills the form's fields for 0.5 tokens, and stops at zero", async () => {
    await seedShop("leo", 1);
    await seedTrial(db(), "leo");
    await seedRequest("req1");
    const first = await dictate("leo", { requestId: "req1", transcript: SAID });
    expect(first).toEqual({
      fields: {
        price: 140,
        deliveryOptions: ["pickup"],
        estimatedDeliveryTime: "Domani dopo le 16",
        condition: "usato",
        description:
          "Abbiamo una Bianchi usata revisionata. Prezzo: 140 €. Ritiro in negozio. Disponibilità: domani dopo le 16.",
      },
      priceMissing: false,
      source: "offline",
      tokenBalance: 0.5,
    });
    // No price said: none is invented, and the dictation still costs what Leonardo's reading costs.
    const noPrice = await dictate("leo", { requestId: "req1", transcript: "ce l'ho, consegna da sabato" });
    expect(noPrice.priceMissing).toBe(true);
    expect(noPrice.fields).not.toHaveProperty("price");
    expect(noPrice.fields).toMatchObject({
      deliveryOptions: ["delivery"],
      estimatedDeliveryTime: "Da sabato",
    });
    expect(noPrice.fields.description).toContain("bici da città");
    const refused = await dictate("leo", { requestId: "req1", transcript: SAID });
    expect(refused).toEqual({
      fields: {},
      priceMissing: true,
      source: "offline",
      tokenBalance: 0,
      outOfTokens: true,
    });
    expect(await spends("leo")).toHaveLength(2);
    // No offer is written: the shop sends the form itself.
    expect((await db().collection("offers").get()).empty).toBe(true);
  });

  it("refuses buyers, unverified shops, lapsed plans, closed requests and long or empty dictations before any charge", async () => {
    await seedUser("buyer", { userType: "customer", aiTokens: 5, lastTokenReset: Timestamp.now() });
    await seedUser("selfmade", { userType: "merchant", aiTokens: 5, lastTokenReset: Timestamp.now() });
    await seedShop("lapsed", 5);
    await seedTrial(db(), "lapsed", new Date(Date.now() - 60 * 24 * 60 * 60 * 1000));
    await seedShop("leo", 5);
    await seedTrial(db(), "leo");
    await seedRequest("req1");
    await seedRequest("closed", "completed");
    const input = { requestId: "req1", transcript: SAID };
    expect(await rejection(dictate("buyer", input))).toMatchObject({ code: "permission-denied" });
    expect(await rejection(dictate("selfmade", input))).toMatchObject({
      code: "permission-denied",
      message: SHOP_VERIFICATION_MESSAGES.notVerified,
    });
    expect(await rejection(dictate("lapsed", input))).toMatchObject({
      code: "failed-precondition",
      message: PLAN_MESSAGES.planRequired,
    });
    expect(await rejection(dictate("leo", { requestId: "closed", transcript: SAID }))).toMatchObject({
      code: "not-found",
      message: "Richiesta non trovata",
    });
    expect(
      await rejection(dictate("leo", { requestId: "req1", transcript: "x".repeat(1001) })),
    ).toMatchObject({
      code: "invalid-argument",
      message: DICTATION_MESSAGES.tooLong,
    });
    expect(await rejection(dictate("leo", { requestId: "req1", transcript: "   " }))).toMatchObject({
      code: "invalid-argument",
      message: DICTATION_MESSAGES.emptyTranscript,
    });
    expect(await rejection(dictate(undefined as never, input))).toMatchObject({ code: "unauthenticated" });
    for (const uid of ["buyer", "selfmade", "lapsed", "leo"]) {
      expect(await tokensOf(uid), uid).toBe(5);
      expect(await spends(uid), uid).toEqual([]);
    }
  });
});

describe("dictateOffer with Gemini", () => {
  const deps = () => ({
    db: db(),
    gemini: { apiKey: "test-key", model: "gemini-test", baseUrl: gemini.url, timeoutMs: 5_000 },
    now: () => new Date(),
  });

  it("asks for JSON with a schema, the words as data; drops a price the shop did not say; falls back offline", async () => {
    await seedShop("leo", 5);
    await seedTrial(db(), "leo");
    await seedRequest("req1");
    gemini.enqueue(
      geminiJson({
        price: 140,
        deliveryOptions: ["pickup", "pickup"],
        estimatedDeliveryTime: "Domani dopo le 16",
        condition: "usato",
        description: "Abbiamo una Bianchi usata e revisionata, a 140 €.",
      }),
    );
    const read = await leonardo.dictateOfferFor("leo", { requestId: "req1", transcript: SAID }, deps());
    expect(read).toMatchObject({
      fields: { price: 140, deliveryOptions: ["pickup"], estimatedDeliveryTime: "Domani dopo le 16" },
      priceMissing: false,
      source: "gemini",
      tokenBalance: 4.5,
    });
    const sent = gemini.requests[0]?.body as {
      generationConfig: { responseMimeType: string; responseSchema: { required: string[] } };
      contents: Array<{ parts: Array<{ text: string }> }>;
    };
    expect(sent.generationConfig.responseMimeType).toBe("application/json");
    expect(sent.generationConfig.responseSchema.required).toEqual(["description"]);
    expect(sent.contents[0]?.parts[0]?.text).toContain("<<<MESSAGGIO_UTENTE>>>");

    // The model names a price nobody said: it is dropped, and the page says the price was not heard.
    gemini.enqueue(geminiJson({ price: 99, deliveryOptions: ["delivery"], description: "Abbiamo la bici." }));
    const invented = await leonardo.dictateOfferFor(
      "leo",
      { requestId: "req1", transcript: "ce l'ho, consegna a domicilio" },
      deps(),
    );
    expect(invented.fields).not.toHaveProperty("price");
    expect(invented.priceMissing).toBe(true);

    // A failed call is read by the offline extractor: the shop still gets its fields.
    gemini.enqueue(geminiError(503));
    const fallback = await leonardo.dictateOfferFor("leo", { requestId: "req1", transcript: SAID }, deps());
    expect(fallback).toMatchObject({ source: "offline", fields: { price: 140 }, tokenBalance: 3.5 });
  });
});
