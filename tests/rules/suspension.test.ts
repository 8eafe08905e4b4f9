// Suspension bites at once (firestore.rules notSuspended): an ID token outlives its revocation by up to
// an hour, so from the moment moderateReport writes users/{uid}.suspendedAt the rules refuse the account
// every read and write of marketplace data, whatever token it still holds. The other side is untouched.

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
  updateDoc,
  where,
  writeBatch,
} from "firebase/firestore";
import type { Firestore as LiteFirestore } from "firebase/firestore/lite";
import { beforeEach, describe, it } from "vitest";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { REQUEST_QUERY_LIMIT } from "../../src/domain/core/limits";
import { fetchNearbyPage } from "../../src/domain/geo/geo-feed";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  MILANO,
  SHOP,
  storedConversation,
  storedMessage,
  storedOffer,
  storedRequest,
  storedUser,
} from "./fixtures";

const REQUEST = "bici";
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
      content: "Ci sono ancora?",
    },
    serverTimestamp,
    id,
  );
  const batch = writeBatch(db);
  batch.set(doc(db, `${chatPath}/${SUBCOLLECTIONS.messages}/${id}`), write.message);
  batch.update(doc(db, chatPath), write.conversationUpdate);
  return batch.commit();
}

/** Everything a shop does in the marketplace, each as the rules judge it (the feed over Firestore Lite). */
function shopActions(db: Firestore, lite: LiteFirestore): Record<string, () => Promise<unknown>> {
  return {
    feed: () => fetchNearbyPage(firestoreFeedExecutor(lite), { center: MILANO, radiusKm: 10, pageSize: 5 }),
    readRequest: () => getDoc(doc(db, COLLECTIONS.requests, REQUEST)),
    readPhotos: () =>
      getDocs(query(collection(db, COLLECTIONS.requests, REQUEST, SUBCOLLECTIONS.requestPhotos), bound)),
    readOffer: () => getDoc(doc(db, COLLECTIONS.offers, CHAT)),
    listOffers: () =>
      getDocs(query(collection(db, COLLECTIONS.offers), where("merchantId", "==", SHOP), bound)),
    editOffer: () =>
      updateDoc(doc(db, COLLECTIONS.offers, CHAT), { price: 150, updatedAt: serverTimestamp() }),
    readChat: () => getDoc(doc(db, chatPath)),
    listChats: () =>
      getDocs(
        query(collection(db, COLLECTIONS.conversations), where("participants.merchantId", "==", SHOP), bound),
      ),
    readMessages: () => getDocs(query(collection(db, chatPath, SUBCOLLECTIONS.messages), bound)),
    send: () => send(db, SHOP, "Bici & Co."),
    readProfile: () => getDoc(doc(db, COLLECTIONS.profiles, BUYER)),
  };
}

describe("a suspended account", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.profiles}/${BUYER}`]: { uid: BUYER, displayName: "Giulia Rossi", userType: "customer" },
      [`${COLLECTIONS.profiles}/${SHOP}`]: {
        uid: SHOP,
        displayName: "Mario Bianchi",
        businessName: "Bici & Co.",
        userType: "merchant",
      },
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER, "active"),
      [`${COLLECTIONS.offers}/${CHAT}`]: storedOffer(REQUEST, SHOP, BUYER, "pending"),
      [chatPath]: storedConversation(CHAT, REQUEST, BUYER, SHOP),
      [`${chatPath}/${SUBCOLLECTIONS.messages}/m1`]: storedMessage(CHAT, BUYER, "customer"),
    });
  });

  const suspend = (uid: string, userType: "customer" | "merchant") =>
    rules.seed({
      [`${COLLECTIONS.users}/${uid}`]: { ...storedUser(uid, userType), suspendedAt: new Date() },
    });

  // The feed reads through Firestore Lite (liteAs); the rest through the full SDK.
  const actionsOf = (uid: string) => shopActions(rules.as(uid), rules.liteAs(uid));

  it("a shop in good standing does all of it", async () => {
    for (const [name, action] of Object.entries(actionsOf(SHOP))) {
      await assertSucceeds(action()).catch((error: unknown) => {
        throw new Error(`${name}: ${String(error)}`);
      });
    }
  });

  it("once suspended, with the same token, the shop does none of it", async () => {
    await suspend(SHOP, "merchant");
    for (const [name, action] of Object.entries(actionsOf(SHOP))) {
      await assertFails(action()).catch((error: unknown) => {
        throw new Error(`${name}: ${String(error)}`);
      });
    }
  });

  it("a suspended buyer reads neither its requests nor its chats, and sends nothing", async () => {
    await suspend(BUYER, "customer");
    const db = rules.as(BUYER);
    await assertFails(getDoc(doc(db, COLLECTIONS.requests, REQUEST)));
    await assertFails(
      getDocs(query(collection(db, COLLECTIONS.requests), where("customerId", "==", BUYER), bound)),
    );
    await assertFails(getDoc(doc(db, chatPath)));
    await assertFails(send(db, BUYER, "Giulia Rossi"));
  });

  it("the other side goes on: the buyer still reads the chat with a suspended shop", async () => {
    await suspend(SHOP, "merchant");
    await assertSucceeds(getDoc(doc(rules.as(BUYER), chatPath)));
    await assertSucceeds(getDoc(doc(rules.as(BUYER), COLLECTIONS.offers, CHAT)));
  });
});
