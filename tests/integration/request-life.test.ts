// The request's life against Google's Firestore emulator (the test stack's; the admin SDK bypasses the
// rules), through the functions' own code with an injected clock: the expiry sweep moves a request past
// its 7 days and its pending offers in one pass (and a second run moves nothing), closing a request
// expires its pending offers, renewing gives 7 more days within its windows, cancelling an accepted deal
// reopens the request and tells the shop (a message in the conversation and a notification with its
// e-mail), a shop withdraws its pending offer and the buyer is told; wrong users and wrong states are
// refused with Italian messages.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, FieldValue, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAILURE_REASONS } from "../../src/domain/boundary/errors";
import { ERROR_MESSAGES } from "../../src/domain/core/common-messages";
import { DEAL_SYSTEM_LINES } from "../../src/domain/marketplace/deal-end";
import { SYSTEM_SENDER_NAME } from "../../src/domain/marketplace/message";
import { REQUEST_LIFE_MESSAGES } from "../../src/domain/marketplace/request-life-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type ExpireModule = typeof import("../../functions/src/requests/expire-requests");
type BackfillModule = typeof import("../../functions/src/requests/backfill-expires-at");
type ActionsModule = typeof import("../../functions/src/requests/request-actions");
type CancelModule = typeof import("../../functions/src/deals/cancel-deal");
type WithdrawModule = typeof import("../../functions/src/offers/withdraw-offer");
type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type AdminModule = typeof import("../../functions/src/lib/admin");
type OutgoingEmail = import("../../functions/src/email/send").OutgoingEmail;

const DAY = 24 * 60 * 60 * 1000;
const BUYER = "buyer";
const OTHER_BUYER = "intruder";
const SHOP = "shop";
const OTHER_SHOP = "rival";
const PUBLISHED = new Date("2026-11-01T10:00:00Z");
const EXPIRES = new Date(PUBLISHED.getTime() + 7 * DAY);

let stack: TestStack;
let expire: ExpireModule;
let backfill: BackfillModule;
let actions: ActionsModule;
let cancel: CancelModule;
let withdraw: WithdrawModule;
let submit: SubmitModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};

let clock = new Date(EXPIRES.getTime() + 60 * 1000);
let mails: OutgoingEmail[] = [];
const db = () => admin.adminDb();
const deps = () => ({ db: db(), now: () => clock });
const notifyDeps = () => ({
  ...deps(),
  mail: {
    send: async (message: OutgoingEmail) => {
      mails.push(message);
    },
  },
});

async function seedUser(uid: string, userType: "customer" | "merchant", name: string) {
  const at = Timestamp.fromDate(PUBLISHED);
  await db()
    .doc(`users/${uid}`)
    .set({ uid, email: `${uid}@example.it`, displayName: name, userType, createdAt: at });
  await db().doc(`profiles/${uid}`).set({ uid, displayName: name, userType });
}

async function seedRequest(id: string, status = "active", fields: DocumentData = {}) {
  await db()
    .doc(`requests/${id}`)
    .set({
      id,
      customerId: BUYER,
      productName: "trapano avvitatore",
      status,
      createdAt: Timestamp.fromDate(PUBLISHED),
      updatedAt: Timestamp.fromDate(PUBLISHED),
      expiresAt: Timestamp.fromDate(EXPIRES),
      // Near the shop below: submitOffer checks the request is within the shop's area.
      actionRadius: 10,
      location: { lat: 45.4642, lng: 9.19, address: "Milano" },
      ...fields,
    });
}

async function seedOffer(
  requestId: string,
  merchantId: string,
  status = "pending",
  fields: DocumentData = {},
) {
  const id = `${requestId}_${merchantId}`;
  await db()
    .doc(`offers/${id}`)
    .set({
      id,
      requestId,
      merchantId,
      customerId: BUYER,
      price: 89,
      status,
      createdAt: Timestamp.fromDate(PUBLISHED),
      updatedAt: Timestamp.fromDate(PUBLISHED),
      ...fields,
    });
  await db()
    .doc(`conversations/${id}`)
    .set({
      participants: { customerId: BUYER, customerName: "Anna", merchantId, merchantName: merchantId },
      requestId,
      offerId: id,
      status: "active",
      createdAt: Timestamp.fromDate(PUBLISHED),
      updatedAt: Timestamp.fromDate(PUBLISHED),
    });
  return id;
}

async function read(path: string): Promise<DocumentData> {
  const data = (await db().doc(path).get()).data();
  if (!data) throw new Error(`${path} missing`);
  return data;
}

