// The user's own data against the test stack's emulators (Firestore with the rules loaded, Auth):
// exportMyData holds every kind of document the user owns and nothing of others'; deleteMyAccount needs a
// recent sign-in, leaves no private data and keeps the other party's thread readable; the retention
// sweep deletes exactly the closed requests (and their chats, and the chats' unread counts) past 24
// months, with the clock injected.

import { deleteApp } from "firebase-admin/app";
import type { DecodedIdToken } from "firebase-admin/auth";
import { type DocumentData, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRIVACY_MESSAGES } from "../../src/domain/people/trust-messages";
import { callableRequest, overrideEnv, rejection } from "../support/callables";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type AdminModule = typeof import("../../functions/src/lib/admin");
type ExportModule = typeof import("../../functions/src/privacy/export-data");
type DeleteModule = typeof import("../../functions/src/privacy/delete-account");
type RetentionModule = typeof import("../../functions/src/privacy/retention");

let stack: TestStack;
let admin: AdminModule;
let exporter: ExportModule;
let deleter: DeleteModule;
let retention: RetentionModule;
let restoreEnv: () => void = () => {};

const db = () => admin.adminDb();
const EARLIER = Timestamp.fromDate(new Date("2025-01-01T10:00:00Z"));
const NOW = new Date("2026-11-25T10:00:00Z");

const BUYER = "anna";
const SHOP = "bici";
const OTHER_BUYER = "marco";
const CHAT = "req1_bici";

async function set(path: string, data: DocumentData) {
  await db().doc(path).set(data);
}

async function read(path: string): Promise<DocumentData | undefined> {
  return (await db().doc(path).get()).data();
}

/** A small marketplace: Anna's two requests (one active with a pending offer and chat, one completed
 * and rated), Bici's offers, Marco's request, ledgers, Algo's records, a block and a report. */
