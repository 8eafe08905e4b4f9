// Reports, blocks and the admin's decisions against the test stack's emulators: reportContent reads the
// reported person and the excerpt from the server's documents and refuses what the caller cannot see;
// the admin role is the custom claim set by scripts/admin; moderateReport hides a request, closes a
// conversation or suspends an account (sessions revoked), and both sides get the outcome with its reasons.

import { deleteApp } from "firebase-admin/app";
import type { DecodedIdToken } from "firebase-admin/auth";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setAdminClaim } from "../../scripts/admin/admin-claim";
import { MODERATION_OUTCOME_TEXTS } from "../../src/domain/people/moderation";
import { MODERATION_MESSAGES } from "../../src/domain/people/trust-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AdminModule = typeof import("../../functions/src/lib/admin");
type ReportModule = typeof import("../../functions/src/moderation/report-content");
type ModerateModule = typeof import("../../functions/src/moderation/moderate-report");
type ListModule = typeof import("../../functions/src/moderation/list-reports");
type BlockModule = typeof import("../../functions/src/moderation/set-block");

let stack: TestStack;
let admin: AdminModule;
let reports: ReportModule;
let moderate: ModerateModule;
let list: ListModule;
let blocks: BlockModule;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();
const EARLIER = Timestamp.fromDate(new Date("2025-01-01T10:00:00Z"));
const BUYER = "anna";
const SHOP = "bici";
const MODERATOR = "mod";
const CHAT = "req1_bici";

async function set(path: string, data: DocumentData) {
  await db().doc(path).set(data);
}
async function read(path: string) {
  return (await db().doc(path).get()).data();
}

/** A callable request whose ID token carries the claims the Auth user has now (as a fresh sign-in would). */
async function asUser(uid: string, data: unknown) {
  const claims = (await admin.adminAuth().getUser(uid)).customClaims ?? {};
  const request = callableRequest(data, { uid });
  return { ...request, auth: { uid, rawToken: "test", token: { uid, ...claims } as DecodedIdToken } };
}

const sent: Array<{ to: string; subject: string; text: string }> = [];
const deps = () => ({
  db: db(),
  auth: admin.adminAuth(),
  mail: { send: async (message: { to: string; subject: string; text: string }) => void sent.push(message) },
  now: () => new Date("2026-11-25T10:00:00Z"),
});

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [admin, reports, moderate, list, blocks] = await Promise.all([
    import("../../functions/src/lib/admin"),
    import("../../functions/src/moderation/report-content"),
    import("../../functions/src/moderation/moderate-report"),
    import("../../functions/src/moderation/list-reports"),
    import("../../functions/src/moderation/set-block"),
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
    [MODERATOR, "mod@example.it"],
  ]) {
    await admin.adminAuth().createUser({ uid, email, password: "segreta123" });
  }
  // The account guard asks every caller for a users document (a missing one is a deleted account).
  await set(`users/${BUYER}`, {
    id: BUYER,
    email: "anna@example.it",
    displayName: "Anna",
    userType: "customer",
    createdAt: EARLIER,
  });
  await set(`users/${SHOP}`, {
    id: SHOP,
    email: "bici@example.it",
    displayName: "Mario",
    businessName: "Bici & Co.",
    userType: "merchant",
    createdAt: EARLIER,
    // As verifyShop leaves it: a verified shop reads active requests, so it may report one.
    shop: { status: "verified", partitaIva: "04812310151", categories: ["sport"], verifiedAt: EARLIER },
  });
  await set(`profiles/${SHOP}`, {
    uid: SHOP,
    displayName: "Mario",
    businessName: "Bici & Co.",
    userType: "merchant",
    averageRating: 0,
    totalRatings: 0,
  });
  await set("requests/req1", {
    id: "req1",
    customerId: BUYER,
    productName: "bici da città",
    description: "Usata va bene",
    status: "active",
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await set(`offers/${CHAT}`, {
    id: CHAT,
    requestId: "req1",
    merchantId: SHOP,
    customerId: BUYER,
    description: "Revisionata",
    price: 90,
    status: "pending",
  });
  await set(`conversations/${CHAT}`, {
    participants: { customerId: BUYER, customerName: "Anna", merchantId: SHOP, merchantName: "Bici & Co." },
    requestId: "req1",
    offerId: CHAT,
    status: "active",
  });
  await set(`conversations/${CHAT}/messages/m1`, {
    senderId: SHOP,
    content: "Sei proprio un cretino",
    senderName: "Bici & Co.",
  });
  await set(`conversations/${CHAT}/messages/m2`, {
    senderId: BUYER,
    content: "Buongiorno",
    senderName: "Anna",
  });
});

