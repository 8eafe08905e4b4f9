// The law as a feature, on the server (issue's second part): a review or a shop's answer is reported and
// removed (the average moves back), a counted review leaves the average after 24 months through the
// bounded expiry sweep, every report is acknowledged, and a decision's review is asked once (also by a
// suspended account), answered by an admin and written back; revoking a suspension lifts it.

import { deleteApp } from "firebase-admin/app";
import type { DecodedIdToken } from "firebase-admin/auth";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DECISION_MESSAGES, listAppealsOutputSchema } from "../../src/domain/people/decisions";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AdminModule = typeof import("../../functions/src/lib/admin");
type ReportModule = typeof import("../../functions/src/moderation/report-content");
type ModerateModule = typeof import("../../functions/src/moderation/moderate-report");
type DecisionsModule = typeof import("../../functions/src/moderation/decisions");
type ExpiryModule = typeof import("../../functions/src/shops/review-expiry");

let stack: TestStack;
let admin: AdminModule;
let reports: ReportModule;
let moderate: ModerateModule;
let decisions: DecisionsModule;
let expiry: ExpiryModule;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();
const EARLIER = Timestamp.fromDate(new Date("2025-01-01T10:00:00Z"));
const NOW = new Date("2026-11-25T10:00:00Z");
const BUYER = "anna";
const SHOP = "bici";
const REVIEW = `profiles/${SHOP}/reviews/req1`;

async function set(path: string, data: DocumentData) {
  await db().doc(path).set(data);
}
async function read(path: string) {
  return (await db().doc(path).get()).data();
}
function asUser(uid: string, data: unknown) {
  const request = callableRequest(data, { uid });
  return { ...request, auth: { uid, rawToken: "test", token: { uid } as DecodedIdToken } };
}

