// AI tokens against Google's Firestore emulator (the test stack's, rules loaded; the admin SDK bypasses them): algoChat's spend transaction under
// concurrency, the lazy monthly reset, purchaseTokens' exactly-once credit, and the ledger. The
// handlers are the exported callables (`.run(request)`), or their inner functions where a test moves
// the clock.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALGO_MESSAGES } from "../../src/domain/algo/algo-messages";
import { ERROR_MESSAGES } from "../../src/domain/core/common-messages";
import { SHOP_STATUS } from "../../src/domain/people/shop-status";
import { SHOP_VERIFICATION_MESSAGES } from "../../src/domain/people/shop-verification-messages";
import { ACCOUNT_GUARD_MESSAGES } from "../../src/domain/people/trust-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AlgoModule = typeof import("../../functions/src/algo/algo-chat");
type PurchaseModule = typeof import("../../functions/src/tokens/purchase-tokens");
type AdminModule = typeof import("../../functions/src/lib/admin");
type OfferModule = typeof import("../../functions/src/algo/offer-description/generate-offer-description");

let stack: TestStack;
let algo: AlgoModule;
let purchase: PurchaseModule;
let admin: AdminModule;
let offer: OfferModule;
let restoreEnv: () => void = () => {};

const callable = <T>(data: T, uid?: string) => callableRequest(data, { uid });

const db = () => admin.adminDb();

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

async function user(uid: string): Promise<DocumentData> {
  return (await db().doc(`users/${uid}`).get()).data() ?? {};
}

type Ledger = { kind: string; amount: number; balanceAfter: number; action?: string; paymentId?: string };