const reportMessage = async () =>
  reports.reportContent.run(
    await asUser(BUYER, {
      kind: "conversation",
      targetId: CHAT,
      messageId: "m1",
      reason: "offensive",
      text: "Insulti",
    }),
  );

describe("reportContent", () => {
  it("files a report on the other participant's message, with the excerpt read by the server", async () => {
    const { reportId } = await reportMessage();
    expect(await read(`reports/${reportId}`)).toMatchObject({
      reporterId: BUYER,
      reportedUserId: SHOP,
      kind: "conversation",
      conversationId: CHAT,
      requestId: "req1",
      messageId: "m1",
      excerpt: "Sei proprio un cretino",
      reason: "offensive",
      text: "Insulti",
      status: "open",
    });
  });

  it("refuses one's own message, a conversation of others and one's own request", async () => {
    await set("users/stranger", {
      id: "stranger",
      email: "s@example.it",
      displayName: "S",
      userType: "customer",
      createdAt: EARLIER,
    });
    for (const [uid, data] of [
      [BUYER, { kind: "conversation", targetId: CHAT, messageId: "m2", reason: "spam" }],
      ["stranger", { kind: "conversation", targetId: CHAT, reason: "spam" }],
      [BUYER, { kind: "request", targetId: "req1", reason: "fake" }],
      [SHOP, { kind: "offer", targetId: CHAT, reason: "fake" }],
    ] as const) {
      expect(await rejection(reports.reportContent.run(callableRequest(data, { uid })))).toMatchObject({
        code: "permission-denied",
        message: MODERATION_MESSAGES.reportNotAllowed,
      });
    }
  });

  it("a shop reports a request, a buyer an offer", async () => {
    const onRequest = await reports.reportContent.run(
      callableRequest({ kind: "request", targetId: "req1", reason: "fake" }, { uid: SHOP }),
    );
    expect(await read(`reports/${onRequest.reportId}`)).toMatchObject({
      reportedUserId: BUYER,
      excerpt: "bici da città · Usata va bene",
    });
    const onOffer = await reports.reportContent.run(
      callableRequest({ kind: "offer", targetId: CHAT, reason: "scam" }, { uid: BUYER }),
    );
    expect(await read(`reports/${onOffer.reportId}`)).toMatchObject({
      reportedUserId: SHOP,
      conversationId: CHAT,
    });
  });
});

