// The deal nobody can bend, against Google's Firestore emulator through the functions' own
// code with an injected clock: a sale verified at the till is final and its mark is the offer's alone;
// ratings count once per buyer and shop in 30 days, verified or not; a no-show only after the hold's
// end and never on a hold the shop released, and it returns the request to the buyer; the hold the
// buyer saw binds acceptOffer; every deal ends (closeStaleDeals); deal events are system lines.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEAL_END_REFUSALS,
  DEAL_OPEN_MS,
  DEAL_SYSTEM_LINES,
  holdFingerprint,
} from "../../src/domain/marketplace/deal-end";
import { SYSTEM_SENDER_NAME } from "../../src/domain/marketplace/message";
import { NO_SHOW_REFUSALS } from "../../src/domain/marketplace/pickup-record";
import { overrideEnv, rejection } from "../support/callables";
import { EARLIER, seedUserDoc, seenTerms } from "../support/integration-seed";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type Modules = {
  accept: typeof import("../../functions/src/deals/accept-offer");
  verify: typeof import("../../functions/src/deals/verify-pickup");
  complete: typeof import("../../functions/src/deals/complete-transaction");
  cancel: typeof import("../../functions/src/deals/cancel-deal");
  release: typeof import("../../functions/src/deals/release-hold");
  noShow: typeof import("../../functions/src/deals/mark-no-show");
  close: typeof import("../../functions/src/deals/close-stale-deals");
  record: typeof import("../../functions/src/deals/read-pickup-record");
  actions: typeof import("../../functions/src/requests/request-actions");
  admin: typeof import("../../functions/src/lib/admin");
};

let stack: TestStack;
let m: Modules;
let restoreEnv: () => void = () => {};