const at = (date: Date) => Timestamp.fromDate(date);

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [expire, backfill, actions, cancel, withdraw, submit, admin] = await Promise.all([
    import("../../functions/src/requests/expire-requests"),
    import("../../functions/src/requests/backfill-expires-at"),
    import("../../functions/src/requests/request-actions"),
    import("../../functions/src/deals/cancel-deal"),
    import("../../functions/src/offers/withdraw-offer"),
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
  clock = new Date(EXPIRES.getTime() + 60 * 1000);
  mails = [];
  await seedUser(BUYER, "customer", "Anna");
  await seedUser(OTHER_BUYER, "customer", "Bruno");
  await seedUser(SHOP, "merchant", "Ferramenta Rossi");
  await seedUser(OTHER_SHOP, "merchant", "Brico Sud");
});

describe("the expiry sweep", () => {
  it("expires active requests past their 7 days with their pending offers, in one pass, once", async () => {
    await seedRequest("due");
    const pending = await seedOffer("due", SHOP);
    const rejected = await seedOffer("due", OTHER_SHOP, "rejected");
    // Written before expiresAt existed: the one-time backfill gives it createdAt + 7 days.
    await seedRequest("legacy");
    await db().doc("requests/legacy").update({ expiresAt: FieldValue.delete() });
    expect(await backfill.backfillExpiresAt(db(), { pageSize: 2 })).toMatchObject({ written: 1 });
    expect((await read("requests/legacy")).expiresAt).toEqual(at(EXPIRES));
    expect(await backfill.backfillExpiresAt(db(), { pageSize: 2 })).toMatchObject({ written: 0 });
    await seedRequest("fresh", "active", { expiresAt: at(new Date(clock.getTime() + DAY)) });
    await seedRequest("renewed", "active", { expiresAt: at(new Date(clock.getTime() + 6 * DAY)) });
    await seedRequest("deal", "in_progress", { acceptedOfferId: "x" });

    expect((await expire.runExpireRequests(deps())).sort()).toEqual(["due", "legacy"]);

    const due = await read("requests/due");
    expect(due).toMatchObject({ status: "expired", expiredAt: at(clock), updatedAt: at(clock) });
    expect(await read(`offers/${pending}`)).toMatchObject({
      status: "expired",
      expiredAt: at(clock),
      rejectionReason: REQUEST_LIFE_MESSAGES.offerExpiredReason,
    });
    expect((await read(`offers/${rejected}`)).status).toBe("rejected");
    expect((await read("requests/legacy")).status).toBe("expired");
    for (const id of ["fresh", "renewed"]) expect((await read(`requests/${id}`)).status).toBe("active");
    expect((await read("requests/deal")).status).toBe("in_progress");

    // Idempotent: a second run (a retried schedule) moves nothing and rewrites nothing.
    clock = new Date(clock.getTime() + 60 * 1000);
    expect(await expire.runExpireRequests(deps())).toEqual([]);
    expect((await read("requests/due")).updatedAt).toEqual(due.updatedAt);
  });

  it("leaves a request that is not yet due", async () => {
    await seedRequest("early");
    clock = new Date(EXPIRES.getTime() - 60 * 1000);
    expect(await expire.runExpireRequests(deps())).toEqual([]);
    expect((await read("requests/early")).status).toBe("active");
  });
});

describe("closeRequest", () => {
  it("closes the buyer's active request and expires its pending offers", async () => {
    await seedRequest("req", "active", { expiresAt: at(new Date(clock.getTime() + DAY)) });
    const pending = await seedOffer("req", SHOP);
    expect(
      await actions.closeRequestFor(BUYER, { requestId: "req", reason: "Non mi serve più" }, deps()),
    ).toEqual({
      requestId: "req",
      status: "cancelled",
    });
    expect(await read("requests/req")).toMatchObject({
      status: "cancelled",
      cancelledAt: at(clock),
      closeReason: "Non mi serve più",
    });
    expect((await read(`offers/${pending}`)).status).toBe("expired");
    expect((await read(`conversations/${pending}`)).updatedAt).toEqual(at(clock));
  });

  it("refuses another user, a request in progress, and a caller who is not signed in", async () => {
    await seedRequest("req");
    await seedRequest("deal", "in_progress", { acceptedOfferId: "x" });
    expect(await rejection(actions.closeRequestFor(OTHER_BUYER, { requestId: "req" }, deps()))).toMatchObject(
      {
        code: "permission-denied",
        message: ERROR_MESSAGES.permissionDenied,
      },
    );
    expect(await rejection(actions.closeRequestFor(BUYER, { requestId: "deal" }, deps()))).toMatchObject({
      code: "failed-precondition",
      message: "Operazione non consentita: la richiesta è in trattativa.",
    });
    expect(await rejection(actions.closeRequest.run(callableRequest({ requestId: "req" })))).toMatchObject({
      code: "unauthenticated",
    });
    expect((await read("requests/req")).status).toBe("active");
  });
});

