// firestore.rules for unreadCounts/{uid} (src/domain/notifications/unread-counts.ts): kept by the functions, read by
// its owner alone, who may only take conversations off it. The clearing writes are the app's own
// (src/data/unread-counts.ts clearUnreadIn over Firestore Lite, alone and in markMessagesRead's batch):
// what they send is what the rules judge.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  increment,
  limit,
  query,
  setDoc,
  updateDoc,
} from "firebase/firestore";
import * as lite from "firebase/firestore/lite";
import { beforeEach, describe, expect, it } from "vitest";
import { markMessagesReadIn } from "../../src/data/messages";
import { clearUnreadIn } from "../../src/data/unread-counts";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { unreadWrites } from "../../src/domain/notifications/unread-counts";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  OTHER_BUYER,
  SHOP,
  storedConversation,
  storedMessage,
  storedOffer,
  storedRequest,
} from "./fixtures";

const REQUEST = "bici";
const CHAT = offerIdFor(REQUEST, SHOP);
const OTHER_CHAT = "lampada_shop";
const FROM_SHOP = "m1";
const countsPath = (uid: string) => `${COLLECTIONS.unreadCounts}/${uid}`;
const countsDoc = (db: Firestore, uid = BUYER) => doc(db, COLLECTIONS.unreadCounts, uid);

/** As onMessageCreated and submitOffer leave it: two messages and a new offer in CHAT, one in OTHER_CHAT. */
const stored = {
  conversations: {
    [CHAT]: { messages: 2, offer: true, counted: ["m0", FROM_SHOP] },
    [OTHER_CHAT]: { messages: 1, counted: ["x1"] },
  },
};

/** The app's clearing write, as the chat sends it (a Lite batch with clearUnreadIn). */
async function clearAs(
  rules: ReturnType<typeof useRulesEnvironment>,
  uid: string,
  owner: string,
  chat: string,
) {
  const db = rules.liteAs(uid);
  const batch = lite.writeBatch(db);
  clearUnreadIn(lite, db, batch, owner, chat);
  await batch.commit();
}

