// Unread counts against Google's Firestore emulator (rules loaded; the admin SDK bypasses them): the
// functions keep unreadCounts/{uid} (submitOffer marks a new offer unread, onMessageCreated's code counts
// a message for its recipient, once however often it is delivered), and the buyer's own client, under
// the rules, reads the one document and clears a conversation by reading it, with the app's own writes
// (src/data/messages.ts markMessagesReadIn, src/data/unread-counts.ts clearUnreadIn). Each notification
// the functions write adds one to the bell's count in the same document; opening the bell resets it.

import * as lite from "firebase/firestore/lite";
import { deleteApp } from "firebase-admin/app";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { markMessagesReadIn } from "../../src/data/messages";
import { clearUnreadIn, readUnreadCounts } from "../../src/data/unread-counts";
import { COLLECTIONS } from "../../src/domain/core/collections";
import {
  newNotifications,
  unreadIn,
  unreadTotal,
  unreadWrites,
} from "../../src/domain/notifications/unread-counts";
import { overrideEnv } from "../support/callables";
import { sendsMessage } from "../support/chat-writes";
import { EARLIER, seedUserDoc, VERIFIED_SHOP } from "../support/integration-seed";
import { seedTrial } from "../support/plans";
import { expectRulesDenials } from "../support/rules-denials";
import { type SignedInClient, signedInClient } from "../support/signed-in-client";
import { DATA_LAYER, startStack, stopStack, type TestStack } from "../support/stack";

type SubmitModule = typeof import("../../functions/src/offers/submit-offer");
type TriggerModule = typeof import("../../functions/src/notifications/message-trigger");
type AdminModule = typeof import("../../functions/src/lib/admin");

let stack: TestStack;
let submit: SubmitModule;
let trigger: TriggerModule;
let admin: AdminModule;
let restoreEnv: () => void = () => {};
let buyer: SignedInClient;
let shop: SignedInClient;

const db = () => admin.adminDb();
const BUYER = "buyer";
const SHOP = "shop";
const REQUEST = "req";
const CHAT = `${REQUEST}_${SHOP}`;
const SHOP_NAME = "Ferramenta Rossi";
const deps = () => ({ db: db(), now: () => new Date() });

/** What the buyer's app reads: unreadCounts/{uid} by id, under the rules, parsed as the app does. */
async function buyerCounts() {
  const snapshot = await lite.getDoc(lite.doc(buyer.lite, COLLECTIONS.unreadCounts, BUYER));
  return readUnreadCounts(snapshot.data());
}

/** The shop's app sends a message (tests/support/chat-writes.ts), under the rules. */
const shopSends = (content: string) =>
  sendsMessage(shop, { conversationId: CHAT, senderName: SHOP_NAME, senderType: "merchant" }, content);

/** onMessageCreated's work for a message of the shop (the trigger's own code; no Functions emulator here). */
const delivered = (messageId: string) =>
  trigger.notifyNewMessage(deps(), {
    conversationId: CHAT,
    messageId,
    senderId: SHOP,
    senderName: SHOP_NAME,
    content: "…",
  });

/** The buyer opens the chat: the app's markMessagesRead batch (readBy marks and the clear together). */
async function buyerReads(messageIds: string[]) {
  const batch = lite.writeBatch(buyer.lite);
  markMessagesReadIn(lite, buyer.lite, batch, { conversationId: CHAT, messageIds, uid: BUYER });
  await batch.commit();
}

