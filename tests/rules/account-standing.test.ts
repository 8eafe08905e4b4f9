// The rules' side of the account guard (firestore.rules accountActive, shopMayAct, deletedAccount):
// a shop an admin refused or suspended neither chats nor edits its offers, with the token it still
// holds; a signed-in account without a users document (a deleted account's live token) reads nothing
// of its old data and cannot recreate its profile over the deletion's tombstone.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "../../src/domain/core/limits";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  SHOP,
  signUpFields,
  storedConversation,
  storedMessage,
  storedOffer,
  storedRequest,
  storedUser,
} from "./fixtures";

const REQUEST = "trapano";
const CHAT = offerIdFor(REQUEST, SHOP);
const chatPath = `${COLLECTIONS.conversations}/${CHAT}`;
const bound = limit(REQUEST_QUERY_LIMIT);

function send(db: Firestore, senderId: string, senderName: string) {
  const id = `m-${Math.random().toString(36).slice(2)}`;
  const write = buildMessageWrite(
    senderId,
    {
      conversationId: CHAT,
      senderName,
      senderType: senderId === SHOP ? "merchant" : "customer",
      content: "Passo domani",
    },
    serverTimestamp,
    id,
  );
  const batch = writeBatch(db);
  batch.set(doc(db, `${chatPath}/${SUBCOLLECTIONS.messages}/${id}`), write.message);
  batch.update(doc(db, chatPath), write.conversationUpdate);
  return batch.commit();
}

const editOffer = (db: Firestore) =>
  updateDoc(doc(db, COLLECTIONS.offers, CHAT), { price: 42, updatedAt: serverTimestamp() });

