// verifyShop and the pilot's review against the test stack's Auth and Firestore emulators, a fake VIES
// server and an SMTP sink: a merchant account gets the shop's powers (users/{uid}.shop `verified`, read
// by the rules) only after the server has checked the e-mail, the name, the Partita IVA (check digit,
// one account per number, VIES's answer) and an admin has approved it from the review queue; a VIES
// outage leaves the shop waiting, never refused; the shop is told the decision by e-mail.

import { deleteApp } from "firebase-admin/app";
import type { DecodedIdToken } from "firebase-admin/auth";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import type { CallableRequest } from "firebase-functions/https";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  SHOP_DECISION_EMAIL,
  SHOP_VERIFICATION_MESSAGES,
} from "../../src/domain/people/shop-verification-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { type FakeVies, startFakeVies } from "../support/fake-vies";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";
import { type SmtpSink, startSmtpSink } from "./auth-smtp-sink";

type VerifyModule = typeof import("../../functions/src/shops/verify-shop");
type ReviewsModule = typeof import("../../functions/src/shops/shop-reviews");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let vies: FakeVies;
let smtp: SmtpSink;
let verify: VerifyModule;
let reviews: ReviewsModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};

const EARLIER = Timestamp.fromDate(new Date("2025-01-01T10:00:00Z"));
const PIVA = "00743110157";
const SHOP = {
  businessName: "Ferramenta Rossi",
  partitaIva: PIVA,
  address: "Via Roma 1, Milano",
  position: { lat: 45.4642, lng: 9.19, zone: "Milano" },
  categories: ["casa"],
};
const REGISTERED = { name: "FERRAMENTA ROSSI SRL", address: "VIA ROMA 1 \n20121 MILANO MI" };

async function account(uid: string, userType: "customer" | "merchant", emailVerified: boolean) {
  await admin
    .adminAuth()
    .createUser({ uid, email: `${uid}@example.it`, emailVerified, password: "segreta123" });
  await admin
    .adminDb()
    .doc(`users/${uid}`)
    .set({ id: uid, uid, email: `${uid}@example.it`, displayName: uid, userType, createdAt: EARLIER });
}

async function read(path: string): Promise<DocumentData | undefined> {
  return (await admin.adminDb().doc(path).get()).data();
}
const userDoc = async (uid: string) => (await read(`users/${uid}`)) ?? {};

const call = (data: unknown, uid?: string) => verify.verifyShop.run(callableRequest(data, { uid }));

/** A callable request from an account whose ID token carries the admin claim (or not). */
function asStaff<T>(data: T, isAdmin = true): CallableRequest<T> {
  const request = callableRequest(data, { uid: "staff" });
  const token = { uid: "staff", ...(isAdmin ? { admin: true } : {}) } as unknown as DecodedIdToken;
  return { ...request, auth: { uid: "staff", rawToken: "test", token } };
}
const queue = async () => (await reviews.listShopReviews.run(asStaff({}))).reviews;
const decide = (data: unknown) => reviews.decideShopReview.run(asStaff(data));
const mailTo = (uid: string) => smtp.waitFor((mail) => mail.recipients.includes(`${uid}@example.it`));