describe("renewRequest", () => {
  it("renews an expired request for 7 days from now; its expired offers stay expired", async () => {
    await seedRequest("req", "expired");
    const offer = await seedOffer("req", SHOP, "expired");
    const output = await actions.renewRequestFor(BUYER, { requestId: "req" }, deps());
    const expiresAt = new Date(clock.getTime() + 7 * DAY);
    expect(output).toEqual({ requestId: "req", status: "active", expiresAt: expiresAt.toISOString() });
    expect(await read("requests/req")).toMatchObject({
      status: "active",
      expiresAt: at(expiresAt),
      renewedAt: at(clock),
    });
    expect((await read(`offers/${offer}`)).status).toBe("expired");
  });

  it("lets a shop whose offer expired with the request offer again once renewed, in the same chat", async () => {
    await seedUserDoc(db(), SHOP, "merchant", {
      businessName: "Ferramenta Rossi",
      location: { lat: 45.47, lng: 9.19, address: "Via Torino 1, Milano" },
      shop: VERIFIED_SHOP,
    });
    await seedTrial(db(), SHOP, clock);
    await seedRequest("req", "expired");
    const offer = await seedOffer("req", SHOP, "expired");
    await db().doc(`conversations/${offer}/messages/m1`).set({ content: "Lo tengo da parte fino a sabato" });
    const terms = {
      requestId: "req",
      price: 79,
      description: "Ancora disponibile",
      deliveryOptions: ["pickup"],
    };
    expect(await rejection(submit.submitOfferCall(SHOP, terms, notifyDeps()))).toMatchObject({
      code: "failed-precondition",
    });

    await actions.renewRequestFor(BUYER, { requestId: "req" }, deps());
    expect(await submit.submitOfferCall(SHOP, terms, notifyDeps())).toEqual({
      offerId: offer,
      conversationId: offer,
    });
    expect(await read(`offers/${offer}`)).toMatchObject({ status: "pending", price: 79 });
    // The conversation goes on: its history stays.
    expect((await read(`conversations/${offer}/messages/m1`)).content).toBe(
      "Lo tengo da parte fino a sabato",
    );
    // The buyer is told of the new offer: its own notification, beside any of the first offer.
    const renewedExpiry = (await read("requests/req")).expiresAt as Timestamp;
    const notes = await db().collection(`users/${BUYER}/notifications`).get();
    expect(notes.docs.map((doc) => doc.id)).toEqual([`offer_received-${offer}-${renewedExpiry.toMillis()}`]);
    expect(mails).toHaveLength(1);
    // Pending again: a second submit is refused (it is edited instead).
    expect(await rejection(submit.submitOfferCall(SHOP, terms, notifyDeps()))).toMatchObject({
      code: "already-exists",
    });
  });

  it("renews an active request in its last 2 days, not before", async () => {
    await seedRequest("soon", "active", { expiresAt: at(new Date(clock.getTime() + DAY)) });
    await seedRequest("later", "active", { expiresAt: at(new Date(clock.getTime() + 5 * DAY)) });
    expect((await actions.renewRequestFor(BUYER, { requestId: "soon" }, deps())).status).toBe("active");
    expect((await read("requests/soon")).expiresAt).toEqual(at(new Date(clock.getTime() + 7 * DAY)));
    expect(await rejection(actions.renewRequestFor(BUYER, { requestId: "later" }, deps()))).toMatchObject({
      code: "failed-precondition",
      message: REQUEST_LIFE_MESSAGES.renewTooEarly,
    });
  });

  it("refuses a request expired over 30 days ago, a closed one, and another user", async () => {
    await seedRequest("old", "expired");
    await seedRequest("closed", "cancelled");
    await seedRequest("mine", "expired");
    clock = new Date(EXPIRES.getTime() + 31 * DAY);
    expect(await rejection(actions.renewRequestFor(BUYER, { requestId: "old" }, deps()))).toMatchObject({
      code: "failed-precondition",
      message: REQUEST_LIFE_MESSAGES.renewTooLate,
    });
    expect(await rejection(actions.renewRequestFor(BUYER, { requestId: "closed" }, deps()))).toMatchObject({
      code: "failed-precondition",
      message: "Operazione non consentita: la richiesta è annullata.",
      // The app shows it as it comes by this code (errors.ts callableErrorMessage).
      details: { reason: FAILURE_REASONS.transitionRefused },
    });
    expect(
      await rejection(actions.renewRequestFor(OTHER_BUYER, { requestId: "mine" }, deps())),
    ).toMatchObject({
      code: "permission-denied",
    });
  });
});