describe("unreadCounts/{uid}", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({ [countsPath(BUYER)]: stored });
  });

  it("the owner reads it, by id; nobody else does, and nobody lists the collection", async () => {
    await assertSucceeds(getDoc(countsDoc(rules.as(BUYER))));
    await assertFails(getDoc(countsDoc(rules.as(SHOP))));
    await assertFails(getDoc(countsDoc(rules.anonymous())));
    await assertFails(getDocs(query(collection(rules.as(BUYER), COLLECTIONS.unreadCounts), limit(1))));
  });

  it("the owner takes a conversation off it (the app's write), and the rest stays", async () => {
    await assertSucceeds(clearAs(rules, BUYER, BUYER, CHAT));
    const after = (await getDoc(countsDoc(rules.as(BUYER)))).data();
    expect(after).toEqual({ conversations: { [OTHER_CHAT]: stored.conversations[OTHER_CHAT] } });
    // Clearing what is already gone is a harmless no-op (a second tab, a retried batch).
    await assertSucceeds(clearAs(rules, BUYER, BUYER, CHAT));
  });

  it("the owner clears a conversation of a document the functions stamped (changedAt, deals)", async () => {
    await rules.seed({
      [countsPath(BUYER)]: { ...stored, notifications: 2, deals: 1, changedAt: new Date() },
    });
    await assertSucceeds(clearAs(rules, BUYER, BUYER, CHAT));
    // But never the stamps themselves.
    await assertFails(setDoc(countsDoc(rules.as(BUYER)), { deals: 0 }, { merge: true }));
    await assertFails(setDoc(countsDoc(rules.as(BUYER)), { changedAt: new Date(0) }, { merge: true }));
  });

  it("clearing works for a user who has no document yet: it is created empty", async () => {
    await assertSucceeds(clearAs(rules, OTHER_BUYER, OTHER_BUYER, CHAT));
    expect((await getDoc(countsDoc(rules.as(OTHER_BUYER), OTHER_BUYER))).data()).toEqual({});
  });

  it("the owner sets the bell's count back to 0 (opening the bell), with or without a document; no other value", async () => {
    await rules.seed({ [countsPath(BUYER)]: { ...stored, notifications: 3 } });
    const db = rules.liteAs(BUYER);
    const seen = (uid: string, database = db) =>
      lite.setDoc(lite.doc(database, COLLECTIONS.unreadCounts, uid), unreadWrites.notificationsSeen(), {
        merge: true,
      });
    await assertSucceeds(seen(BUYER));
    expect((await getDoc(countsDoc(rules.as(BUYER)))).data()).toEqual({ ...stored, notifications: 0 });
    await assertSucceeds(seen(OTHER_BUYER, rules.liteAs(OTHER_BUYER)));
    expect((await getDoc(countsDoc(rules.as(OTHER_BUYER), OTHER_BUYER))).data()).toEqual({
      notifications: 0,
    });
    // Nobody raises it, sets another value, or resets someone else's.
    const full = rules.as(BUYER);
    await assertFails(updateDoc(countsDoc(full), "notifications", increment(1)));
    await assertFails(setDoc(countsDoc(full), { notifications: 5 }, { merge: true }));
    await assertFails(setDoc(countsDoc(rules.as(SHOP), SHOP), { notifications: 2 }));
    await assertFails(seen(BUYER, rules.liteAs(SHOP)));
  });

  it("no client counts: no entry added or raised, no offer marked, no other field", async () => {
    const db = rules.as(BUYER);
    await assertFails(setDoc(countsDoc(db), unreadWrites.offer("new_chat"), { merge: true }));
    await assertFails(setDoc(countsDoc(db), { conversations: { [CHAT]: { messages: 3 } } }, { merge: true }));
    await assertFails(updateDoc(countsDoc(db), `conversations.${OTHER_CHAT}.messages`, increment(1)));
    await assertFails(updateDoc(countsDoc(db), `conversations.${OTHER_CHAT}.counted`, arrayUnion("x2")));
    await assertFails(setDoc(countsDoc(db), { total: 0 }, { merge: true }));
    // Nor a replacement that happens to hold fewer (a whole new map is a change of the entries kept).
    await assertFails(setDoc(countsDoc(db), { conversations: { [OTHER_CHAT]: { messages: 0 } } }));
  });

  it("the owner lowers nothing in place either: an entry goes whole or stays", async () => {
    const db = rules.as(BUYER);
    await assertFails(updateDoc(countsDoc(db), `conversations.${CHAT}.messages`, 0));
    await assertFails(updateDoc(countsDoc(db), `conversations.${CHAT}.offer`, deleteField()));
    await assertSucceeds(updateDoc(countsDoc(db), `conversations.${CHAT}`, deleteField()));
  });

  it("nobody creates one with entries or deletes it; nobody touches someone else's", async () => {
    await assertFails(setDoc(countsDoc(rules.as(OTHER_BUYER), OTHER_BUYER), stored));
    await assertFails(setDoc(countsDoc(rules.as(OTHER_BUYER), OTHER_BUYER), { conversations: "" }));
    await assertFails(deleteDoc(countsDoc(rules.as(BUYER))));
    await assertFails(clearAs(rules, SHOP, BUYER, CHAT));
    await assertFails(setDoc(countsDoc(rules.as(SHOP)), unreadWrites.offer(CHAT), { merge: true }));
    await assertFails(setDoc(countsDoc(rules.anonymous()), { conversations: {} }));
  });
});

describe("reading a chat (markMessagesRead's batch)", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER),
      [`${COLLECTIONS.offers}/${CHAT}`]: storedOffer(REQUEST, SHOP, BUYER),
      [`${COLLECTIONS.conversations}/${CHAT}`]: storedConversation(CHAT, REQUEST, BUYER, SHOP),
      [`${COLLECTIONS.conversations}/${CHAT}/${SUBCOLLECTIONS.messages}/${FROM_SHOP}`]: storedMessage(
        CHAT,
        SHOP,
        "merchant",
      ),
      [countsPath(BUYER)]: stored,
    });
  });

  it("marks the message read and clears the conversation's entry together", async () => {
    const db = rules.liteAs(BUYER);
    const batch = lite.writeBatch(db);
    markMessagesReadIn(lite, db, batch, { conversationId: CHAT, messageIds: [FROM_SHOP], uid: BUYER });
    await assertSucceeds(batch.commit());
    const after = (await getDoc(countsDoc(rules.as(BUYER)))).data();
    expect(after?.conversations).not.toHaveProperty(CHAT);
  });
});