const db = () => m.admin.adminDb();
const BUYER = "buyer";
const SHOP = "shop";
const OFFERED = { price: 89, description: "Disponibile in negozio", deliveryOptions: ["pickup"] };
const START = new Date("2026-03-02T09:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let clock = START;
const deps = () => ({ db: db(), now: () => clock });

async function read(path: string): Promise<DocumentData> {
  const data = (await db().doc(path).get()).data();
  if (!data) throw new Error(`${path} missing`);
  return data;
}

/** A request with one pending offer of SHOP and its conversation. */
async function seedOffer(id: string, fields: DocumentData = {}) {
  const requestId = `req-${id}`;
  await db().doc(`requests/${requestId}`).set({
    id: requestId,
    customerId: BUYER,
    productName: "trapano avvitatore",
    status: "active",
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await db()
    .doc(`offers/${id}`)
    .set({
      id,
      requestId,
      merchantId: SHOP,
      customerId: BUYER,
      ...OFFERED,
      status: "pending",
      aiGenerated: false,
      createdAt: EARLIER,
      updatedAt: EARLIER,
      ...fields,
    });
  await db()
    .doc(`conversations/${id}`)
    .set({
      participants: { customerId: BUYER, customerName: "Anna", merchantId: SHOP, merchantName: "Ferramenta" },
      requestId,
      offerId: id,
      status: "active",
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
  return requestId;
}

/** Seeds an offer and accepts it at `at` with the terms the buyer's screen showed. */
async function acceptedDeal(id: string, at = clock) {
  const requestId = await seedOffer(id);
  clock = at;
  await m.accept.acceptOfferFor(BUYER, { offerId: id, terms: await seenTerms(db(), id) }, deps());
  return requestId;
}

async function verifyDeal(id: string) {
  const code = String((await read(`pickupCodes/${id}`)).code);
  return m.verify.verifyPickupFor(SHOP, { offerId: id, code }, deps());
}

const rate = (requestId: string, rating: number, emailProven = false) =>
  m.complete.completeTransactionCall(
    BUYER,
    { requestId, rating },
    { ...deps(), emailProven: async () => emailProven },
  );

async function chatLines(offerId: string) {
  const snapshot = await db()
    .collection(`conversations/${offerId}/messages`)
    .orderBy("createdAt")
    .limit(10)
    .get();
  return snapshot.docs.map((doc) => doc.data());
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  const [accept, verify, complete, cancel, release, noShow, close, actions, admin, record] =
    await Promise.all([
      import("../../functions/src/deals/accept-offer"),
      import("../../functions/src/deals/verify-pickup"),
      import("../../functions/src/deals/complete-transaction"),
      import("../../functions/src/deals/cancel-deal"),
      import("../../functions/src/deals/release-hold"),
      import("../../functions/src/deals/mark-no-show"),
      import("../../functions/src/deals/close-stale-deals"),
      import("../../functions/src/requests/request-actions"),
      import("../../functions/src/lib/admin"),
      import("../../functions/src/deals/read-pickup-record"),
    ]);
  m = { accept, verify, complete, cancel, release, noShow, close, actions, admin, record };
});

afterAll(async () => {
  if (m?.admin) await deleteApp(m.admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  clock = START;
  await seedUserDoc(db(), BUYER, "customer");
  await seedUserDoc(db(), SHOP, "merchant", { businessName: "Ferramenta Rossi" });
  await db()
    .doc(`profiles/${SHOP}`)
    .set({
      uid: SHOP,
      displayName: "Ferramenta Rossi",
      userType: "merchant",
      averageRating: 0,
      totalRatings: 0,
      shop: {
        address: "Via Roma 5, Milano",
        categories: ["casa"],
        weeklyHours: { mon: [{ open: "09:00", close: "19:00" }], tue: [{ open: "09:00", close: "19:00" }] },
      },
    });
});

describe("a verified sale is final", () => {
  it("verifying completes the deal, with a system line; cancelling it afterwards is refused", async () => {
    const requestId = await acceptedDeal("won");
    clock = new Date(START.getTime() + MINUTE);
    await verifyDeal("won");
    expect(await read(`requests/${requestId}`)).toMatchObject({
      status: "completed",
      completedOfferId: "won",
    });
    expect(await read(`users/${SHOP}`)).toMatchObject({ successfulMatches: 1 });

    const cancel = await rejection(m.cancel.cancelDealFor(BUYER, { requestId, reason: "Altro" }, deps()));
    expect(cancel).toMatchObject({ code: "failed-precondition", message: DEAL_END_REFUSALS.verifiedFinal });
    expect(await read(`requests/${requestId}`)).toMatchObject({ status: "completed" });
    expect(await read("offers/won")).toMatchObject({ status: "accepted" });

    const lines = await chatLines("won");
    expect(lines.map((line) => [line.type, line.content])).toEqual([
      ["system", DEAL_SYSTEM_LINES.accepted],
      ["system", DEAL_SYSTEM_LINES.verified],
    ]);
    expect(lines[1]).toMatchObject({ senderName: SYSTEM_SENDER_NAME, senderId: SHOP });
  });

  it("the rating follows, optional and once, from the completed deal", async () => {
    const requestId = await acceptedDeal("won");
    await verifyDeal("won");
    expect(await rate(requestId, 4)).toMatchObject({ ratingCounted: true, merchantAverageRating: 4 });
    expect(await read(`requests/${requestId}`)).toMatchObject({ status: "completed", customerRating: 4 });
    // successfulMatches was counted by the verification, not again by the rating.
    expect(await read(`users/${SHOP}`)).toMatchObject({ successfulMatches: 1, totalRatings: 1 });
    expect(await rejection(rate(requestId, 1))).toMatchObject({
      code: "failed-precondition",
      message: DEAL_END_REFUSALS.alreadyRated,
    });
  });

  it("a later deal on the same request is not 'verificato' (the mark an older version left on the request)", async () => {
    const requestId = await seedOffer("second");
    await db()
      .doc(`offers/first`)
      .set({ ...OFFERED, id: "first", requestId, merchantId: SHOP, status: "cancelled" });
    // As the older verifyPickup left it: the request stamped, the first deal then called off.
    await db()
      .doc(`requests/${requestId}`)
      .update({ verifiedPurchaseAt: Timestamp.fromDate(START) });
    await m.accept.acceptOfferFor(
      BUYER,
      { offerId: "second", terms: await seenTerms(db(), "second") },
      deps(),
    );
    const answer = await rate(requestId, 5, true);
    expect(answer).toMatchObject({ ratingCounted: true });
    expect((await read(`profiles/${SHOP}/reviews/${requestId}`)).verifiedPurchase).not.toBe(true);
  });
});

describe("ratings that cannot be pumped", () => {
  it("two verified deals of one buyer with one shop within 30 days count once; both keep their badge", async () => {
    const first = await acceptedDeal("one");
    await verifyDeal("one");
    expect(await rate(first, 5)).toMatchObject({ ratingCounted: true });

    const second = await acceptedDeal("two", new Date(START.getTime() + 3 * DAY));
    await verifyDeal("two");
    expect(await rate(second, 5)).toMatchObject({ ratingCounted: false, ratingUncountedReason: "cooldown" });

    expect(await read(`users/${SHOP}`)).toMatchObject({ totalRatings: 1, averageRating: 5 });
    expect(await read(`profiles/${SHOP}`)).toMatchObject({ totalRatings: 1 });
    for (const requestId of [first, second]) {
      expect(await read(`profiles/${SHOP}/reviews/${requestId}`)).toMatchObject({ verifiedPurchase: true });
    }
  });
});

describe("a no-show", () => {
  const markAt = (at: Date) => m.noShow.markNoShowFor(SHOP, { offerId: "won" }, { db: db(), now: () => at });

  it("is refused on a hold the shop released, even after its end", async () => {
    await acceptedDeal("won");
    clock = new Date(START.getTime() + MINUTE);
    await m.release.releaseHoldFor(SHOP, { offerId: "won", reason: "Venduto a un altro" }, deps());
    const end = (await read("offers/won")).holdUntil.toDate() as Date;
    for (const at of [new Date(START.getTime() + 2 * MINUTE), new Date(end.getTime() + MINUTE)]) {
      expect(await rejection(markAt(at))).toMatchObject({
        code: "failed-precondition",
        message: DEAL_END_REFUSALS.shopReleased,
      });
    }
    expect((await read("offers/won")).noShowAt).toBeUndefined();
  });

  it("is refused before the hold's end even when the buyer let it go, and then ends the deal", async () => {
    const requestId = await acceptedDeal("won");
    await m.release.releaseHoldFor(BUYER, { offerId: "won", reason: "Non passo" }, deps());
    const end = (await read("offers/won")).holdUntil.toDate() as Date;
    expect(await rejection(markAt(new Date(end.getTime() - MINUTE)))).toMatchObject({
      code: "failed-precondition",
      message: NO_SHOW_REFUSALS.notEnded,
    });

    const after = new Date(end.getTime() + MINUTE);
    expect(await markAt(after)).toEqual({ offerId: "won", noShow: true });
    // The deal ended, the request is the buyer's again (open to offers for 7 days).
    expect(await read("offers/won")).toMatchObject({
      status: "cancelled",
      noShowAt: Timestamp.fromDate(after),
    });
    const request = await read(`requests/${requestId}`);
    expect(request).toMatchObject({ status: "active" });
    expect(request.acceptedOfferId).toBeUndefined();
    expect(request.expiresAt.toMillis()).toBe(after.getTime() + 7 * DAY);
    expect((await chatLines("won")).at(-1)).toMatchObject({
      type: "system",
      content: DEAL_SYSTEM_LINES.noShow,
    });
  });
});

describe("the hold is part of the deal", () => {
  it("acceptOffer refuses when the hold, the address or the hours changed since the buyer's screen", async () => {
    const requestId = await seedOffer("held", { holdChoice: "threeDays" });
    const seen = await seenTerms(db(), "held");
    expect(seen.hold).toBe(
      holdFingerprint({
        holdChoice: "threeDays",
        address: "Via Roma 5, Milano",
        weeklyHours: { mon: [{ open: "09:00", close: "19:00" }], tue: [{ open: "09:00", close: "19:00" }] },
      }),
    );
    const changes: Array<[string, () => Promise<unknown>]> = [
      ["shorter hold", () => db().doc("offers/held").update({ holdChoice: "nextClose" })],
      ["new address", () => db().doc(`profiles/${SHOP}`).update({ "shop.address": "Via Lontana 99, Rho" })],
      ["new hours", () => db().doc(`profiles/${SHOP}`).update({ "shop.weeklyHours.mon": [] })],
    ];
    for (const [, change] of changes) {
      await change();
      const error = await rejection(m.accept.acceptOfferFor(BUYER, { offerId: "held", terms: seen }, deps()));
      expect(error).toMatchObject({ code: "failed-precondition", message: DEAL_END_REFUSALS.holdChanged });
      expect(await read("offers/held")).toMatchObject({ status: "pending" });
      expect(await read(`requests/${requestId}`)).toMatchObject({ status: "active" });
    }
    // What the screen shows now is accepted.
    await m.accept.acceptOfferFor(BUYER, { offerId: "held", terms: await seenTerms(db(), "held") }, deps());
    expect(await read("offers/held")).toMatchObject({ status: "accepted" });
  });
});

describe("every deal ends", () => {
  it("closes an unverified deal DEAL_OPEN_MS after acceptance, tells both sides; the buyer may renew", async () => {
    const requestId = await acceptedDeal("stale");
    const verifiedRequest = await acceptedDeal("kept");
    await verifyDeal("kept");
    expect((await read("offers/stale")).dealClosesAt.toMillis()).toBe(START.getTime() + DEAL_OPEN_MS);

    clock = new Date(START.getTime() + DEAL_OPEN_MS - MINUTE);
    expect(await m.close.closeStaleDeals({ ...deps(), pageSize: 1 })).toEqual([]);

    clock = new Date(START.getTime() + DEAL_OPEN_MS + MINUTE);
    expect(await m.close.closeStaleDeals({ ...deps(), pageSize: 1 })).toEqual(["stale"]);
    const offer = await read("offers/stale");
    expect(offer).toMatchObject({ status: "expired", dealClosedAt: Timestamp.fromDate(clock) });
    expect(offer.dealClosesAt).toBeUndefined();
    const request = await read(`requests/${requestId}`);
    expect(request).toMatchObject({ status: "expired" });
    expect(request.acceptedOfferId).toBeUndefined();
    expect(await read(`requests/${verifiedRequest}`)).toMatchObject({ status: "completed" });
    expect((await chatLines("stale")).at(-1)).toMatchObject({
      type: "system",
      content: DEAL_SYSTEM_LINES.closed,
    });
    for (const uid of [BUYER, SHOP]) {
      expect(await read(`users/${uid}/notifications/deal_closed-stale`)).toMatchObject({
        kind: "deal_closed",
      });
    }
    // Resumable and idempotent: a rerun reads nothing left to close.
    expect(await m.close.closeStaleDeals({ ...deps(), pageSize: 1 })).toEqual([]);

    const renewed = await m.actions.renewRequestFor(BUYER, { requestId }, deps());
    expect(renewed).toMatchObject({ requestId, status: "active" });
  });
});

describe("the buyer's pickup record shown to a shop", () => {
  it("is read when shown, not the copy taken when the offer was sent; only by the offer's shop", async () => {
    await seedOffer("asked");
    // The copy submitOffer left on the conversation, and the record as it stands now.
    await db()
      .doc("conversations/asked")
      .update({ buyerPickups: { collected: 3, missed: 0 } });
    await db().doc(`pickupRecords/${BUYER}`).set({ collected: 3, missed: 2 });
    expect(await m.record.readPickupRecordFor(SHOP, { offerId: "asked" }, deps())).toEqual({
      collected: 3,
      missed: 2,
    });
    for (const uid of [BUYER, "rival"]) {
      const error = await rejection(m.record.readPickupRecordFor(uid, { offerId: "asked" }, deps()));
      expect(error).toMatchObject({ code: "permission-denied" });
    }
    // No longer a live offer: nothing more to read.
    await db().doc("offers/asked").update({ status: "rejected" });
    expect(await rejection(m.record.readPickupRecordFor(SHOP, { offerId: "asked" }, deps()))).toMatchObject({
      code: "permission-denied",
    });
  });
});
