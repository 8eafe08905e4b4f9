// 'Acquisto verificato' against Google's Firestore emulator: acceptOffer gives the deal its
// pickup code; verifyPickup (through its exported callable, and with the injected clock for the wait)
// takes it from the deal's shop only, once, with five wrong tries and then a 15-minute wait; success
// marks the deal verified on both documents, and the buyer's completeTransaction (the one completion
// path) then writes a review marked verifiedPurchase that counts even without a proven e-mail.

import { deleteApp } from "firebase-admin/app";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shopMonthId, shopMonthOf } from "../../src/domain/market/shop-funnel";
import { holdFingerprint } from "../../src/domain/marketplace/deal-end";
import { DEAL_MESSAGES } from "../../src/domain/marketplace/marketplace-messages";
import {
  PICKUP_ALPHABET,
  PICKUP_CODE_LENGTH,
  PICKUP_FAILURE_REASON,
  PICKUP_LOCK_MS,
  PICKUP_MESSAGES,
} from "../../src/domain/marketplace/pickup";
import { HOLD_MESSAGES, HOLD_REFUSALS } from "../../src/domain/marketplace/pickup-hold";
import { NO_SHOW_MESSAGES, NO_SHOW_REFUSALS } from "../../src/domain/marketplace/pickup-record";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { EARLIER, seedUserDoc } from "../support/integration-seed";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AcceptModule = typeof import("../../functions/src/deals/accept-offer");
type VerifyModule = typeof import("../../functions/src/deals/verify-pickup");
type NoShowModule = typeof import("../../functions/src/deals/mark-no-show");
type ReleaseModule = typeof import("../../functions/src/deals/release-hold");
type CompleteModule = typeof import("../../functions/src/deals/complete-transaction");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let accept: AcceptModule;
let verify: VerifyModule;
let complete: CompleteModule;
let release: ReleaseModule;
let noShow: NoShowModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();
const CUSTOMER = "buyer";
const MERCHANT = "shop";
const RIVAL = "rival";
const OFFERED = { price: 89, description: "Disponibile in negozio", deliveryOptions: ["pickup"] };
/** What the buyer's screen showed: the terms and the hold (no shop profile: default hold, no address). */
const SEEN = { ...OFFERED, hold: holdFingerprint({}) };