async function seedMarketplace() {
  await admin.adminAuth().createUser({ uid: BUYER, email: "anna@example.it", password: "segreta123" });
  await set(`users/${BUYER}`, {
    id: BUYER,
    uid: BUYER,
    email: "anna@example.it",
    displayName: "Anna Verdi",
    userType: "customer",
    createdAt: EARLIER,
    consent: { termsVersion: "2026-11-25", privacyVersion: "2026-11-25", acceptedAt: EARLIER },
  });
  await set(`users/${BUYER}/tokenLedger/l1`, { kind: "spend", amount: -0.5, createdAt: EARLIER });
  await set(`users/${BUYER}/notifications/offer_received-n1`, {
    kind: "offer_received",
    title: "Nuova offerta",
    body: "",
    link: "/messages/n1",
    createdAt: EARLIER,
    readAt: null,
    emailStatus: "sent",
  });
  await set(`users/${BUYER}/notificationSettings/preferences`, { email: { offer_received: false } });
  await set(`notificationState/throttle-${BUYER}-digest`, { uid: BUYER, lastEmailAt: EARLIER });
  await set(`profiles/${BUYER}`, {
    uid: BUYER,
    displayName: "Anna Verdi",
    userType: "customer",
    averageRating: 0,
    totalRatings: 0,
  });
  await set(`users/${SHOP}`, {
    id: SHOP,
    uid: SHOP,
    email: "bici@example.it",
    displayName: "Mario",
    businessName: "Bici & Co.",
    userType: "merchant",
    createdAt: EARLIER,
    averageRating: 4,
    totalRatings: 1,
  });
  await set(`profiles/${SHOP}`, {
    uid: SHOP,
    displayName: "Mario",
    businessName: "Bici & Co.",
    userType: "merchant",
    averageRating: 4,
    totalRatings: 1,
  });
  await set(`users/${OTHER_BUYER}`, {
    id: OTHER_BUYER,
    uid: OTHER_BUYER,
    email: "marco@example.it",
    displayName: "Marco",
    userType: "customer",
    createdAt: EARLIER,
  });
  await set(`users/${OTHER_BUYER}/tokenLedger/m1`, { kind: "spend", amount: -1, createdAt: EARLIER });

  await set("requests/req1", {
    id: "req1",
    customerId: BUYER,
    productName: "bici da città",
    status: "active",
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await set("requests/req1/private/location", {
    customerId: BUYER,
    lat: 45.46,
    lng: 9.19,
    address: "Via Roma 5, Milano",
  });
  // A photo the buyer gave Algo (requests/{id}/photos, counted in photoCount): it may show their home.
  await db()
    .doc("requests/req1")
    .update({ photoCount: 1, thumbnail: { data: "/9j/AAAA", width: 1, height: 1 } });
  await set("requests/req1/photos/p1", { customerId: BUYER, data: "/9j/AA==", width: 1, height: 1 });
  await set("requests/req2", {
    id: "req2",
    customerId: BUYER,
    productName: "casco",
    status: "completed",
    completedOfferId: "req2_bici",
    customerRating: 4,
    customerFeedback: "Gentilissimi",
    completedAt: EARLIER,
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  // The review completeTransaction left on the shop's page, signed with the buyer's first name.
  await set(`profiles/${SHOP}/reviews/req2`, {
    rating: 4,
    comment: "Gentilissimi",
    buyerFirstName: "Anna",
    createdAt: EARLIER,
  });
  await set("requests/req3", {
    id: "req3",
    customerId: OTHER_BUYER,
    productName: "tenda da campeggio",
    status: "active",
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await set(`offers/${CHAT}`, {
    id: CHAT,
    requestId: "req1",
    merchantId: SHOP,
    customerId: BUYER,
    price: 180,
    description: "Revisionata",
    status: "pending",
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await set("offers/req2_bici", {
    id: "req2_bici",
    requestId: "req2",
    merchantId: SHOP,
    customerId: BUYER,
    price: 40,
    description: "Casco omologato",
    status: "accepted",
    customerRating: 4,
    customerFeedback: "Gentilissimi",
    ratedAt: EARLIER,
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await set("offers/req3_bici", {
    id: "req3_bici",
    requestId: "req3",
    merchantId: SHOP,
    customerId: OTHER_BUYER,
    price: 90,
    description: "Tenda 2 posti",
    status: "pending",
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await set(`conversations/${CHAT}`, {
    participants: {
      customerId: BUYER,
      customerName: "Anna Verdi",
      merchantId: SHOP,
      merchantName: "Bici & Co.",
    },
    requestId: "req1",
    offerId: CHAT,
    status: "active",
    createdAt: EARLIER,
    updatedAt: EARLIER,
  });
  await set(`conversations/${CHAT}/messages/m1`, {
    conversationId: CHAT,
    senderId: BUYER,
    senderName: "Anna Verdi",
    senderType: "customer",
    content: "La posso provare sabato?",
    type: "text",
    readBy: [BUYER],
    createdAt: EARLIER,
  });
  await set(`conversations/${CHAT}/messages/m2`, {
    conversationId: CHAT,
    senderId: SHOP,
    senderName: "Bici & Co.",
    senderType: "merchant",
    content: "Certo, vi aspettiamo in negozio",
    type: "text",
    readBy: [SHOP],
    createdAt: EARLIER,
  });
  // The shop's message is unread by Anna (onMessageCreated counted it; the entry keeps its id).
  await set(`unreadCounts/${BUYER}`, { conversations: { [CHAT]: { messages: 1, counted: ["m2"] } } });
  await set(`ratingsGiven/${BUYER}_${SHOP}`, { countedAt: EARLIER });
  await set("algo_conversations/a1", { userId: BUYER, messages: [], createdAt: EARLIER });
  await set("algo_conversations/a2", { userId: OTHER_BUYER, messages: [], createdAt: EARLIER });
  await set(`blocks/${BUYER}_spammer`, {
    blockerId: BUYER,
    blockedId: "spammer",
    blockedName: "Spam Shop",
    createdAt: EARLIER,
  });
  await set("reports/r1", {
    id: "r1",
    reporterId: BUYER,
    reportedUserId: "spammer",
    kind: "request",
    targetId: "x",
    excerpt: "",
    reason: "spam",
    status: "open",
    createdAt: EARLIER,
  });
  await set("reports/r2", {
    id: "r2",
    reporterId: OTHER_BUYER,
    reportedUserId: BUYER,
    kind: "request",
    targetId: "req1",
    excerpt: "",
    reason: "fake",
    status: "open",
    createdAt: EARLIER,
  });
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    FIREBASE_AUTH_EMULATOR_HOST: stack.hosts.auth,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [admin, exporter, deleter, retention] = await Promise.all([
    import("../../functions/src/lib/admin"),
    import("../../functions/src/privacy/export-data"),
    import("../../functions/src/privacy/delete-account"),
    import("../../functions/src/privacy/retention"),
  ]);
});

afterAll(async () => {
  if (admin) await deleteApp(admin.adminApp());
  await stopStack();
  restoreEnv();
});

beforeEach(async () => {
  await stack.resetData();
  await seedMarketplace();
});

describe("exportMyData", () => {
  it("holds every kind of document the user owns, and nothing of others'", async () => {
    const result = await exporter.exportMyData.run(callableRequest({}, { uid: BUYER }));
    expect(result.fileName).toMatch(/^vicino-dati-\d{4}-\d{2}-\d{2}\.json$/);
    const data = result.data as Record<string, unknown> & {
      account: DocumentData;
      publicProfile: DocumentData;
      requests: DocumentData[];
    };
    expect(data.account).toMatchObject({ email: "anna@example.it", consent: { termsVersion: "2026-11-25" } });
    expect(data.publicProfile).toMatchObject({ displayName: "Anna Verdi" });
    expect(data.requests.map((r) => r.id).sort()).toEqual(["req1", "req2"]);
    expect(data.requests.find((r) => r.id === "req1")).toMatchObject({
      privateLocation: { address: "Via Roma 5, Milano" },
    });
    expect(data.offers).toEqual([]);
    expect(data.conversations).toEqual([
      expect.objectContaining({
        id: CHAT,
        role: "customer",
        messagesWritten: [expect.objectContaining({ id: "m1", content: "La posso provare sabato?" })],
      }),
    ]);
    expect(data.ratingsGiven).toEqual([
      expect.objectContaining({ requestId: "req2", rating: 4, customerFeedback: "Gentilissimi" }),
    ]);
    expect(data.tokenLedger).toEqual([expect.objectContaining({ id: "l1", amount: -0.5 })]);
    expect(data.algoConversations).toEqual([expect.objectContaining({ id: "a1" })]);
    expect(data.reports).toEqual([expect.objectContaining({ id: "r1" })]);
    expect(data.blocks).toEqual([expect.objectContaining({ blockedId: "spammer" })]);
    expect(data.notifications).toEqual([
      expect.objectContaining({ id: "offer_received-n1", kind: "offer_received" }),
    ]);
    expect(data.notificationSettings).toEqual([{ id: "preferences", email: { offer_received: false } }]);
    // What is unread, as counts: not the ids of the shop's messages the entry keeps.
    expect(data.unreadCounts).toEqual({ [CHAT]: { messages: 1, offer: false } });

    const text = JSON.stringify(result);
    for (const foreign of [
      "Certo, vi aspettiamo in negozio",
      "tenda da campeggio",
      "marco@example.it",
      "a2",
      "r2",
      'm1":{',
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain(OTHER_BUYER);
  });

  it("gives a shop its offers and the ratings it received, without their authors", async () => {
    const result = await exporter.exportMyData.run(callableRequest({}, { uid: SHOP }));
    const data = result.data as {
      offers: DocumentData[];
      ratingsReceived: DocumentData[];
      conversations: DocumentData[];
    };
    expect(data.offers.map((o) => o.id).sort()).toEqual(["req1_bici", "req2_bici", "req3_bici"]);
    for (const offer of data.offers) expect(offer).not.toHaveProperty("customerId");
    expect(data.ratingsReceived).toEqual([
      {
        offerId: "req2_bici",
        requestId: "req2",
        rating: 4,
        customerFeedback: "Gentilissimi",
        ratedAt: EARLIER.toDate().toISOString(),
      },
    ]);
    expect(data.conversations[0]?.messagesWritten).toEqual([expect.objectContaining({ id: "m2" })]);
    expect(JSON.stringify(result)).not.toContain("La posso provare sabato?");
  });

  it("refuses a caller who is not signed in", async () => {
    expect(await rejection(exporter.exportMyData.run(callableRequest({})))).toMatchObject({
      code: "unauthenticated",
    });
  });

  it("is rate limited per user: each export reads every document of the account", async () => {
    const { DATA_EXPORTS_PER_HOUR } = await import("../../src/domain/core/limits");
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) {
      await exporter.exportMyData.run(callableRequest({}, { uid: BUYER }));
    }
    expect(await rejection(exporter.exportMyData.run(callableRequest({}, { uid: BUYER })))).toMatchObject({
      code: "resource-exhausted",
      message: PRIVACY_MESSAGES.exportTooOften,
    });
    // Another user's exports are their own.
    await expect(exporter.exportMyData.run(callableRequest({}, { uid: SHOP }))).resolves.toBeDefined();
  });
});

describe("deleteMyAccount", () => {
  const withAuthTime = (seconds: number) => {
    const request = callableRequest({}, { uid: BUYER });
    return {
      ...request,
      auth: { uid: BUYER, rawToken: "test", token: { uid: BUYER, auth_time: seconds } as DecodedIdToken },
    };
  };

  it("needs a sign-in from the last few minutes", async () => {
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(await rejection(deleter.deleteMyAccount.run(withAuthTime(anHourAgo)))).toMatchObject({
      code: "failed-precondition",
      message: PRIVACY_MESSAGES.recentLoginRequired,
    });
    expect(await read(`users/${BUYER}`)).toBeDefined();
  });

  it("leaves no private data, closes what was open and keeps the other party's thread readable", async () => {
    const justNow = Math.floor(Date.now() / 1000) - 30;
    expect(await deleter.deleteMyAccount.run(withAuthTime(justNow))).toEqual({ deleted: true });

    expect(await read(`users/${BUYER}`)).toBeUndefined();
    expect((await db().collection(`users/${BUYER}/tokenLedger`).get()).empty).toBe(true);
    expect((await db().collection(`users/${BUYER}/notifications`).get()).empty).toBe(true);
    expect((await db().collection(`users/${BUYER}/notificationSettings`).get()).empty).toBe(true);
    expect(await read(`unreadCounts/${BUYER}`)).toBeUndefined();
    expect((await db().doc(`notificationState/throttle-${BUYER}-digest`).get()).exists).toBe(false);
    expect(await read("requests/req1/private/location")).toBeUndefined();
    expect(await read("requests/req1/photos/p1")).toBeUndefined();
    expect(await read("requests/req1")).not.toHaveProperty("photoCount");
    expect(await read("requests/req1")).not.toHaveProperty("thumbnail");
    expect(await read(`ratingsGiven/${BUYER}_${SHOP}`)).toBeUndefined();
    expect(await read("algo_conversations/a1")).toBeUndefined();
    expect(await read(`blocks/${BUYER}_spammer`)).toBeUndefined();
    expect(await read("reports/r1")).toBeUndefined();
    expect(await rejection(admin.adminAuth().getUser(BUYER))).toMatchObject({ code: "auth/user-not-found" });
    expect(await read(`profiles/${BUYER}`)).toMatchObject({ displayName: "Utente eliminato", deleted: true });

    // Through the state machine: the active request is cancelled and its pending offer expires.
    expect(await read("requests/req1")).toMatchObject({ status: "cancelled" });
    expect(await read(`offers/${CHAT}`)).toMatchObject({ status: "expired" });
    // The other party keeps the thread, with the name replaced, closed.
    expect(await read(`conversations/${CHAT}`)).toMatchObject({
      participants: { customerName: "Utente eliminato", merchantName: "Bici & Co." },
      status: "closed",
      closedBy: "account_deleted",
    });
    expect(await read(`conversations/${CHAT}/messages/m1`)).toMatchObject({
      senderName: "Utente eliminato",
      content: "La posso provare sabato?",
    });
    expect(await read(`conversations/${CHAT}/messages/m2`)).toMatchObject({ senderName: "Bici & Co." });
    // The rating stays in the shop's average and on the shop's offer, without a link to its author.
    expect(await read(`users/${SHOP}`)).toMatchObject({ averageRating: 4, totalRatings: 1 });
    expect(await read("offers/req2_bici")).toMatchObject({ customerRating: 4 });
    // Their review stays on the shop's page, no longer signed with their first name.
    expect(await read(`profiles/${SHOP}/reviews/req2`)).toMatchObject({
      rating: 4,
      comment: "Gentilissimi",
      buyerFirstName: "Utente eliminato",
    });
    // Others' data untouched.
    expect(await read("requests/req3")).toMatchObject({ status: "active" });
    expect(await read("offers/req3_bici")).toMatchObject({ status: "pending" });
    expect(await read("reports/r2")).toBeDefined();
    expect(await read(`users/${OTHER_BUYER}`)).toBeDefined();
  });
});

describe("retention sweep", () => {
  const months = (n: number) => Timestamp.fromDate(new Date(Date.UTC(2026, 10 - n, 25, 10)));

  it("deletes closed requests past 24 months with their offers and chats, and nothing else", async () => {
    await stack.resetData();
    const seedDeal = async (id: string, status: string, updatedAt: Timestamp) => {
      await set(`requests/${id}`, { id, customerId: BUYER, status, createdAt: updatedAt, updatedAt });
      await set(`requests/${id}/private/location`, { customerId: BUYER, lat: 45, lng: 9 });
      await set(`offers/${id}_s`, {
        id: `${id}_s`,
        requestId: id,
        merchantId: "s",
        customerId: BUYER,
        status: "accepted",
      });
      await set(`conversations/${id}_s`, {
        requestId: id,
        offerId: `${id}_s`,
        participants: { customerId: BUYER, merchantId: "s" },
      });
      await set(`conversations/${id}_s/messages/m`, { content: "ciao", senderId: BUYER });
    };
    await seedDeal("old-completed", "completed", months(25));
    await seedDeal("old-cancelled", "cancelled", months(30));
    await seedDeal("recent-completed", "completed", months(23));
    await seedDeal("old-active", "active", months(36));
    await seedDeal("old-in-progress", "in_progress", months(36));
    // Unread by the buyer in a chat that goes and in one that stays; the shop has no counts at all.
    const unread = { messages: 2, counted: ["m"] };
    await set(`unreadCounts/${BUYER}`, {
      conversations: { "old-completed_s": unread, "recent-completed_s": unread },
    });

    const deleted = await retention.runRetention({ db: db(), now: () => NOW });
    expect(deleted.sort()).toEqual(["old-cancelled", "old-completed"]);
    for (const id of ["old-completed", "old-cancelled"]) {
      expect(await read(`requests/${id}`)).toBeUndefined();
      expect(await read(`requests/${id}/private/location`)).toBeUndefined();
      expect(await read(`offers/${id}_s`)).toBeUndefined();
      expect(await read(`conversations/${id}_s`)).toBeUndefined();
      expect(await read(`conversations/${id}_s/messages/m`)).toBeUndefined();
    }
    for (const id of ["recent-completed", "old-active", "old-in-progress"]) {
      expect(await read(`requests/${id}`)).toBeDefined();
      expect(await read(`conversations/${id}_s/messages/m`)).toBeDefined();
    }
    // A deleted chat leaves the unread counts (nobody could open it to clear it); none is created.
    expect(await read(`unreadCounts/${BUYER}`)).toEqual({ conversations: { "recent-completed_s": unread } });
    expect(await read("unreadCounts/s")).toBeUndefined();
    // A month later the one that was 23 months old is due.
    const later = await retention.runRetention({ db: db(), now: () => new Date(Date.UTC(2027, 0, 26)) });
    expect(later).toEqual(["recent-completed"]);
  });
});