describe("the admin role and decisions", () => {
  it("only a user with the admin claim (set by the script) lists and decides", async () => {
    const { reportId } = await reportMessage();
    expect(await rejection(list.listReports.run(await asUser(MODERATOR, {})))).toMatchObject({
      code: "permission-denied",
    });
    await setAdminClaim(admin.adminAuth(), "mod@example.it", true);
    const queue = await list.listReports.run(await asUser(MODERATOR, {}));
    expect(queue.reports).toEqual([
      expect.objectContaining({ id: reportId, reportedName: "Bici & Co.", reportedSuspended: false }),
    ]);
    await setAdminClaim(admin.adminAuth(), "mod@example.it", false);
    expect(
      await rejection(
        moderate.moderateReport.run(
          await asUser(MODERATOR, { reportId, action: "dismiss", grounds: ["terms"] }),
        ),
      ),
    ).toMatchObject({
      code: "permission-denied",
    });
  });

  it("suspending marks the account suspended (it may still sign in to read why), and tells both sides", async () => {
    const { reportId } = await reportMessage();
    await moderate.moderateReportFor(
      { reportId, action: "suspend_user", grounds: ["harassment"], reasonText: "Insulti ripetuti" },
      deps(),
    );
    expect((await admin.adminAuth().getUser(SHOP)).disabled).toBe(false);
    expect(await read(`decisions/${reportId}`)).toMatchObject({
      subjectId: SHOP,
      action: "suspend_user",
      grounds: ["harassment"],
      reasonText: "Insulti ripetuti",
    });
    expect(sent.find((mail) => mail.to === "bici@example.it")?.text).toContain("Insulti ripetuti");
    expect(await read(`users/${SHOP}`)).toHaveProperty("suspendedAt");
    expect(await read(`profiles/${SHOP}`)).toMatchObject({ suspended: true });
    expect(await read(`reports/${reportId}`)).toMatchObject({
      status: "resolved",
      action: "suspend_user",
      outcome: MODERATION_OUTCOME_TEXTS.suspend_user,
    });
    const outcomeMail = sent.find((mail) => mail.text.includes(MODERATION_OUTCOME_TEXTS.suspend_user));
    expect(outcomeMail).toMatchObject({ to: "anna@example.it" });
    expect(outcomeMail?.text).toContain("/privacy");
    expect(
      await rejection(
        moderate.moderateReportFor({ reportId, action: "dismiss", grounds: ["terms"] }, deps()),
      ),
    ).toMatchObject({
      message: MODERATION_MESSAGES.reportAlreadyClosed,
    });
  });

  it("closing a conversation and hiding a request go through the state machine", async () => {
    const { reportId } = await reportMessage();
    await moderate.moderateReportFor({ reportId, action: "close_conversation", grounds: ["terms"] }, deps());
    expect(await read(`conversations/${CHAT}`)).toMatchObject({ status: "closed", closedBy: "moderation" });

    const onRequest = await reports.reportContent.run(
      callableRequest({ kind: "request", targetId: "req1", reason: "fake" }, { uid: SHOP }),
    );
    await moderate.moderateReportFor(
      { reportId: onRequest.reportId, action: "hide_request", grounds: ["terms"] },
      deps(),
    );
    expect(await read("requests/req1")).toMatchObject({ status: "cancelled", hiddenByModeration: true });
    expect(await read(`offers/${CHAT}`)).toMatchObject({ status: "expired" });
  });
});

describe("a request's text goes only to who could read it", () => {
  it("a buyer, an unverified merchant, or a shop once the request is no longer active, cannot report it", async () => {
    await set("users/luca", {
      id: "luca",
      email: "luca@example.it",
      displayName: "Luca",
      userType: "customer",
    });
    await set("users/nuovo", {
      id: "nuovo",
      email: "n@example.it",
      displayName: "Nuovo",
      userType: "merchant",
    });
    for (const uid of ["luca", "nuovo"]) {
      expect(
        await rejection(
          reports.reportContent.run(
            callableRequest({ kind: "request", targetId: "req1", reason: "fake" }, { uid }),
          ),
        ),
      ).toMatchObject({ code: "permission-denied", message: MODERATION_MESSAGES.reportNotAllowed });
    }
    await db().doc("requests/req1").update({ status: "cancelled" });
    expect(
      await rejection(
        reports.reportContent.run(
          callableRequest({ kind: "request", targetId: "req1", reason: "fake" }, { uid: SHOP }),
        ),
      ),
    ).toMatchObject({ code: "permission-denied" });
    // The shop whose offer was accepted still reads the request, so it may report it.
    await db().doc(`offers/${CHAT}`).update({ status: "accepted" });
    await expect(
      reports.reportContent.run(
        callableRequest({ kind: "request", targetId: "req1", reason: "fake" }, { uid: SHOP }),
      ),
    ).resolves.toHaveProperty("reportId");
    expect((await db().collection("reports").where("reporterId", "in", ["luca", "nuovo"]).get()).size).toBe(
      0,
    );
  });
});