beforeAll(async () => {
  [stack, vies, smtp] = await Promise.all([startStack(DATA_LAYER), startFakeVies(), startSmtpSink()]);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
    VIES_BASE_URL: vies.baseUrl,
    SMTP_HOST: smtp.host,
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: "false",
  });
  [verify, reviews, admin] = await Promise.all([
    import("../../functions/src/shops/verify-shop"),
    import("../../functions/src/shops/shop-reviews"),
    import("../../functions/src/lib/admin"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await Promise.all([stopStack(), vies?.close(), smtp?.stop()]);
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  smtp.clear();
  vies.outage = false;
  vies.requests.length = 0;
  vies.registered.clear();
  vies.registered.set(PIVA, REGISTERED);
});

describe("verifyShop and the pilot's approval", () => {
  it("a new shop waits until an admin approves it, with VIES's answer beside what it typed", async () => {
    await account("shop", "merchant", true);
    await expect(call(SHOP, "shop")).resolves.toEqual({ status: "pending" });
    expect(vies.requests).toEqual([{ countryCode: "IT", vatNumber: PIVA }]);
    const waiting = await userDoc("shop");
    expect(waiting.shop).toMatchObject({ status: "pending", partitaIva: PIVA, categories: ["casa"] });
    expect(waiting.businessName).toBe("Ferramenta Rossi");
    // No shop page, no powers, no free month while it waits.
    expect((await read("profiles/shop"))?.shop).toBeUndefined();
    expect(await read("subscriptions/shop")).toBeUndefined();

    // Only admins see the queue.
    expect(await rejection(reviews.listShopReviews.run(asStaff({}, false)))).toMatchObject({
      code: "permission-denied",
    });
    const [review] = await queue();
    expect(review).toMatchObject({
      uid: "shop",
      businessName: "Ferramenta Rossi",
      address: "Via Roma 1, Milano",
      email: "shop@example.it",
      partitaIva: PIVA,
      vies: {
        state: "valid",
        name: "FERRAMENTA ROSSI SRL",
        address: "VIA ROMA 1 20121 MILANO MI",
        source: "vies",
      },
    });

    await expect(decide({ uid: "shop", decision: "approve" })).resolves.toEqual({ ok: true });
    expect((await userDoc("shop")).shop).toMatchObject({ status: "verified" });
    expect((await read("profiles/shop"))?.businessName).toBe("Ferramenta Rossi");
    expect(await read("subscriptions/shop")).toMatchObject({ plan: null });
    expect(await queue()).toEqual([]);
    const mail = await mailTo("shop");
    expect(mail.subject).toContain(SHOP_DECISION_EMAIL.approvedSubject);

    // Changing the categories keeps it verified; a new name goes back to the queue.
    await expect(call({ ...SHOP, categories: ["casa", "sport"] }, "shop")).resolves.toEqual({
      status: "verified",
    });
    expect((await userDoc("shop")).shop).toMatchObject({ status: "verified", categories: ["casa", "sport"] });
    await expect(call({ ...SHOP, businessName: "Ferramenta Rossi & Figli" }, "shop")).resolves.toEqual({
      status: "pending",
    });
    expect((await userDoc("shop")).shop?.status).toBe("pending");
  });

  it("refuses a second account with the same Partita IVA, in Italian", async () => {
    await account("first", "merchant", true);
    await account("second", "merchant", true);
    await call(SHOP, "first");
    const error = await rejection(call({ ...SHOP, partitaIva: `IT ${PIVA}` }, "second"));
    expect(error).toMatchObject({
      code: "already-exists",
      message: SHOP_VERIFICATION_MESSAGES.partitaIvaTaken,
    });
    expect((await userDoc("second")).shop).toBeUndefined();
    expect(await read(`partiteIva/${PIVA}`)).toMatchObject({ uid: "first" });
    expect((await queue()).map((review) => review.uid)).toEqual(["first"]);
  });

  it("a VIES outage leaves the shop waiting, not refused, and the admin's queue asks VIES again", async () => {
    vies.outage = true;
    await account("shop", "merchant", true);
    await expect(call(SHOP, "shop")).resolves.toEqual({ status: "pending" });
    expect((await userDoc("shop")).shop?.status).toBe("pending");
    expect((await read("shopReviews/shop"))?.vies).toMatchObject({ state: "unavailable" });
    expect((await queue())[0]?.vies.state).toBe("unavailable");

    vies.outage = false;
    const [review] = await queue();
    expect(review?.vies).toMatchObject({ state: "valid", name: "FERRAMENTA ROSSI SRL" });
    expect(review?.viesAttempts).toBe(3);
  });

  it("a number VIES does not know goes to the reviewer as a signal, not a refusal", async () => {
    vies.registered.clear();
    await account("shop", "merchant", true);
    await expect(call(SHOP, "shop")).resolves.toEqual({ status: "pending" });
    expect((await queue())[0]?.vies).toMatchObject({ state: "not_found" });
  });

  it("a refusal tells the shop the reason by e-mail and frees the Partita IVA", async () => {
    await account("shop", "merchant", true);
    await account("owner", "merchant", true);
    await call(SHOP, "shop");
    expect(await rejection(decide({ uid: "shop", decision: "refuse", reason: " " }))).toMatchObject({
      code: "invalid-argument",
      message: SHOP_VERIFICATION_MESSAGES.refusalReasonRequired,
    });
    const reason = "Il nome non corrisponde a quello registrato per questa Partita IVA.";
    await decide({ uid: "shop", decision: "refuse", reason });
    expect((await userDoc("shop")).shop).toMatchObject({ status: "refused", refusalReason: reason });
    const mail = await mailTo("shop");
    expect(mail.subject).toContain(SHOP_DECISION_EMAIL.refusedSubject);
    expect(mail.text).toContain(reason);
    // Whoever truly holds the number may now claim it.
    await expect(call(SHOP, "owner")).resolves.toEqual({ status: "pending" });
    expect(await rejection(decide({ uid: "shop", decision: "approve" }))).toMatchObject({
      code: "failed-precondition",
    });
  });

  it("a new name is public only once approved; refused, the shop's open offers are withdrawn and the buyer told", async () => {
    await account("shop", "merchant", true);
    await account("buyer", "customer", true);
    await call(SHOP, "shop");
    await decide({ uid: "shop", decision: "approve" });
    expect(await read("profiles/shop")).toMatchObject({ businessName: "Ferramenta Rossi" });
    const db = admin.adminDb();
    await db.doc("requests/req").set({
      customerId: "buyer",
      productName: "Trapano",
      status: "active",
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
    await db.doc("offers/req_shop").set({
      requestId: "req",
      merchantId: "shop",
      customerId: "buyer",
      price: 80,
      description: "Disponibile",
      deliveryOptions: ["pickup"],
      status: "pending",
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });

    // The shop renames itself: it waits for review, and everyone still sees the approved name.
    await expect(call({ ...SHOP, businessName: "Ferramenta Nuova" }, "shop")).resolves.toEqual({
      status: "pending",
    });
    expect(await read("profiles/shop")).toMatchObject({ businessName: "Ferramenta Rossi" });

    await decide({ uid: "shop", decision: "refuse", reason: "Il nome non corrisponde alla Partita IVA." });
    expect(await read("offers/req_shop")).toMatchObject({ status: "withdrawn" });
    expect(await read("users/buyer/notifications/offer_withdrawn-req_shop")).toBeDefined();
    expect(await read("profiles/shop")).toMatchObject({ businessName: "Ferramenta Rossi" });
  });

  it("a deleted shop account frees its Partita IVA and leaves no review behind", async () => {
    await account("shop", "merchant", true);
    await account("owner", "merchant", true);
    await call(SHOP, "shop");
    const { deleteAccountFor } = await import("../../functions/src/privacy/delete-account");
    await deleteAccountFor("shop", {
      db: admin.adminDb(),
      auth: admin.adminAuth(),
      now: () => new Date(),
      // No plan to cancel: this shop never paid.
      gateway: undefined,
    });
    expect(await read(`partiteIva/${PIVA}`)).toBeUndefined();
    expect(await read("shopReviews/shop")).toBeUndefined();
    await expect(call(SHOP, "owner")).resolves.toEqual({ status: "pending" });
  });

  it("refuses a name that passes for the platform, and limits the calls", async () => {
    await account("shop", "merchant", true);
    expect(await rejection(call({ ...SHOP, businessName: "Assistenza V1cino" }, "shop"))).toMatchObject({
      code: "invalid-argument",
      message: SHOP_VERIFICATION_MESSAGES.platformName,
    });
    for (let attempt = 0; attempt < 10; attempt += 1) await call(SHOP, "shop");
    expect(await rejection(call(SHOP, "shop"))).toMatchObject({ code: "resource-exhausted" });
  });

  it("refuses while the e-mail is not proved, and grants nothing", async () => {
    await account("unproved", "merchant", false);
    const error = await rejection(call(SHOP, "unproved"));
    expect(error).toMatchObject({
      code: "failed-precondition",
      message: SHOP_VERIFICATION_MESSAGES.emailNotVerified,
    });
    expect((await userDoc("unproved")).shop).toBeUndefined();
  });

  it("refuses a Partita IVA with a wrong check digit with the Italian reason", async () => {
    await account("typo", "merchant", true);
    const error = await rejection(call({ ...SHOP, partitaIva: "00743110158" }, "typo"));
    expect(error).toMatchObject({
      code: "invalid-argument",
      message: SHOP_VERIFICATION_MESSAGES.partitaIvaInvalid,
    });
    expect((await userDoc("typo")).shop).toBeUndefined();
  });

  it("refuses buyers and signed-out callers", async () => {
    await account("buyer", "customer", true);
    expect(await rejection(call(SHOP, "buyer"))).toMatchObject({
      code: "permission-denied",
      message: SHOP_VERIFICATION_MESSAGES.merchantsOnly,
    });
    expect(await rejection(call(SHOP))).toMatchObject({ code: "unauthenticated" });
    expect((await userDoc("buyer")).shop).toBeUndefined();
  });
});