async function ledger(uid: string): Promise<Ledger[]> {
  const snapshot = await db().collection(`users/${uid}/tokenLedger`).get();
  return snapshot.docs.map((doc) => doc.data() as Ledger);
}

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 1000) / 1000;

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    // What the Functions emulator sets: the simulated payments run only with it (payment-provider.ts).
    FUNCTIONS_EMULATOR: "true",
    METADATA_SERVER_DETECTION: "none",
    GEMINI_API_KEY: undefined,
    PAYMENT_PROVIDER: undefined,
  });
  [algo, purchase, admin, offer] = await Promise.all([
    import("../../functions/src/algo/algo-chat"),
    import("../../functions/src/tokens/purchase-tokens"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/algo/offer-description/generate-offer-description"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(() => stack.resetData());

describe("algoChat token spend", () => {
  // Google's emulator locks a document for a transaction and makes the others wait, as Firestore does,
  // and answers 'Transaction lock timeout' to one that waited too long: a dozen turns on one balance did
  // that once in a clean-clone run on a busy host. Eight is contention enough: twice what the balance pays.
  it("lets exactly 4 of 8 concurrent text turns through on a balance of 2", async () => {
    await seedUser("buyer", {
      userType: "customer",
      aiTokens: 2,
      monthlyTokensUsed: 0,
      aiInteractions: 0,
      lastTokenReset: Timestamp.now(),
    });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        algo.algoChat.run(callable({ message: `Cerco una bicicletta numero ${i}` }, "buyer")),
      ),
    );
    const served = replies.filter((reply) => !reply.outOfTokens);
    const refused = replies.filter((reply) => reply.outOfTokens);
    expect(served).toHaveLength(4);
    expect(refused).toHaveLength(4);
    for (const reply of refused) {
      expect(reply.message).toBe(ALGO_MESSAGES.outOfTokens);
      expect(reply.isComplete).toBe(false);
      expect(reply.tokenBalance).toBe(0);
    }
    expect(served.map((reply) => reply.tokenBalance).sort((a, b) => b - a)).toEqual([1.5, 1, 0.5, 0]);

    const after = await user("buyer");
    expect(after).toMatchObject({ aiTokens: 0, monthlyTokensUsed: 2, aiInteractions: 4 });
    const entries = await ledger("buyer");
    expect(entries).toHaveLength(4);
    expect(entries.every((entry) => entry.kind === "spend" && entry.amount === -0.5)).toBe(true);
    expect(entries.every((entry) => entry.action === "text_chat")).toBe(true);
    expect(entries.map((entry) => entry.balanceAfter).sort((a, b) => b - a)).toEqual([1.5, 1, 0.5, 0]);
    // Refused turns never reached Algo: 4 conversations, 4 learning records.
    expect((await db().collection("algo_conversations").get()).size).toBe(4);
    expect((await db().collection("ai_learning").get()).size).toBe(4);
  });

  it("offline, a photo costs nothing (no model looks at it: it is only kept with the request); its words cost a text chat", async () => {
    // With Gemini a photo is an image analysis (1 token): algo-chat.test.ts 'image-analysed'.
    await seedUser("photo", { userType: "customer", aiTokens: 1.5, lastTokenReset: Timestamp.now() });
    const image = Buffer.from("jpeg").toString("base64");
    const first = await algo.algoChat.run(callable({ message: "", imageBase64: image }, "photo"));
    expect(first.outOfTokens).toBeUndefined();
    expect(first.tokenBalance).toBe(1.5);
    const text = await algo.algoChat.run(
      callable({ conversationId: first.conversationId, message: "una lampada", imageBase64: image }, "photo"),
    );
    expect(text.tokenBalance).toBe(1);
    expect((await ledger("photo")).map((entry) => [entry.action, entry.amount])).toEqual([
      ["text_chat", -0.5],
    ]);
  });

  it("refuses callers without a session or without a user document", async () => {
    expect(await rejection(algo.algoChat.run(callable({ message: "ciao" })))).toMatchObject({
      code: "unauthenticated",
    });
    // No users document: the account guard answers as for a deleted account.
    expect(await rejection(algo.algoChat.run(callable({ message: "ciao" }, "ghost")))).toMatchObject({
      code: "permission-denied",
      message: ACCOUNT_GUARD_MESSAGES.deleted,
    });
  });
});

describe("monthly reset", () => {
  const march = new Date("2025-03-10T10:00:00Z");
  const lateMarch = new Date("2025-03-31T22:30:00Z");
  const april = new Date("2025-04-01T08:00:00Z");

  function chat(uid: string, now: Date, message = "Cerco una lampada") {
    return algo.runAlgoChat(
      uid,
      { message },
      { db: db(), gemini: undefined, now: () => now, emailProven: true },
    );
  }

  it("credits 5 to a customer once per month (Europe/Rome calendar)", async () => {
    await seedUser("monthly", {
      userType: "customer",
      aiTokens: 1,
      monthlyTokensUsed: 3,
      aiInteractions: 7,
      lastTokenReset: Timestamp.fromDate(new Date("2025-02-14T09:00:00Z")),
    });
    expect((await chat("monthly", march)).tokenBalance).toBe(5.5);
    expect((await chat("monthly", march)).tokenBalance).toBe(5);
    // 22:30 UTC on 31 March is already 1 April in Rome (UTC+2).
    expect((await chat("monthly", lateMarch)).tokenBalance).toBe(9.5);
    expect((await chat("monthly", april)).tokenBalance).toBe(9);

    const after = await user("monthly");
    expect(after.monthlyTokensUsed).toBe(1);
    expect((after.lastTokenReset as Timestamp).toDate()).toEqual(lateMarch);
    const entries = await ledger("monthly");
    expect(
      entries.filter((entry) => entry.kind === "monthly_allowance").map((entry) => entry.amount),
    ).toEqual([5, 5]);
    expect(entries.filter((entry) => entry.kind === "spend")).toHaveLength(4);
    expect(sum(entries.map((entry) => entry.amount))).toBe(9 - 1);
  });

  it("credits a negative balance after the reset, even when the turn is then refused; a shop gets no Algo turn", async () => {
    // Algo serves buyers only: a merchant is refused before any reset or charge.
    await seedUser("shop", { userType: "merchant" });
    expect(await rejection(chat("shop", march))).toMatchObject({
      code: "permission-denied",
      message: ERROR_MESSAGES.algoBuyersOnly,
    });
    expect((await user("shop")).aiTokens).toBeUndefined();
    expect(await ledger("shop")).toEqual([]);
    expect((await db().collection("algo_conversations").get()).size).toBe(0);

    await seedUser("broke", {
      userType: "customer",
      aiTokens: -2,
      lastTokenReset: Timestamp.fromDate(new Date("2025-02-01T09:00:00Z")),
    });
    // -2 + 5 = 3: enough again after the reset.
    expect((await chat("broke", march)).tokenBalance).toBe(2.5);
    await seedUser("empty", {
      userType: "customer",
      aiTokens: -5,
      lastTokenReset: Timestamp.fromDate(new Date("2025-02-01T09:00:00Z")),
    });
    const refused = await chat("empty", march);
    expect(refused).toMatchObject({ outOfTokens: true, tokenBalance: 0 });
    const empty = await user("empty");
    expect(empty.aiTokens).toBe(0);
    expect((empty.lastTokenReset as Timestamp).toDate()).toEqual(march);
    expect((await ledger("empty")).map((entry) => entry.kind)).toEqual(["monthly_allowance"]);
  });
});

describe("purchaseTokens", () => {
  it("credits a pack exactly once per paymentId, also under concurrent replays", async () => {
    await seedUser("payer", { userType: "customer", aiTokens: 2, lastTokenReset: Timestamp.now() });
    const input = { packageId: "standard", paymentId: "pay_0001" };
    const first = await purchase.purchaseTokens.run(callable(input, "payer"));
    expect(first).toMatchObject({
      tokenBalance: 27,
      replayed: false,
      purchase: { id: "pay_0001", amount: 25, price: 5.99, packageId: "standard" },
    });
    expect(Number.isNaN(Date.parse(first.purchase.purchaseDate))).toBe(false);

    const replays = await Promise.all(
      Array.from({ length: 5 }, () => purchase.purchaseTokens.run(callable(input, "payer"))),
    );
    for (const replay of replays) {
      expect(replay).toMatchObject({ tokenBalance: 27, replayed: true, purchase: first.purchase });
    }

    const payer = await user("payer");
    expect(payer.aiTokens).toBe(27);
    expect(payer.tokenPurchases).toHaveLength(1);
    expect(payer.tokenPurchases[0]).toMatchObject({ id: "pay_0001", amount: 25, price: 5.99 });
    const stored = (await db().doc("tokenPurchases/pay_0001").get()).data();
    expect(stored).toMatchObject({
      userId: "payer",
      packageId: "standard",
      provider: "simulated",
      providerRef: "simulated_pay_0001",
      status: "succeeded",
    });
    expect(await ledger("payer")).toEqual([
      expect.objectContaining({ kind: "purchase", amount: 25, balanceAfter: 27, paymentId: "pay_0001" }),
    ]);
  });

  it("lets exactly one of several first-time concurrent calls credit", async () => {
    await seedUser("racer", { userType: "merchant", aiTokens: 0, lastTokenReset: Timestamp.now() });
    const input = { packageId: "business", paymentId: "pay_race" };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => purchase.purchaseTokens.run(callable(input, "racer"))),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(results.every((result) => result.tokenBalance === 50)).toBe(true);
    expect((await user("racer")).aiTokens).toBe(50);
    expect((await ledger("racer")).filter((entry) => entry.kind === "purchase")).toHaveLength(1);
  });

  it("sells only the caller's role's packs and keeps payment ids to their payer", async () => {
    await seedUser("cust", { userType: "customer", aiTokens: 0, lastTokenReset: Timestamp.now() });
    await seedUser("other", { userType: "customer", aiTokens: 0, lastTokenReset: Timestamp.now() });
    expect(
      await rejection(
        purchase.purchaseTokens.run(callable({ packageId: "enterprise", paymentId: "p1" }, "cust")),
      ),
    ).toMatchObject({ code: "invalid-argument", message: "Pacchetto di token non disponibile." });
    await purchase.purchaseTokens.run(callable({ packageId: "basic", paymentId: "p2" }, "cust"));
    expect(
      await rejection(
        purchase.purchaseTokens.run(callable({ packageId: "basic", paymentId: "p2" }, "other")),
      ),
    ).toMatchObject({ code: "already-exists" });
    expect((await user("other")).aiTokens).toBe(0);
    expect(
      await rejection(
        purchase.purchaseTokens.run(callable({ packageId: "basic", paymentId: "a/b" }, "cust")),
      ),
    ).toMatchObject({ code: "invalid-argument" });
    expect(
      await rejection(purchase.purchaseTokens.run(callable({ packageId: "basic", paymentId: "p3" }))),
    ).toMatchObject({ code: "unauthenticated" });
  });

  it("applies a due monthly reset before crediting, and the ledger adds up", async () => {
    await seedUser("late", {
      userType: "customer",
      aiTokens: 0.5,
      lastTokenReset: Timestamp.fromDate(new Date("2025-01-05T09:00:00Z")),
    });
    const now = new Date("2025-02-05T09:00:00Z");
    const result = await purchase.purchaseTokensFor(
      "late",
      { packageId: "basic", paymentId: "pay_late" },
      {
        db: db(),
        provider: (await import("../../functions/src/tokens/payment-provider")).simulatedPaymentProvider,
        now: () => now,
      },
    );
    expect(result.tokenBalance).toBe(15.5);
    const entries = await ledger("late");
    expect(entries.map((entry) => entry.kind).sort()).toEqual(["monthly_allowance", "purchase"]);
    expect(sum(entries.map((entry) => entry.amount))).toBe(15.5 - 0.5);
  });

  it("refuses purchases where no payment provider is configured", async () => {
    await seedUser("nopay", { userType: "customer", aiTokens: 0, lastTokenReset: Timestamp.now() });
    const error = await rejection(
      purchase.purchaseTokensFor(
        "nopay",
        { packageId: "basic", paymentId: "pay_none" },
        { db: db(), provider: undefined, now: () => new Date() },
      ),
    );
    expect(error).toMatchObject({ code: "unavailable" });
    expect((await user("nopay")).aiTokens).toBe(0);
  });

  it("refuses the simulated provider outside the emulators, whatever PAYMENT_PROVIDER says", async () => {
    await seedUser("prod", { userType: "customer", aiTokens: 0, lastTokenReset: Timestamp.now() });
    const { paymentProviderFromEnv } = await import("../../functions/src/tokens/payment-provider");
    // A deployed function: a real project id, no emulator flags, and someone set PAYMENT_PROVIDER.
    const provider = paymentProviderFromEnv({
      PAYMENT_PROVIDER: "simulated",
      ALLOW_SIMULATED_PAYMENTS: "true",
      GCLOUD_PROJECT: "vicino-prod",
      FIREBASE_CONFIG: JSON.stringify({ projectId: "vicino-prod" }),
    });
    const error = await rejection(
      purchase.purchaseTokensFor(
        "prod",
        { packageId: "basic", paymentId: "pay_prod" },
        { db: db(), provider, now: () => new Date() },
      ),
    );
    expect(error).toMatchObject({ code: "unavailable", message: ERROR_MESSAGES.paymentsUnavailable });
    expect((await user("prod")).aiTokens).toBe(0);
    expect((await db().doc("tokenPurchases/pay_prod").get()).exists).toBe(false);
  });
});