const sent: Array<{ to: string; subject: string; text: string }> = [];
const deps = (now = NOW) => ({
  db: db(),
  auth: admin.adminAuth(),
  mail: { send: async (message: { to: string; subject: string; text: string }) => void sent.push(message) },
  now: () => now,
});

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [admin, reports, moderate, decisions, expiry] = await Promise.all([
    import("../../functions/src/lib/admin"),
    import("../../functions/src/moderation/report-content"),
    import("../../functions/src/moderation/moderate-report"),
    import("../../functions/src/moderation/decisions"),
    import("../../functions/src/shops/review-expiry"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  sent.length = 0;
  await stack.resetData();
  for (const [uid, email] of [
    [BUYER, "anna@example.it"],
    [SHOP, "bici@example.it"],
  ]) {
    await admin.adminAuth().createUser({ uid, email, password: "segreta123" });
  }
  await set(`users/${BUYER}`, {
    id: BUYER,
    email: "anna@example.it",
    displayName: "Anna",
    userType: "customer",
    createdAt: EARLIER,
  });
  const rating = { averageRating: 3, totalRatings: 2 };
  await set(`users/${SHOP}`, {
    id: SHOP,
    email: "bici@example.it",
    displayName: "Mario",
    businessName: "Bici & Co.",
    userType: "merchant",
    createdAt: EARLIER,
    shop: { status: "verified", partitaIva: "04812310151", categories: ["sport"], verifiedAt: EARLIER },
    ...rating,
  });
  await set(`profiles/${SHOP}`, {
    uid: SHOP,
    displayName: "Mario",
    businessName: "Bici & Co.",
    userType: "merchant",
    ...rating,
  });
  await set("requests/req1", { id: "req1", customerId: BUYER, status: "completed", createdAt: EARLIER });
  // Two counted ratings, 5 and 1: this one (1 star) counts until 1 March 2026.
  await set(REVIEW, {
    rating: 1,
    comment: "Pessimo",
    buyerFirstName: "Anna",
    createdAt: EARLIER,
    countsUntil: Timestamp.fromDate(new Date("2026-03-01T10:00:00Z")),
    answer: { text: "Non è andata così", createdAt: EARLIER, updatedAt: EARLIER },
  });
});

describe("reported reviews and answers", () => {
  it("the shop reports the review, the buyer the answer; each lands in the queue with its author", async () => {
    const review = await reports.reportContent.run(
      asUser(SHOP, { kind: "review", targetId: "req1", shopId: SHOP, reason: "fake" }),
    );
    expect(await read(`reports/${review.reportId}`)).toMatchObject({
      reporterId: SHOP,
      reportedUserId: BUYER,
      kind: "review",
      shopId: SHOP,
      excerpt: "1/5 · Pessimo",
    });
    const answer = await reports.reportContent.run(
      asUser(BUYER, { kind: "review_answer", targetId: "req1", shopId: SHOP, reason: "offensive" }),
    );
    expect(await read(`reports/${answer.reportId}`)).toMatchObject({
      reportedUserId: SHOP,
      excerpt: "Non è andata così",
    });
    // The acknowledgment is in the reporter's bell.
    expect(await read(`users/${BUYER}/notifications/report_received-${answer.reportId}`)).toBeDefined();
    // Nobody reports what they wrote.
    const own = asUser(BUYER, { kind: "review", targetId: "req1", shopId: SHOP, reason: "fake" });
    expect(await rejection(reports.reportContent.run(own))).toMatchObject({ code: "permission-denied" });
  });

  it("removing a counted review takes it out of the average; removing an answer blocks a new one", async () => {
    const { reportId } = await reports.reportContentFor(
      SHOP,
      { kind: "review", targetId: "req1", shopId: SHOP, reason: "fake" },
      deps(),
    );
    await moderate.moderateReportFor(
      { reportId, action: "remove_content", grounds: ["fake_review"] },
      deps(),
    );
    expect(await read(REVIEW)).toBeUndefined();
    expect(await read(`users/${SHOP}`)).toMatchObject({ averageRating: 5, totalRatings: 1 });
    expect(await read(`profiles/${SHOP}`)).toMatchObject({ averageRating: 5, totalRatings: 1 });

    await set(`profiles/${SHOP}/reviews/req2`, {
      rating: 4,
      buyerFirstName: "Anna",
      createdAt: EARLIER,
      answer: { text: "Scemo", createdAt: EARLIER, updatedAt: EARLIER },
    });
    await set("requests/req2", { id: "req2", customerId: BUYER, status: "completed", createdAt: EARLIER });
    const answer = await reports.reportContentFor(
      BUYER,
      { kind: "review_answer", targetId: "req2", shopId: SHOP, reason: "offensive" },
      deps(),
    );
    await moderate.moderateReportFor(
      { reportId: answer.reportId, action: "remove_content", grounds: ["harassment"] },
      deps(),
    );
    const left = await read(`profiles/${SHOP}/reviews/req2`);
    expect(left?.answer).toBeUndefined();
    expect(left?.answerRemovedAt).toBeDefined();
    expect(await read(`users/${SHOP}`)).toMatchObject({ averageRating: 5, totalRatings: 1 });
  });
});

describe("reviewExpirySweep: the 24-month rule", () => {
  it("takes the due review out of the average once, in pages, and leaves the others counting", async () => {
    await set(`profiles/${SHOP}/reviews/req3`, {
      rating: 5,
      buyerFirstName: "Luca",
      createdAt: EARLIER,
      countsUntil: Timestamp.fromDate(new Date("2027-06-01T10:00:00Z")),
    });
    expect(await expiry.runReviewExpiry({ db: db(), now: () => NOW, pageSize: 1 })).toBe(1);
    expect(await read(`users/${SHOP}`)).toMatchObject({ averageRating: 5, totalRatings: 1 });
    const expired = await read(REVIEW);
    expect(expired?.countsUntil).toBeUndefined();
    expect(expired?.uncountedAt).toBeDefined();
    expect((await read(`profiles/${SHOP}/reviews/req3`))?.countsUntil).toBeDefined();
    // A second run finds nothing due and moves nothing.
    expect(await expiry.runReviewExpiry({ db: db(), now: () => NOW })).toBe(0);
    expect(await read(`users/${SHOP}`)).toMatchObject({ averageRating: 5, totalRatings: 1 });
  });
});

describe("a decision's review ('Chiedi una revisione')", () => {
  async function suspendShop() {
    const { reportId } = await reports.reportContentFor(
      BUYER,
      { kind: "review_answer", targetId: "req1", shopId: SHOP, reason: "scam" },
      deps(),
    );
    await moderate.moderateReportFor(
      { reportId, action: "suspend_user", grounds: ["scam"], reasonText: "Pagamenti fuori dall'app" },
      deps(),
    );
    return reportId;
  }

  it("the suspended shop asks once; the admin revokes; the suspension is lifted and the shop told", async () => {
    const id = await suspendShop();
    expect(await read(`users/${SHOP}`)).toHaveProperty("suspendedAt");
    await decisions.appealDecision.run(
      asUser(SHOP, { decisionId: id, text: "Non ho mai chiesto pagamenti" }),
    );
    expect(await read(`decisions/${id}`)).toMatchObject({
      appealPending: true,
      appeal: { text: "Non ho mai chiesto pagamenti" },
    });
    const again = asUser(SHOP, { decisionId: id, text: "Di nuovo" });
    expect(await rejection(decisions.appealDecision.run(again))).toMatchObject({
      code: "failed-precondition",
      message: DECISION_MESSAGES.alreadyAppealed,
    });
    // What the admin's page reads over the wire parses as the page expects it.
    const listed = listAppealsOutputSchema.parse(
      JSON.parse(JSON.stringify(await decisions.listAppealsFor(db()))),
    );
    expect(listed.appeals).toEqual([
      expect.objectContaining({ id, subjectName: "Bici & Co.", grounds: ["scam"] }),
    ]);
    await decisions.decideAppealFor(
      { decisionId: id, outcome: "revoked", text: "Le prove non bastano" },
      deps(),
    );
    expect(await read(`decisions/${id}`)).toMatchObject({
      appealPending: false,
      appealOutcome: { outcome: "revoked", text: "Le prove non bastano" },
    });
    expect(await read(`users/${SHOP}`)).not.toHaveProperty("suspendedAt");
    expect(await read(`users/${SHOP}/notifications/appeal_decided-${id}`)).toMatchObject({
      body: expect.stringContaining("Le prove non bastano"),
    });
    expect((await decisions.listAppealsFor(db())).appeals).toEqual([]);
    const twice = decisions.decideAppealFor({ decisionId: id, outcome: "confirmed", text: "x" }, deps());
    expect(await rejection(twice)).toMatchObject({ message: DECISION_MESSAGES.notAppealed });
  });

  it("refuses someone else's decision, an appeal after 6 months, and a deleted account", async () => {
    const id = await suspendShop();
    const other = asUser(BUYER, { decisionId: id, text: "Rivedete" });
    expect(await rejection(decisions.appealDecision.run(other))).toMatchObject({
      code: "permission-denied",
      message: DECISION_MESSAGES.notYours,
    });
    const late = decisions.appealDecisionFor(
      SHOP,
      { decisionId: id, text: "Tardi" },
      deps(new Date("2027-07-01T10:00:00Z")),
    );
    expect(await rejection(late)).toMatchObject({ message: DECISION_MESSAGES.appealClosed });
    await db().doc(`users/${SHOP}`).delete();
    const deleted = asUser(SHOP, { decisionId: id, text: "Rivedete" });
    expect(await rejection(decisions.appealDecision.run(deleted))).toMatchObject({
      code: "permission-denied",
    });
  });
});