async function seedDeal() {
  await db().doc("requests/req").set({
    id: "req",
    customerId: CUSTOMER,
    productName: "trapano avvitatore",
    status: "active",
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  for (const [id, merchantId] of [
    ["won", MERCHANT],
    ["lost", RIVAL],
  ] as const) {
    await db()
      .doc(`offers/${id}`)
      .set({
        id,
        requestId: "req",
        merchantId,
        customerId: CUSTOMER,
        ...OFFERED,
        status: "pending",
        aiGenerated: false,
        createdAt: EARLIER,
        updatedAt: EARLIER,
      });
  }
  await accept.acceptOffer.run(callableRequest({ offerId: "won", terms: SEEN }, { uid: CUSTOMER }));
}

async function read(path: string): Promise<DocumentData> {
  const data = (await db().doc(path).get()).data();
  if (!data) throw new Error(`${path} missing`);
  return data;
}

const storedCode = async () => String((await read("pickupCodes/won")).code);
/** A well-formed code that is not this deal's. */
const wrongCode = (code: string) => (code[0] === "A" ? "C" : "A") + code.slice(1);
const verifyCall = (code: string, uid?: string) =>
  verify.verifyPickup.run(callableRequest({ offerId: "won", code }, { uid }));
const verifyAt = (code: string, at: Date, uid = MERCHANT) =>
  verify.verifyPickupFor(uid, { offerId: "won", code }, { db: db(), now: () => at });

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [accept, verify, complete, admin, release, noShow] = await Promise.all([
    import("../../functions/src/deals/accept-offer"),
    import("../../functions/src/deals/verify-pickup"),
    import("../../functions/src/deals/complete-transaction"),
    import("../../functions/src/lib/admin"),
    import("../../functions/src/deals/release-hold"),
    import("../../functions/src/deals/mark-no-show"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  await seedUserDoc(db(), CUSTOMER, "customer");
  await seedUserDoc(db(), MERCHANT, "merchant", { businessName: "Ferramenta Rossi" });
  await seedUserDoc(db(), RIVAL, "merchant");
  await seedDeal();
});

describe("the pickup code", () => {
  it("is written with the accept: six unambiguous characters, bound to the deal; the others read 'Acquistato altrove'", async () => {
    const stored = await read("pickupCodes/won");
    expect(stored).toMatchObject({
      offerId: "won",
      requestId: "req",
      customerId: CUSTOMER,
      merchantId: MERCHANT,
    });
    expect(stored.code).toHaveLength(PICKUP_CODE_LENGTH);
    for (const char of String(stored.code)) expect(PICKUP_ALPHABET).toContain(char);
    // The hold: the shop gave no hours, so until 19:00 (Rome) the next day.
    const won = await read("offers/won");
    expect(won.holdUntil).toBeInstanceOf(Timestamp);
    expect(won.holdUntil.toMillis()).toBeGreaterThan(won.acceptedAt.toMillis());
    expect(await read("offers/lost")).toMatchObject({
      status: "rejected",
      boughtElsewhere: true,
      rejectionReason: DEAL_MESSAGES.otherOfferAccepted,
    });
    expect(DEAL_MESSAGES.otherOfferAccepted).toMatch(/^Acquistato altrove/);
  });
});

describe("verifyPickup", () => {
  it("refuses anyone but the deal's shop, without counting their tries", async () => {
    const code = await storedCode();
    for (const uid of [RIVAL, CUSTOMER]) {
      const error = await rejection(verifyCall(code, uid));
      expect(error).toMatchObject({ code: "permission-denied", message: PICKUP_MESSAGES.notYourDeal });
    }
    expect(await rejection(verifyCall(code))).toMatchObject({ code: "unauthenticated" });
    expect((await read("pickupCodes/won")).wrongTries).toBe(0);
    expect((await read("offers/won")).verifiedPurchaseAt).toBeUndefined();
  });

  it("marks the deal verified on both sides, once: the same code again is refused", async () => {
    const code = await storedCode();
    expect(await verifyCall(code.toLowerCase(), MERCHANT)).toEqual({
      offerId: "won",
      requestId: "req",
      verifiedPurchase: true,
    });
    const offer = await read("offers/won");
    const request = await read("requests/req");
    expect(offer.verifiedPurchaseAt).toBeInstanceOf(Timestamp);
    // The sale is final: the deal is completed; the mark is the offer's alone.
    expect(request).toMatchObject({ status: "completed", completedOfferId: "won" });
    expect(request.completedAt).toEqual(offer.verifiedPurchaseAt);
    expect(request.verifiedPurchaseAt).toBeUndefined();
    expect(offer.dealClosesAt).toBeUndefined();
    expect((await read("pickupCodes/won")).usedAt).toEqual(offer.verifiedPurchaseAt);
    // The shop's funnel of the month: the accept and the verified sale, counted after each commit.
    const month = shopMonthOf(offer.verifiedPurchaseAt.toDate());
    expect(await read(`shopMonths/${shopMonthId(MERCHANT, month)}`)).toMatchObject({
      merchantId: MERCHANT,
      month,
      accepted: 1,
      verified: 1,
    });

    const again = await rejection(verifyCall(code, MERCHANT));
    expect(again).toMatchObject({
      code: "failed-precondition",
      message: PICKUP_MESSAGES.alreadyUsed,
      details: { reason: PICKUP_FAILURE_REASON, refusal: { reason: "used" } },
    });
  });

  it("counts wrong codes, then makes the shop wait 15 minutes even with the right one (injected clock)", async () => {
    const code = await storedCode();
    const start = new Date("2026-03-02T10:00:00Z");
    for (let left = 4; left >= 1; left--) {
      const error = await rejection(verifyAt(wrongCode(code), start));
      expect(error).toMatchObject({ code: "permission-denied", message: PICKUP_MESSAGES.wrongCode(left) });
    }
    const fifth = await rejection(verifyAt(wrongCode(code), start));
    expect(fifth).toMatchObject({ message: PICKUP_MESSAGES.wrongCode(0) });
    expect((await read("pickupCodes/won")).lockedUntil).toEqual(
      Timestamp.fromDate(new Date(start.getTime() + PICKUP_LOCK_MS)),
    );

    const during = await rejection(verifyAt(code, new Date(start.getTime() + 5 * 60_000)));
    expect(during).toMatchObject({ code: "resource-exhausted", message: PICKUP_MESSAGES.locked(10) });
    expect((await read("offers/won")).verifiedPurchaseAt).toBeUndefined();

    const after = new Date(start.getTime() + PICKUP_LOCK_MS);
    expect(await verifyAt(code, after)).toMatchObject({ verifiedPurchase: true });
    expect((await read("offers/won")).verifiedPurchaseAt).toEqual(Timestamp.fromDate(after));
  });

  it("is refused once the deal is no longer in progress", async () => {
    const code = await storedCode();
    await db().doc("requests/req").update({ status: "cancelled" });
    const error = await rejection(verifyCall(code, MERCHANT));
    expect(error).toMatchObject({ code: "failed-precondition", message: PICKUP_MESSAGES.notAccepted });
  });
});

describe("the verified review", () => {
  it("follows the completed deal through completeTransaction: counted and marked verified, though the e-mail is not proven", async () => {
    await verifyCall(await storedCode(), MERCHANT);
    const answer = await complete.completeTransactionCall(
      CUSTOMER,
      { requestId: "req", rating: 5, feedback: "Pronto alla cassa" },
      { db: db(), now: () => new Date(), emailProven: async () => false },
    );
    expect(answer).toMatchObject({ requestId: "req", merchantAverageRating: 5, ratingCounted: true });
    expect(await read("requests/req")).toMatchObject({ status: "completed", completedOfferId: "won" });
    expect(await read("profiles/shop/reviews/req")).toMatchObject({
      rating: 5,
      comment: "Pronto alla cassa",
      verifiedPurchase: true,
    });
    expect(await read(`users/${MERCHANT}`)).toMatchObject({ averageRating: 5, totalRatings: 1 });
  });
});

describe("the hold the shop chose", () => {
  it("three days from the accept, when the shop offered '3 giorni'", async () => {
    await db().doc("requests/req3").set({
      id: "req3",
      customerId: CUSTOMER,
      productName: "scala",
      status: "active",
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
    await db()
      .doc("offers/three")
      .set({
        id: "three",
        requestId: "req3",
        merchantId: MERCHANT,
        customerId: CUSTOMER,
        ...OFFERED,
        holdChoice: "threeDays",
        status: "pending",
        aiGenerated: false,
        createdAt: EARLIER,
        updatedAt: EARLIER,
      });
    await accept.acceptOffer.run(
      callableRequest(
        { offerId: "three", terms: { ...SEEN, hold: holdFingerprint({ holdChoice: "threeDays" }) } },
        { uid: CUSTOMER },
      ),
    );
    const offer = await read("offers/three");
    const acceptedMinute = Math.floor(offer.acceptedAt.toMillis() / 60_000) * 60_000;
    expect(offer.holdUntil.toMillis()).toBe(acceptedMinute + 3 * 24 * 60 * 60_000);
  });
});

describe("releaseHold", () => {
  const releaseCall = (data: unknown, uid?: string) =>
    release.releaseHold.run(callableRequest(data, { uid }));

  beforeEach(async () => {
    await db()
      .doc("conversations/won")
      .set({
        offerId: "won",
        requestId: "req",
        participants: { customerId: CUSTOMER, merchantId: MERCHANT },
        createdAt: EARLIER,
        updatedAt: EARLIER,
      });
  });

  it("only the deal's two parties, with a reason", async () => {
    const outsider = await rejection(releaseCall({ offerId: "won", reason: "Chiuso" }, RIVAL));
    expect(outsider).toMatchObject({ code: "permission-denied", message: HOLD_REFUSALS.notYourDeal });
    const blank = await rejection(releaseCall({ offerId: "won", reason: "   " }, CUSTOMER));
    expect(blank).toMatchObject({ code: "invalid-argument", message: HOLD_REFUSALS.reasonRequired });
    expect(await rejection(releaseCall({ offerId: "won", reason: "Chiuso" }))).toMatchObject({
      code: "unauthenticated",
    });
    expect((await read("offers/won")).holdReleasedAt).toBeUndefined();
  });

  it("the buyer lets it go: the offer says who and why, the chat carries the reason, once", async () => {
    expect(await releaseCall({ offerId: "won", reason: " Non passo più " }, CUSTOMER)).toEqual({
      offerId: "won",
      releasedBy: "customer",
    });
    const offer = await read("offers/won");
    expect(offer).toMatchObject({ holdReleasedBy: "customer", holdReleaseReason: "Non passo più" });
    expect(offer.holdReleasedAt).toBeInstanceOf(Timestamp);
    expect(offer.status).toBe("accepted");
    const messages = await db().collection("conversations/won/messages").limit(5).get();
    expect(messages.docs.map((doc) => doc.get("content"))).toEqual([
      `${HOLD_MESSAGES.releasedChat.customer} Non passo più`,
    ]);
    expect((await read("conversations/won")).lastMessage).toMatchObject({ senderId: CUSTOMER });

    const again = await rejection(releaseCall({ offerId: "won", reason: "Ancora" }, MERCHANT));
    expect(again).toMatchObject({ code: "failed-precondition", message: HOLD_REFUSALS.alreadyReleased });
  });

  it("the shop may let it go too, but not once the pickup is verified", async () => {
    await verifyCall(await storedCode(), MERCHANT);
    const late = await rejection(releaseCall({ offerId: "won", reason: "Venduto" }, MERCHANT));
    expect(late).toMatchObject({ code: "failed-precondition", message: HOLD_REFUSALS.alreadyVerified });
    expect((await read("offers/won")).holdReleasedAt).toBeUndefined();
  });
});

describe("markNoShow", () => {
  const markAt = (at: Date, uid = MERCHANT) =>
    noShow.markNoShowFor(uid, { offerId: "won" }, { db: db(), now: () => at });
  const holdEnd = async () => (await read("offers/won")).holdUntil.toDate() as Date;

  it("only the deal's shop, only once the hold ended: the item is released, the buyer told and counted", async () => {
    const end = await holdEnd();
    const early = await rejection(markAt(new Date(end.getTime() - 60_000)));
    expect(early).toMatchObject({ code: "failed-precondition", message: NO_SHOW_REFUSALS.notEnded });
    for (const uid of [CUSTOMER, RIVAL]) {
      const error = await rejection(markAt(new Date(end.getTime() + 60_000), uid));
      expect(error).toMatchObject({ code: "permission-denied", message: NO_SHOW_REFUSALS.notYourDeal });
    }

    const after = new Date(end.getTime() + 60_000);
    expect(await markAt(after)).toEqual({ offerId: "won", noShow: true });
    expect(await read("offers/won")).toMatchObject({
      status: "cancelled",
      noShowAt: Timestamp.fromDate(after),
      holdReleasedAt: Timestamp.fromDate(after),
      holdReleasedBy: "merchant",
      holdReleaseReason: NO_SHOW_MESSAGES.mark,
    });
    expect(await read(`pickupRecords/${CUSTOMER}`)).toMatchObject({ missed: 1 });
    const notes = await db().collection(`users/${CUSTOMER}/notifications`).limit(10).get();
    expect(notes.docs.map((doc) => doc.get("kind"))).toContain("pickup_missed");

    const again = await rejection(markAt(after));
    expect(again).toMatchObject({ code: "failed-precondition", message: NO_SHOW_REFUSALS.alreadyMarked });
    expect((await read(`pickupRecords/${CUSTOMER}`)).missed).toBe(1);
  });

  it("is refused after a verified pickup, which counts as collected", async () => {
    await verifyCall(await storedCode(), MERCHANT);
    expect(await read(`pickupRecords/${CUSTOMER}`)).toMatchObject({ collected: 1 });
    const late = await rejection(markAt(new Date((await holdEnd()).getTime() + 60_000)));
    expect(late).toMatchObject({ code: "failed-precondition", message: NO_SHOW_REFUSALS.alreadyVerified });
  });
});