beforeAll(async () => {
  stack = await startStack(DATA_LAYER);
  restoreEnv = overrideEnv({
    FIRESTORE_EMULATOR_HOST: stack.hosts.firestore,
    GCLOUD_PROJECT: stack.projectId,
    METADATA_SERVER_DETECTION: "none",
  });
  [submit, trigger, admin] = await Promise.all([
    import("../../functions/src/offers/submit-offer"),
    import("../../functions/src/notifications/message-trigger"),
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
  await seedUserDoc(db(), BUYER, "customer", { displayName: "Anna Bianchi" });
  await seedUserDoc(db(), SHOP, "merchant", {
    displayName: "Mario",
    businessName: SHOP_NAME,
    // Beside the request: submitOffer checks the request is within the shop's area.
    location: { lat: 45.4642, lng: 9.19, address: "Via Torino 1, Milano" },
    shop: VERIFIED_SHOP,
  });
  await seedTrial(db(), SHOP);
  // The public name the rules check a message's senderName against (syncProfile writes it).
  await db()
    .collection(COLLECTIONS.profiles)
    .doc(SHOP)
    .set({ uid: SHOP, displayName: "Mario", businessName: SHOP_NAME, userType: "merchant" });
  await db()
    .collection(COLLECTIONS.requests)
    .doc(REQUEST)
    .set({
      customerId: BUYER,
      productName: "Trapano avvitatore",
      category: "casa",
      status: "active",
      actionRadius: 10,
      location: { lat: 45.4642, lng: 9.19, address: "Via Torino 1, Milano" },
      createdAt: EARLIER,
      updatedAt: EARLIER,
    });
  [buyer, shop] = await Promise.all([
    signedInClient(stack, { uid: BUYER, email: `${BUYER}@example.it` }),
    signedInClient(stack, { uid: SHOP, email: `${SHOP}@example.it` }),
  ]);
  await submit.submitOfferCall(
    SHOP,
    { requestId: REQUEST, price: 89.5, description: "Con garanzia", deliveryOptions: ["pickup"] },
    deps(),
  );
});

afterEach(async () => {
  await Promise.all([buyer?.close(), shop?.close()]);
});

describe("the buyer's unread counts", () => {
  it("a new offer counts as one; a message from the shop raises it, once however often delivered; reading clears it", async () => {
    expect(unreadIn(await buyerCounts(), CHAT)).toBe(1);
    // The offer's notification counts for the bell too, in the same transaction.
    expect(newNotifications(await buyerCounts())).toBe(1);

    const first = await shopSends("Ciao Anna, il trapano è disponibile.");
    expect(await delivered(first)).toBe("notified");
    await delivered(first); // the trigger delivered twice
    expect(unreadIn(await buyerCounts(), CHAT)).toBe(2);
    // Its notification is counted once, however often the trigger runs.
    expect(newNotifications(await buyerCounts())).toBe(2);
    // The buyer opens the bell: the app's reset, under the rules.
    await lite.setDoc(
      lite.doc(buyer.lite, COLLECTIONS.unreadCounts, BUYER),
      unreadWrites.notificationsSeen(),
      { merge: true },
    );
    expect(newNotifications(await buyerCounts())).toBe(0);
    expect(unreadTotal(await buyerCounts())).toBe(2);
    // The header leaves out the chat open on screen.
    expect(unreadTotal(await buyerCounts(), CHAT)).toBe(0);

    await buyerReads([first]);
    // When the functions last counted (the pages' first snapshot compares it with their reads).
    expect(await buyerCounts()).toEqual({ conversations: {}, notifications: 0, changedAt: expect.any(Date) });
    // A redelivery after the chat read the message counts nothing: it is read.
    await delivered(first);
    expect(unreadTotal(await buyerCounts())).toBe(0);

    // The rules take one message a second per sender (firestore.rules, lastMessage's time): wait it out.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = await shopSends("Passo a prenderlo domani?");
    await delivered(second);
    expect(unreadTotal(await buyerCounts())).toBe(1);
  });

  it("the shop's client cannot read or clear the buyer's counts, and the buyer cannot raise them", async () => {
    expectRulesDenials();
    // The SDK would also log each refusal it is expected to meet.
    lite.setLogLevel("silent");
    await lite.getDoc(lite.doc(shop.lite, COLLECTIONS.unreadCounts, BUYER)).then(
      () => expect.fail("the shop read the buyer's counts"),
      (error: { code?: string }) => expect(error.code).toBe("permission-denied"),
    );
    const batch = lite.writeBatch(shop.lite);
    clearUnreadIn(lite, shop.lite, batch, BUYER, CHAT);
    await expect(batch.commit()).rejects.toMatchObject({ code: "permission-denied" });
    await expect(
      lite.setDoc(
        lite.doc(buyer.lite, COLLECTIONS.unreadCounts, BUYER),
        { conversations: { [CHAT]: { messages: 9 } } },
        { merge: true },
      ),
    ).rejects.toMatchObject({ code: "permission-denied" });
    expect(unreadIn(await buyerCounts(), CHAT)).toBe(1);
  });
});