describe("generateOfferDescription", () => {
  const VERIFIED_SHOP = {
    status: SHOP_STATUS.verified,
    partitaIva: "04812310151",
    categories: ["casa"],
    verifiedAt: Timestamp.now(),
  };

  async function seedRequest(id: string, status = "active"): Promise<void> {
    await db()
      .doc(`requests/${id}`)
      .set({
        id,
        customerId: "buyer",
        productName: "trapano avvitatore",
        budget: { min: 0, max: 150 },
        urgency: "giornata",
        deliveryPreference: "pickup",
        productDetails: { condition: "nuovo" },
        status,
      });
  }

  it("writes an offer for 0.5 tokens, verified shops only, and stops at zero", async () => {
    await seedUser("leo", {
      userType: "merchant",
      shop: VERIFIED_SHOP,
      businessName: "Ferramenta Rossi",
      aiTokens: 1,
      lastTokenReset: Timestamp.now(),
    });
    await seedTrial(db(), "leo");
    await seedUser("buyer", { userType: "customer", aiTokens: 5, lastTokenReset: Timestamp.now() });
    await seedRequest("req1");
    const input = { requestId: "req1", price: 89 };
    const first = await offer.generateOfferDescription.run(callable(input, "leo"));
    expect(first.tokenBalance).toBe(0.5);
    expect(first.description).toContain("trapano avvitatore (nuovo) a 89 €");
    expect(first.description).toContain("Ferramenta Rossi");
    await offer.generateOfferDescription.run(callable(input, "leo"));
    const refused = await offer.generateOfferDescription.run(callable(input, "leo"));
    expect(refused).toEqual({ description: "", tokenBalance: 0, outOfTokens: true });
    expect((await ledger("leo")).filter((entry) => entry.action === "description_generation")).toHaveLength(
      2,
    );

    expect(await rejection(offer.generateOfferDescription.run(callable(input, "buyer")))).toMatchObject({
      code: "permission-denied",
    });
    // A self-declared merchant the server has not verified: refused before any charge.
    await seedUser("selfmade", { userType: "merchant", aiTokens: 5, lastTokenReset: Timestamp.now() });
    expect(await rejection(offer.generateOfferDescription.run(callable(input, "selfmade")))).toMatchObject({
      code: "permission-denied",
      message: SHOP_VERIFICATION_MESSAGES.notVerified,
    });
    expect((await user("selfmade")).aiTokens).toBe(5);
    expect(await ledger("selfmade")).toEqual([]);
    await seedRequest("closed", "completed");
    expect(
      await rejection(
        offer.generateOfferDescription.run(callable({ requestId: "closed", price: 10 }, "leo")),
      ),
    ).toMatchObject({ code: "not-found", message: "Richiesta non trovata" });
    expect(
      await rejection(offer.generateOfferDescription.run(callable({ requestId: "req1", price: 0 }, "leo"))),
    ).toMatchObject({ code: "invalid-argument", message: "Inserisci un prezzo valido" });
    expect((await user("buyer")).aiTokens).toBe(5);
  });
});
