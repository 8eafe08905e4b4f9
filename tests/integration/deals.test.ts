// Closing the deal against Google's Firestore emulator (the test stack's, rules loaded; the admin SDK bypasses them): acceptOffer, rejectOffer and
// completeTransaction through their exported callables (`.run(request)`). Every allowed and refused
// transition of the state machine, concurrent accepts on one request, the merchant's running mean on
// users and profiles, which ratings count (a buyer whose e-mail Auth has verified, once per shop per
// 30 days), and who may call what.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAILURE_REASONS } from "../../src/domain/boundary/errors";
import { ERROR_MESSAGES } from "../../src/domain/core/common-messages";
import { holdFingerprint } from "../../src/domain/marketplace/deal-end";
import { DEAL_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { EARLIER, seedUserDoc } from "../support/integration-seed";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AcceptModule = typeof import("../../functions/src/deals/accept-offer");
type RejectModule = typeof import("../../functions/src/deals/reject-offer");
type CompleteModule = typeof import("../../functions/src/deals/complete-transaction");
type AdminModule = typeof import("../../functions/src/lib/admin");

const DAY_MS = 24 * 60 * 60 * 1000;

let stack: TestStack;
let accept: AcceptModule;
let reject: RejectModule;
let complete: CompleteModule;
let admin: AdminModule;
let emailProven: typeof import("../../functions/src/lib/email-proven");
let restoreEnv: () => void = () => {};

const callable = <T>(data: T, uid?: string) => callableRequest(data, { uid });

const db = () => admin.adminDb();

const CUSTOMER = "buyer";
const OTHER_CUSTOMER = "intruder";
const MERCHANT = "shop";
const OTHER_MERCHANT = "rival";

const REQUEST_CLOSED = "Operazione non consentita: la richiesta è in trattativa.";
const REQUEST_ACTIVE = "Operazione non consentita: la richiesta è attiva.";
const REQUEST_COMPLETED = "Operazione non consentita: la richiesta è completata.";
const OFFER_ACCEPTED = "Operazione non consentita: l'offerta è accettata.";
const OFFER_REJECTED = "Operazione non consentita: l'offerta è rifiutata.";

const seedUser = (uid: string, userType: "customer" | "merchant", fields: DocumentData = {}) =>
  seedUserDoc(db(), uid, userType, fields);

/** The buyer's Auth account: completeTransaction counts a rating only from a verified e-mail. */
async function seedAccount(uid: string, emailVerified = true) {
  await admin
    .adminAuth()
    .createUser({ uid, email: `${uid}@example.it`, emailVerified, password: "segreta123" });
  // Every callable's account guard asks for the users document (a missing one is a deleted account).
  if (!(await db().doc(`users/${uid}`).get()).exists) await seedUser(uid, "customer");
}

async function seedProfile(uid: string, fields: DocumentData = {}) {
  await db()
    .doc(`profiles/${uid}`)
    .set({ uid, displayName: uid, userType: "merchant", averageRating: 0, totalRatings: 0, ...fields });
}

async function seedRequest(id: string, status = "active", fields: DocumentData = {}) {
  await db()
    .doc(`requests/${id}`)
    .set({
      id,
      customerId: CUSTOMER,
      productName: "trapano avvitatore",
      status,
      createdAt: EARLIER,
      updatedAt: EARLIER,
      ...fields,
    });
}

async function seedOffer(
  id: string,
  requestId: string,
  status = "pending",
  merchantId = MERCHANT,
  fields: DocumentData = {},
) {
  await db()
    .doc(`offers/${id}`)
    .set({
      id,
      requestId,
      merchantId,
      customerId: CUSTOMER,
      price: 89,
      description: "Disponibile in negozio",
      deliveryOptions: ["pickup"],
      status,
      aiGenerated: false,
      createdAt: EARLIER,
      updatedAt: EARLIER,
      ...fields,
    });
}

async function seedConversation(offerId: string, requestId: string, merchantId = MERCHANT) {
  await db()
    .doc(`conversations/${offerId}`)
    .set({
      participants: { customerId: CUSTOMER, customerName: "Anna", merchantId, merchantName: merchantId },
      requestId,
      offerId,
      status: "active",
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
}

async function read(path: string): Promise<DocumentData> {
  const data = (await db().doc(path).get()).data();
  if (!data) throw new Error(`${path} missing`);
  return data;
}

async function exists(path: string): Promise<boolean> {
  return (await db().doc(path).get()).exists;
}

/** A request with one offer already accepted, ready to be completed. */
async function seedInProgress(
  requestId: string,
  offerId: string,
  merchantId = MERCHANT,
  customerId = CUSTOMER,
) {
  await seedRequest(requestId, "in_progress", { acceptedOfferId: offerId, customerId });
  await seedOffer(offerId, requestId, "accepted", merchantId, { acceptedAt: EARLIER, customerId });
}

/** The terms seedOffer stores: what the buyer's app shows and sends with Accetta. */
const SEEN = {
  price: 89,
  description: "Disponibile in negozio",
  deliveryOptions: ["pickup"],
  // The hold as shown: the default choice, the shop without address or hours (seedProfile).
  hold: holdFingerprint({}),
};
const acceptCall = (offerId: string, uid?: string) =>
  accept.acceptOffer.run(callable({ offerId, terms: SEEN }, uid));
const rejectCall = (offerId: string, uid?: string, reason?: string) =>
  reject.rejectOffer.run(callable(reason === undefined ? { offerId } : { offerId, reason }, uid));
const completeCall = (requestId: string, rating: number, uid?: string, feedback?: string) =>
  complete.completeTransaction.run(
    callable(feedback === undefined ? { requestId, rating } : { requestId, rating, feedback }, uid),
  );

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [accept, reject, complete, admin, emailProven] = await Promise.all([
    import("../../functions/src/deals/accept-offer"),
    import("../../functions/src/deals/reject-offer"),
    import("../../functions/src/deals/complete-transaction"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/lib/email-proven"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  await seedAccount(CUSTOMER);
  await seedUser(CUSTOMER, "customer");
  await seedUser(OTHER_CUSTOMER, "customer");
  await seedUser(MERCHANT, "merchant", { businessName: "Ferramenta Rossi" });
  await seedUser(OTHER_MERCHANT, "merchant");
  await seedProfile(MERCHANT, { businessName: "Ferramenta Rossi" });
  await seedProfile(OTHER_MERCHANT);
});

describe("acceptOffer", () => {
  it("accepts a pending offer on an active request and politely rejects the other pending ones", async () => {
    await seedRequest("req");
    await seedOffer("chosen", "req");
    await seedOffer("second", "req", "pending", OTHER_MERCHANT);
    await seedOffer("third", "req", "pending", "third-shop");
    await seedOffer("declined", "req", "rejected", "fourth-shop", { rejectionReason: "Prezzo troppo alto" });
    await seedOffer("elsewhere", "other-req");
    await seedConversation("chosen", "req");
    await seedConversation("second", "req", OTHER_MERCHANT);

    expect(await acceptCall("chosen", CUSTOMER)).toEqual({ requestId: "req", offerId: "chosen" });

    const chosen = await read("offers/chosen");
    expect(chosen.status).toBe("accepted");
    expect(chosen.acceptedAt).toBeInstanceOf(Timestamp);
    expect(chosen.updatedAt).toEqual(chosen.acceptedAt);
    expect(chosen.rejectedAt).toBeUndefined();
    const request = await read("requests/req");
    expect(request).toMatchObject({ status: "in_progress", acceptedOfferId: "chosen" });
    expect(request.updatedAt).toEqual(chosen.acceptedAt);
    for (const id of ["second", "third"]) {
      const other = await read(`offers/${id}`);
      expect(other).toMatchObject({ status: "rejected", rejectionReason: DEAL_MESSAGES.otherOfferAccepted });
      expect(other.rejectedAt).toEqual(chosen.acceptedAt);
    }
    // Offers already closed, or of another request, are left alone.
    expect(await read("offers/declined")).toMatchObject({
      status: "rejected",
      rejectionReason: "Prezzo troppo alto",
      updatedAt: EARLIER,
    });
    expect(await read("offers/elsewhere")).toMatchObject({ status: "pending", updatedAt: EARLIER });
    // The conversations that exist move up both parties' lists; none is created.
    expect((await read("conversations/chosen")).updatedAt).toEqual(chosen.acceptedAt);
    expect((await read("conversations/second")).updatedAt).toEqual(chosen.acceptedAt);
    expect(await exists("conversations/third")).toBe(false);
  });

  it("refuses a request already in progress, a rejected offer and a second accept", async () => {
    await seedRequest("busy", "in_progress", { acceptedOfferId: "x" });
    await seedOffer("late", "busy");
    expect(await rejection(acceptCall("late", CUSTOMER))).toMatchObject({
      code: "failed-precondition",
      message: REQUEST_CLOSED,
      // The app shows it as it comes by this code (errors.ts callableErrorMessage).
      details: { reason: FAILURE_REASONS.transitionRefused },
    });
    expect(await read("offers/late")).toMatchObject({ status: "pending", updatedAt: EARLIER });

    await seedRequest("open");
    await seedOffer("turned-down", "open", "rejected");
    expect(await rejection(acceptCall("turned-down", CUSTOMER))).toMatchObject({
      code: "failed-precondition",
      message: OFFER_REJECTED,
    });
    expect(await read("requests/open")).toMatchObject({ status: "active", updatedAt: EARLIER });

    await seedOffer("first", "open");
    await seedOffer("other", "open", "pending", OTHER_MERCHANT);
    await acceptCall("first", CUSTOMER);
    const accepted = await read("offers/first");
    for (const id of ["first", "other"]) {
      expect(await rejection(acceptCall(id, CUSTOMER))).toMatchObject({
        code: "failed-precondition",
        message: REQUEST_CLOSED,
      });
    }
    expect(await read("requests/open")).toMatchObject({ status: "in_progress", acceptedOfferId: "first" });
    expect(await read("offers/first")).toEqual(accepted);
    expect((await read("offers/other")).status).toBe("rejected");
  });

  it("refuses a price the buyer did not see (the shop edited the pending offer), then accepts the new one", async () => {
    await seedRequest("edited");
    await seedOffer("repriced", "edited", "pending", MERCHANT, { price: 95 });
    expect(
      await rejection(
        accept.acceptOffer.run(callable({ offerId: "repriced", terms: { ...SEEN, price: 89 } }, CUSTOMER)),
      ),
    ).toMatchObject({ code: "failed-precondition", message: DEAL_MESSAGES.offerChanged });
    expect(await read("offers/repriced")).toMatchObject({ status: "pending", updatedAt: EARLIER });
    expect(await read("requests/edited")).toMatchObject({ status: "active" });

    await accept.acceptOffer.run(callable({ offerId: "repriced", terms: { ...SEEN, price: 95 } }, CUSTOMER));
    expect(await read("offers/repriced")).toMatchObject({ status: "accepted", price: 95 });
  });

  it.each([
    ["the description", { description: "Usata, senza garanzia" }],
    ["the delivery options", { deliveryOptions: ["delivery"] }],
  ])("refuses when the shop changed %s since the buyer saw it, at the same price", async (_, change) => {
    await seedRequest("reworded");
    await seedOffer("changed", "reworded", "pending", MERCHANT, change);
    expect(await rejection(acceptCall("changed", CUSTOMER))).toMatchObject({
      code: "failed-precondition",
      message: DEAL_MESSAGES.offerChanged,
    });
    expect(await read("offers/changed")).toMatchObject({ status: "pending", updatedAt: EARLIER });
    expect(await read("requests/reworded")).toMatchObject({ status: "active" });
  });

  it("refuses an acceptance that does not say which terms the buyer saw", async () => {
    await seedRequest("blind");
    await seedOffer("unseen", "blind");
    expect(await rejection(accept.acceptOffer.run(callable({ offerId: "unseen" }, CUSTOMER)))).toMatchObject({
      code: "invalid-argument",
    });
    expect(
      await rejection(accept.acceptOffer.run(callable({ offerId: "unseen", expectedPrice: 89 }, CUSTOMER))),
    ).toMatchObject({ code: "invalid-argument" });
    expect(await read("offers/unseen")).toMatchObject({ status: "pending" });
  });

  it("refuses an accepted offer on a (legacy) active request", async () => {
    await seedRequest("odd");
    await seedOffer("done", "odd", "accepted");
    expect(await rejection(acceptCall("done", CUSTOMER))).toMatchObject({
      code: "failed-precondition",
      message: OFFER_ACCEPTED,
    });
  });

  it("lets exactly one of several concurrent accepts on one request through", async () => {
    await seedRequest("race");
    const ids = ["o1", "o2", "o3", "o4"];
    for (const [i, id] of ids.entries()) await seedOffer(id, "race", "pending", `shop-${i}`);

    const results = await Promise.allSettled(ids.map((id) => acceptCall(id, CUSTOMER)));
    const won = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(won).toHaveLength(1);
    const winner = won[0]?.offerId;
    for (const result of results) {
      if (result.status === "rejected") {
        expect(result.reason).toMatchObject({ code: "failed-precondition", message: REQUEST_CLOSED });
      }
    }
    expect(await read("requests/race")).toMatchObject({ status: "in_progress", acceptedOfferId: winner });
    const statuses = await Promise.all(ids.map(async (id) => [id, (await read(`offers/${id}`)).status]));
    expect(statuses.filter(([, status]) => status === "accepted")).toEqual([[winner, "accepted"]]);
    expect(statuses.filter(([, status]) => status === "rejected")).toHaveLength(ids.length - 1);
  });
});

describe("rejectOffer", () => {
  it("rejects a pending offer with the trimmed reason and leaves the request as it is", async () => {
    await seedRequest("req");
    await seedOffer("pricey", "req");
    await seedOffer("silent", "req", "pending", OTHER_MERCHANT);
    await seedOffer("blank", "req", "pending", "third-shop");
    await seedConversation("pricey", "req");

    expect(await rejectCall("pricey", CUSTOMER, "  Prezzo troppo alto  ")).toEqual({ offerId: "pricey" });
    const pricey = await read("offers/pricey");
    expect(pricey).toMatchObject({ status: "rejected", rejectionReason: "Prezzo troppo alto" });
    expect(pricey.rejectedAt).toBeInstanceOf(Timestamp);
    expect(pricey.updatedAt).toEqual(pricey.rejectedAt);
    expect((await read("conversations/pricey")).updatedAt).toEqual(pricey.rejectedAt);

    await rejectCall("silent", CUSTOMER);
    await rejectCall("blank", CUSTOMER, "   ");
    for (const id of ["silent", "blank"]) {
      const offer = await read(`offers/${id}`);
      expect(offer.status).toBe("rejected");
      expect(offer.rejectedAt).toBeInstanceOf(Timestamp);
      expect("rejectionReason" in offer).toBe(false);
    }
    expect(await read("requests/req")).toMatchObject({ status: "active", updatedAt: EARLIER });
    expect(await exists("conversations/silent")).toBe(false);
  });

  it("refuses an accepted or already rejected offer", async () => {
    await seedInProgress("req", "taken");
    expect(await rejection(rejectCall("taken", CUSTOMER, "Ci ho ripensato"))).toMatchObject({
      code: "failed-precondition",
      message: OFFER_ACCEPTED,
    });
    expect(await read("offers/taken")).toMatchObject({ status: "accepted", updatedAt: EARLIER });

    await seedOffer("gone", "req", "rejected", OTHER_MERCHANT, { rejectionReason: "Prima" });
    expect(await rejection(rejectCall("gone", CUSTOMER, "Seconda"))).toMatchObject({
      code: "failed-precondition",
      message: OFFER_REJECTED,
    });
    expect((await read("offers/gone")).rejectionReason).toBe("Prima");
  });
});

describe("completeTransaction", () => {
  it("completes a request in progress, rates the offer and the merchant, once", async () => {
    await seedInProgress("req", "deal");
    await seedConversation("deal", "req");

    expect(await completeCall("req", 4, CUSTOMER, "  Gentilissimi  ")).toEqual({
      requestId: "req",
      merchantAverageRating: 4,
      ratingCounted: true,
    });
    const request = await read("requests/req");
    expect(request).toMatchObject({
      status: "completed",
      completedOfferId: "deal",
      acceptedOfferId: "deal",
      customerRating: 4,
      customerFeedback: "Gentilissimi",
    });
    expect(request.completedAt).toBeInstanceOf(Timestamp);
    const offer = await read("offers/deal");
    expect(offer).toMatchObject({ status: "accepted", customerRating: 4, customerFeedback: "Gentilissimi" });
    expect(offer.ratedAt).toEqual(request.completedAt);
    expect(await read(`users/${MERCHANT}`)).toMatchObject({
      averageRating: 4,
      totalRatings: 1,
      successfulMatches: 1,
    });
    expect(await read(`profiles/${MERCHANT}`)).toMatchObject({
      averageRating: 4,
      totalRatings: 1,
      businessName: "Ferramenta Rossi",
    });
    expect((await read("conversations/deal")).updatedAt).toEqual(request.completedAt);
    // The shop's open screens hear of the rating (src/lib/news.ts): a deal's change, no notification.
    const shopCounts = await read(`unreadCounts/${MERCHANT}`);
    expect(shopCounts.deals).toBe(1);
    expect(shopCounts.changedAt?.toDate()).toBeInstanceOf(Date);

    expect(await rejection(completeCall("req", 1, CUSTOMER))).toMatchObject({
      code: "failed-precondition",
      message: REQUEST_COMPLETED,
    });
    expect(await read(`users/${MERCHANT}`)).toMatchObject({ averageRating: 4, totalRatings: 1 });
    expect((await read("offers/deal")).customerRating).toBe(4);
  });

  it("refuses an active request and completes a legacy `matched` one without feedback", async () => {
    await seedRequest("fresh");
    await seedOffer("waiting", "fresh");
    expect(await rejection(completeCall("fresh", 5, CUSTOMER))).toMatchObject({
      code: "failed-precondition",
      message: REQUEST_ACTIVE,
    });
    expect(await read("requests/fresh")).toMatchObject({ status: "active", updatedAt: EARLIER });

    await seedRequest("legacy", "matched", { acceptedOfferId: "old" });
    await seedOffer("old", "legacy", "accepted");
    expect(await completeCall("legacy", 5, CUSTOMER)).toEqual({
      requestId: "legacy",
      merchantAverageRating: 5,
      ratingCounted: true,
    });
    const legacy = await read("requests/legacy");
    expect(legacy).toMatchObject({ status: "completed", customerRating: 5 });
    expect("customerFeedback" in legacy).toBe(false);
    expect("customerFeedback" in (await read("offers/old"))).toBe(false);
  });

  it("keeps an exact running mean on users and profiles over a sequence of ratings", async () => {
    const ratings = [5, 4, 3, 5];
    const means: number[] = [];
    for (const [i, rating] of ratings.entries()) {
      await seedAccount(`buyer-${i}`);
      await seedInProgress(`req-${i}`, `deal-${i}`, MERCHANT, `buyer-${i}`);
      means.push((await completeCall(`req-${i}`, rating, `buyer-${i}`)).merchantAverageRating);
    }
    expect(means).toEqual([5, 4.5, 4, 4.25]);
    expect(await read(`users/${MERCHANT}`)).toMatchObject({
      averageRating: 4.25,
      totalRatings: 4,
      successfulMatches: 4,
    });
    expect(await read(`profiles/${MERCHANT}`)).toMatchObject({ averageRating: 4.25, totalRatings: 4 });
    // The other merchant is untouched.
    expect(await read(`profiles/${OTHER_MERCHANT}`)).toMatchObject({ averageRating: 0, totalRatings: 0 });
  });

  it("loses no rating when one merchant's deals are completed concurrently", async () => {
    const ratings = [5, 4, 3, 5, 1];
    for (const [i] of ratings.entries()) {
      await seedAccount(`buyer-${i}`);
      await seedInProgress(`req-${i}`, `deal-${i}`, MERCHANT, `buyer-${i}`);
    }
    const results = await Promise.all(
      ratings.map((rating, i) => completeCall(`req-${i}`, rating, `buyer-${i}`)),
    );
    expect(results.map((result) => result.requestId).sort()).toEqual(ratings.map((_, i) => `req-${i}`));
    // The commit order is not known, so the float may differ in the last bit from 18 / 5.
    const user = await read(`users/${MERCHANT}`);
    expect(user).toMatchObject({ totalRatings: 5, successfulMatches: 5 });
    expect(user.averageRating).toBeCloseTo(3.6, 12);
    const profile = await read(`profiles/${MERCHANT}`);
    expect(profile.totalRatings).toBe(5);
    expect(profile.averageRating).toBe(user.averageRating);
    // The last committer's answer is the stored mean.
    expect(results.map((result) => result.merchantAverageRating)).toContain(user.averageRating);
  });

  it("continues a mean already under way and writes a missing public profile whole", async () => {
    await seedUser("veteran", "merchant", {
      businessName: "Bottega",
      averageRating: 4.5,
      totalRatings: 2,
      successfulMatches: 7,
    });
    await seedInProgress("req", "deal", "veteran");
    expect((await completeCall("req", 3, CUSTOMER)).merchantAverageRating).toBe(4);
    expect(await read("users/veteran")).toMatchObject({
      averageRating: 4,
      totalRatings: 3,
      successfulMatches: 8,
    });
    expect(await read("profiles/veteran")).toEqual({
      uid: "veteran",
      displayName: "veteran",
      businessName: "Bottega",
      userType: "merchant",
      averageRating: 4,
      totalRatings: 3,
    });
  });
});

describe("which ratings count", () => {
  /** completeTransaction with the stack's Auth for the e-mail check and a chosen clock. */
  const completeAt = (requestId: string, rating: number, uid: string, at: Date) =>
    complete.completeTransactionCall(
      uid,
      { requestId, rating },
      {
        db: db(),
        now: () => at,
        emailProven: emailProven.emailProvenInAuth,
      },
    );

  it("a buyer whose e-mail is not verified completes and rates, but the shop's average does not move", async () => {
    await seedAccount("unverified", false);
    await seedUser("unverified", "customer");
    await seedInProgress("req", "deal", MERCHANT, "unverified");
    expect(await completeCall("req", 1, "unverified")).toEqual({
      requestId: "req",
      merchantAverageRating: 0,
      ratingCounted: false,
      ratingUncountedReason: "email_unproven",
    });
    expect(await read("requests/req")).toMatchObject({ status: "completed", customerRating: 1 });
    expect(await read("offers/deal")).toMatchObject({ customerRating: 1 });
    const user = await read(`users/${MERCHANT}`);
    expect(user).not.toHaveProperty("totalRatings");
    expect(user).toMatchObject({ successfulMatches: 1 });
    expect(await read(`profiles/${MERCHANT}`)).toMatchObject({ averageRating: 0, totalRatings: 0 });
    expect(await exists(`ratingsGiven/unverified_${MERCHANT}`)).toBe(false);
  });

  it("counts one rating per buyer and shop in 30 days, the next one after that", async () => {
    const start = new Date();
    for (const i of [1, 2, 3]) await seedInProgress(`req-${i}`, `deal-${i}`);
    await seedInProgress("other", "other-deal", OTHER_MERCHANT);

    expect(await completeAt("req-1", 5, CUSTOMER, start)).toMatchObject({
      merchantAverageRating: 5,
      ratingCounted: true,
    });
    // 29 days later: stored on the deal, not counted.
    expect(await completeAt("req-2", 1, CUSTOMER, new Date(start.getTime() + 29 * DAY_MS))).toEqual({
      requestId: "req-2",
      merchantAverageRating: 5,
      ratingCounted: false,
      ratingUncountedReason: "cooldown",
    });
    expect(await read("offers/deal-2")).toMatchObject({ customerRating: 1 });
    expect(await read(`users/${MERCHANT}`)).toMatchObject({
      averageRating: 5,
      totalRatings: 1,
      successfulMatches: 2,
    });
    // Another shop is another count.
    expect(await completeAt("other", 2, CUSTOMER, new Date(start.getTime() + 29 * DAY_MS))).toMatchObject({
      merchantAverageRating: 2,
      ratingCounted: true,
    });
    // 30 days after the counted one: counted again.
    expect(await completeAt("req-3", 3, CUSTOMER, new Date(start.getTime() + 30 * DAY_MS))).toMatchObject({
      merchantAverageRating: 4,
      ratingCounted: true,
    });
    expect(await read(`users/${MERCHANT}`)).toMatchObject({
      averageRating: 4,
      totalRatings: 2,
      successfulMatches: 3,
    });
    expect(await read(`profiles/${MERCHANT}`)).toMatchObject({ averageRating: 4, totalRatings: 2 });
    expect((await read(`ratingsGiven/${CUSTOMER}_${MERCHANT}`)).lastRatedAt).toEqual(
      Timestamp.fromDate(new Date(start.getTime() + 30 * DAY_MS)),
    );
  });
});

describe("who may call", () => {
  it("refuses other customers, the merchant and signed-out callers, changing nothing", async () => {
    await seedRequest("req");
    await seedOffer("offer", "req");
    await seedInProgress("busy", "deal");
    for (const uid of [OTHER_CUSTOMER, MERCHANT, undefined]) {
      const code = uid ? "permission-denied" : "unauthenticated";
      const message = uid ? ERROR_MESSAGES.permissionDenied : ERROR_MESSAGES.unauthenticated;
      expect(await rejection(acceptCall("offer", uid))).toMatchObject({ code, message });
      expect(await rejection(rejectCall("offer", uid, "no"))).toMatchObject({ code, message });
      expect(await rejection(completeCall("busy", 5, uid))).toMatchObject({ code, message });
    }
    expect(await read("offers/offer")).toMatchObject({ status: "pending", updatedAt: EARLIER });
    expect(await read("requests/req")).toMatchObject({ status: "active", updatedAt: EARLIER });
    expect(await read("requests/busy")).toMatchObject({ status: "in_progress", updatedAt: EARLIER });
    expect(await read(`users/${MERCHANT}`)).not.toHaveProperty("totalRatings");
  });

  it("answers not-found for unknown ids and invalid-argument for bad input", async () => {
    expect(await rejection(acceptCall("ghost", CUSTOMER))).toMatchObject({
      code: "not-found",
      message: ERROR_MESSAGES.notFound,
    });
    expect(await rejection(rejectCall("ghost", CUSTOMER))).toMatchObject({ code: "not-found" });
    expect(await rejection(completeCall("ghost", 5, CUSTOMER))).toMatchObject({
      code: "not-found",
      message: ERROR_MESSAGES.requestNotFound,
    });
    await seedOffer("orphan", "no-such-request");
    expect(await rejection(acceptCall("orphan", CUSTOMER))).toMatchObject({
      code: "not-found",
      message: ERROR_MESSAGES.requestNotFound,
    });

    await seedInProgress("req", "deal");
    for (const rating of [0, 6, 4.5]) {
      expect(await rejection(completeCall("req", rating, CUSTOMER))).toMatchObject({
        code: "invalid-argument",
        message: "Scegli una valutazione da 1 a 5 stelle",
      });
    }
    expect(await rejection(acceptCall("a/b", CUSTOMER))).toMatchObject({ code: "invalid-argument" });
    expect(await rejection(acceptCall("", CUSTOMER))).toMatchObject({ code: "invalid-argument" });
    expect((await read("requests/req")).status).toBe("in_progress");
  });

  it("reports broken documents as the action's internal error", async () => {
    await seedRequest("req");
    await seedOffer("broken", "req", "sold");
    expect(await rejection(acceptCall("broken", CUSTOMER))).toMatchObject({
      code: "internal",
      message: ERROR_MESSAGES.acceptOffer,
    });
    expect(await rejection(rejectCall("broken", CUSTOMER))).toMatchObject({
      code: "internal",
      message: ERROR_MESSAGES.rejectOffer,
    });
    await seedRequest("lost", "in_progress");
    expect(await rejection(completeCall("lost", 5, CUSTOMER))).toMatchObject({
      code: "internal",
      message: ERROR_MESSAGES.completeTransaction,
    });
  });
});