describe("cancelDeal", () => {
  it("reopens the request, cancels the accepted offer and tells the shop in the chat and by notification", async () => {
    const accepted = await seedOffer("req", SHOP, "accepted");
    const lost = await seedOffer("req", OTHER_SHOP, "rejected");
    await seedRequest("req", "in_progress", { acceptedOfferId: accepted });

    const output = await cancel.cancelDealFor(
      BUYER,
      { requestId: "req", reason: "Il negozio non risponde" },
      notifyDeps(),
    );
    const expiresAt = new Date(clock.getTime() + 7 * DAY);
    expect(output).toEqual({ requestId: "req", status: "active", expiresAt: expiresAt.toISOString() });
    const request = await read("requests/req");
    expect(request).toMatchObject({
      status: "active",
      expiresAt: at(expiresAt),
      dealCancelReason: "Il negozio non risponde",
    });
    expect(request.acceptedOfferId).toBeUndefined();
    expect(await read(`offers/${accepted}`)).toMatchObject({
      status: "cancelled",
      cancelReason: "Il negozio non risponde",
      cancelledAt: at(clock),
    });
    expect((await read(`offers/${lost}`)).status).toBe("rejected");

    const messages = await db().collection(`conversations/${accepted}/messages`).get();
    expect(messages.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({
        senderId: BUYER,
        senderName: SYSTEM_SENDER_NAME,
        type: "system",
        content: `${DEAL_SYSTEM_LINES.cancelled} Il negozio non risponde`,
      }),
    ]);
    expect((await read(`conversations/${accepted}`)).lastMessage).toMatchObject({
      id: messages.docs[0]?.id,
      senderId: BUYER,
    });
    const notification = await read(`users/${SHOP}/notifications/deal_cancelled-${accepted}`);
    expect(notification).toMatchObject({
      kind: "deal_cancelled",
      link: `/messages/${accepted}`,
      emailStatus: "sent",
    });
    expect(notification.body).toContain("Il negozio non risponde");
    expect(mails.map((mail) => mail.to)).toEqual([`${SHOP}@example.it`]);
    expect(mails[0]?.subject).toContain("Trapano avvitatore");

    // A retry (the buyer taps again) is refused by the state machine and tells nobody twice.
    expect(
      await rejection(cancel.cancelDealFor(BUYER, { requestId: "req", reason: "Altro" }, notifyDeps())),
    ).toMatchObject({
      code: "failed-precondition",
      message: "Operazione non consentita: la richiesta è attiva.",
    });
    expect(mails).toHaveLength(1);
  });

  it("refuses another user and a reason outside the list", async () => {
    const accepted = await seedOffer("req", SHOP, "accepted");
    await seedRequest("req", "in_progress", { acceptedOfferId: accepted });
    expect(
      await rejection(cancel.cancelDealFor(OTHER_BUYER, { requestId: "req", reason: "Altro" }, notifyDeps())),
    ).toMatchObject({ code: "permission-denied" });
    expect(
      await rejection(
        cancel.cancelDeal.run(callableRequest({ requestId: "req", reason: "Perché sì" }, { uid: BUYER })),
      ),
    ).toMatchObject({ code: "invalid-argument" });
    expect((await read("requests/req")).status).toBe("in_progress");
  });
});

describe("withdrawOffer", () => {
  it("withdraws the shop's pending offer and tells the buyer", async () => {
    await seedRequest("req");
    const offer = await seedOffer("req", SHOP);
    expect(await withdraw.withdrawOfferFor(SHOP, { offerId: offer }, notifyDeps())).toEqual({
      offerId: offer,
    });
    expect(await read(`offers/${offer}`)).toMatchObject({ status: "withdrawn", withdrawnAt: at(clock) });
    expect((await read("requests/req")).status).toBe("active");
    const notification = await read(`users/${BUYER}/notifications/offer_withdrawn-${offer}`);
    expect(notification).toMatchObject({ kind: "offer_withdrawn", link: "/requests/req" });
    expect(notification.body).toContain("Ferramenta Rossi");
    expect(mails.map((mail) => mail.to)).toEqual([`${BUYER}@example.it`]);
  });

  it("refuses the buyer, another shop and an offer no longer pending", async () => {
    await seedRequest("req");
    const offer = await seedOffer("req", SHOP);
    const accepted = await seedOffer("req", OTHER_SHOP, "accepted");
    for (const uid of [BUYER, OTHER_SHOP]) {
      expect(await rejection(withdraw.withdrawOfferFor(uid, { offerId: offer }, notifyDeps()))).toMatchObject(
        {
          code: "permission-denied",
          message: ERROR_MESSAGES.permissionDenied,
        },
      );
    }
    expect(
      await rejection(withdraw.withdrawOfferFor(OTHER_SHOP, { offerId: accepted }, notifyDeps())),
    ).toMatchObject({
      code: "failed-precondition",
      message: "Operazione non consentita: l'offerta è accettata.",
    });
    expect(mails).toEqual([]);
  });
});