describe("a refused or suspended shop", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.profiles}/${SHOP}`]: {
        uid: SHOP,
        displayName: "Mario Bianchi",
        businessName: "Ferramenta",
        userType: "merchant",
      },
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER, "active"),
      [`${COLLECTIONS.offers}/${CHAT}`]: storedOffer(REQUEST, SHOP, BUYER, "pending"),
      [chatPath]: storedConversation(CHAT, REQUEST, BUYER, SHOP),
      [`${chatPath}/${SUBCOLLECTIONS.messages}/m1`]: storedMessage(CHAT, BUYER, "customer"),
    });
  });

  const shopWith = (fields: Record<string, unknown>) =>
    rules.seed({ [`${COLLECTIONS.users}/${SHOP}`]: { ...storedUser(SHOP, "merchant"), ...fields } });
  const refused = {
    shop: {
      status: "refused",
      partitaIva: "04812310151",
      categories: ["casa"],
      reason: "Partita IVA non valida",
    },
  };

  it("a verified shop messages and edits its offer", async () => {
    await assertSucceeds(send(rules.as(SHOP), SHOP, "Ferramenta"));
    await assertSucceeds(editOffer(rules.as(SHOP)));
  });

  it("refused by an admin, with the same token, it neither messages nor edits its offer", async () => {
    await shopWith(refused);
    await assertFails(send(rules.as(SHOP), SHOP, "Ferramenta"));
    await assertFails(editOffer(rules.as(SHOP)));
  });

  it("suspended, with the same token, it neither messages nor edits its offer", async () => {
    await shopWith({ suspendedAt: new Date() });
    await assertFails(send(rules.as(SHOP), SHOP, "Ferramenta"));
    await assertFails(editOffer(rules.as(SHOP)));
  });

  it("the buyer still writes to a refused shop's chat until the server closes it", async () => {
    await shopWith(refused);
    await rules.seed({
      [`${COLLECTIONS.profiles}/${BUYER}`]: { uid: BUYER, displayName: "Giulia Rossi", userType: "customer" },
    });
    await assertSucceeds(send(rules.as(BUYER), BUYER, "Giulia Rossi"));
  });
});

describe("a signed-in account without a users document", () => {
  const rules = useRulesEnvironment();
  const GONE = "gone";
  const OFFER = offerIdFor(REQUEST, SHOP);

  beforeEach(async () => {
    // What a deleted buyer's live token could still name: its requests, chats, codes and records.
    await rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(GONE, "in_progress"),
      [`${COLLECTIONS.offers}/${OFFER}`]: storedOffer(REQUEST, SHOP, GONE, "accepted"),
      [`${COLLECTIONS.conversations}/${OFFER}`]: storedConversation(OFFER, REQUEST, GONE, SHOP),
      [`${COLLECTIONS.conversations}/${OFFER}/${SUBCOLLECTIONS.messages}/m1`]: storedMessage(
        OFFER,
        GONE,
        "customer",
      ),
      [`${COLLECTIONS.pickupCodes}/${OFFER}`]: {
        code: "123456",
        offerId: OFFER,
        requestId: REQUEST,
        customerId: GONE,
        merchantId: SHOP,
      },
      [`${COLLECTIONS.pickupRecords}/${GONE}`]: { collected: 1, missed: 0 },
      [`${COLLECTIONS.shopMonths}/2026-12_${GONE}`]: { offers: 1, accepted: 0, verified: 0 },
      [`${COLLECTIONS.subscriptions}/${GONE}`]: { uid: GONE, accountDeletedAt: new Date() },
      [`${COLLECTIONS.subscriptions}/${GONE}/${SUBCOLLECTIONS.payments}/p1`]: { amount: 990 },
      [`${COLLECTIONS.unreadCounts}/${GONE}`]: { conversations: {}, notifications: 0 },
      [`${COLLECTIONS.users}/${GONE}/${SUBCOLLECTIONS.notifications}/n1`]: { readAt: null },
      [`${COLLECTIONS.reports}/r1`]: { reporterId: GONE, status: "open" },
      [`${COLLECTIONS.blocks}/${GONE}_${SHOP}`]: { blockerId: GONE, blockedId: SHOP },
      [`${COLLECTIONS.profiles}/${SHOP}`]: { uid: SHOP, displayName: "Mario", userType: "merchant" },
    });
  });

  it("reads nothing of its old data", async () => {
    const db = rules.as(GONE);
    const reads: Record<string, () => Promise<unknown>> = {
      request: () => getDoc(doc(db, COLLECTIONS.requests, REQUEST)),
      requests: () =>
        getDocs(query(collection(db, COLLECTIONS.requests), where("customerId", "==", GONE), bound)),
      offer: () => getDoc(doc(db, COLLECTIONS.offers, OFFER)),
      chat: () => getDoc(doc(db, COLLECTIONS.conversations, OFFER)),
      messages: () =>
        getDocs(query(collection(db, COLLECTIONS.conversations, OFFER, SUBCOLLECTIONS.messages), bound)),
      pickupCode: () => getDoc(doc(db, COLLECTIONS.pickupCodes, OFFER)),
      pickupRecord: () => getDoc(doc(db, COLLECTIONS.pickupRecords, GONE)),
      shopMonth: () => getDoc(doc(db, COLLECTIONS.shopMonths, `2026-12_${GONE}`)),
      plan: () => getDoc(doc(db, COLLECTIONS.subscriptions, GONE)),
      receipts: () =>
        getDocs(query(collection(db, COLLECTIONS.subscriptions, GONE, SUBCOLLECTIONS.payments), bound)),
      unread: () => getDoc(doc(db, COLLECTIONS.unreadCounts, GONE)),
      notifications: () =>
        getDocs(query(collection(db, COLLECTIONS.users, GONE, SUBCOLLECTIONS.notifications), bound)),
      reports: () =>
        getDocs(query(collection(db, COLLECTIONS.reports), where("reporterId", "==", GONE), bound)),
      blocks: () => getDocs(query(collection(db, COLLECTIONS.blocks), where("blockerId", "==", GONE), bound)),
      profile: () => getDoc(doc(db, COLLECTIONS.profiles, SHOP)),
    };
    for (const [name, read] of Object.entries(reads)) {
      await assertFails(read()).catch((error: unknown) => {
        throw new Error(`${name}: ${String(error)}`);
      });
    }
  });

  it("cannot recreate its profile over the deletion's tombstone; a new account signs up", async () => {
    await rules.seed({
      [`${COLLECTIONS.profiles}/${GONE}`]: {
        uid: GONE,
        displayName: "Utente eliminato",
        userType: "customer",
        deleted: true,
      },
    });
    const gone = rules.as(GONE, { email: `${GONE}@example.it` });
    await assertFails(setDoc(doc(gone, COLLECTIONS.users, GONE), signUpFields(GONE, "customer")));
    const fresh = rules.as("fresh", { email: "fresh@example.it" });
    await assertSucceeds(setDoc(doc(fresh, COLLECTIONS.users, "fresh"), signUpFields("fresh", "customer")));
  });
});