describe("suspension ends the account's dealings", () => {
  it("closes every open conversation (paged), expires its pending offers and tells the other side", async () => {
    // More conversations than one page holds, each with its pending offer.
    const extra = Array.from({ length: 205 }, (_, i) => `r${String(i).padStart(3, "0")}_${SHOP}`);
    const writer = db().bulkWriter();
    for (const id of extra) {
      writer.set(db().doc(`offers/${id}`), {
        requestId: id.split("_")[0],
        merchantId: SHOP,
        customerId: "c",
        status: "pending",
      });
      writer.set(db().doc(`conversations/${id}`), {
        participants: {
          customerId: "c",
          customerName: "Carla",
          merchantId: SHOP,
          merchantName: "Bici & Co.",
        },
        requestId: id.split("_")[0],
        offerId: id,
        status: "active",
      });
    }
    await writer.close();
    const { reportId } = await reportMessage();
    await moderate.moderateReportFor({ reportId, action: "suspend_user", grounds: ["terms"] }, deps());

    expect(await read(`conversations/${CHAT}`)).toMatchObject({ status: "closed", closedBy: "moderation" });
    expect(await read(`offers/${CHAT}`)).toMatchObject({ status: "expired" });
    const open = await db().collection("conversations").where("participants.merchantId", "==", SHOP).get();
    expect(open.docs.filter((chat) => chat.get("status") !== "closed")).toEqual([]);
    const pending = await db().collection("offers").where("merchantId", "==", SHOP).get();
    expect(pending.docs.filter((offer) => offer.get("status") === "pending")).toEqual([]);
    expect(await read(`users/${BUYER}/notifications/conversation_closed-${CHAT}`)).toMatchObject({
      kind: "conversation_closed",
      title: "Conversazione chiusa: «La richiesta»",
      body: expect.stringContaining("Bici & Co."),
      link: `/messages/${CHAT}`,
    });
    expect(await read(`users/c/notifications/conversation_closed-${extra[204]}`)).toBeDefined();
  });
});

describe("setBlock", () => {
  it("records the block with the blocked person's public name, and removes it", async () => {
    expect(
      await blocks.setBlock.run(callableRequest({ userId: SHOP, blocked: true }, { uid: BUYER })),
    ).toEqual({ blocked: true });
    expect(await read(`blocks/${BUYER}_${SHOP}`)).toMatchObject({
      blockerId: BUYER,
      blockedId: SHOP,
      blockedName: "Bici & Co.",
    });
    await blocks.setBlock.run(callableRequest({ userId: SHOP, blocked: false }, { uid: BUYER }));
    expect(await read(`blocks/${BUYER}_${SHOP}`)).toBeUndefined();
    expect(
      await rejection(blocks.setBlock.run(callableRequest({ userId: BUYER, blocked: true }, { uid: BUYER }))),
    ).toMatchObject({
      message: MODERATION_MESSAGES.blockSelf,
    });
  });

  it("is rate limited per user, blocking and unblocking alike", async () => {
    const { BLOCK_CHANGES_PER_HOUR } = await import("../../src/domain/core/limits");
    for (let i = 0; i < BLOCK_CHANGES_PER_HOUR; i++) {
      await blocks.setBlock.run(callableRequest({ userId: SHOP, blocked: i % 2 === 0 }, { uid: BUYER }));
    }
    expect(
      await rejection(blocks.setBlock.run(callableRequest({ userId: SHOP, blocked: true }, { uid: BUYER }))),
    ).toMatchObject({ code: "resource-exhausted", message: MODERATION_MESSAGES.tooManyBlocks });
  });
});
