// Chat and offers against a client that does not play by the app's rules (firestore.rules): every
// message moves the conversation's lastMessage in its own batch, so the one-per-second limit and the
// size cap bind any client; a closed conversation takes no write that bumps it; a buyer's block freezes
// the blocked shop's pending offer.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { doc, type Firestore, serverTimestamp, updateDoc, writeBatch } from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { CONVERSATION_CLOSED_BY } from "../../src/domain/marketplace/conversation";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { CONVERSATION_STATUS, type OfferStatus } from "../../src/domain/marketplace/state-machine";
import { blockId } from "../../src/domain/people/moderation";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  EARLIER,
  SHOP,
  storedConversation,
  storedMessage,
  storedOffer,
  storedRequest,
} from "./fixtures";

const REQUEST = "bici";
const CHAT = offerIdFor(REQUEST, SHOP);
const chatPath = `${COLLECTIONS.conversations}/${CHAT}`;
const messagePath = (id: string) => `${chatPath}/${SUBCOLLECTIONS.messages}/${id}`;
const NAMES: Record<string, string> = { [BUYER]: "Giulia Rossi", [SHOP]: "Bici & Co." };
const OLD_MESSAGE = "m-old";

const freshId = () => `m-${crypto.randomUUID()}`;

function messageWrite(senderId: string, id: string, content = "È ancora disponibile?") {
  return buildMessageWrite(
    senderId,
    {
      conversationId: CHAT,
      senderName: NAMES[senderId] ?? senderId,
      senderType: senderId === SHOP ? "merchant" : "customer",
      content,
    },
    serverTimestamp,
    id,
  );
}

/** What src/data/messages.ts sendMessage commits: the message and lastMessage, one batch. */
function send(db: Firestore, senderId: string) {
  const id = freshId();
  const write = messageWrite(senderId, id);
  const batch = writeBatch(db);
  batch.set(doc(db, messagePath(id)), write.message);
  batch.update(doc(db, chatPath), write.conversationUpdate);
  return batch.commit();
}

/** The attack: the message alone, lastMessage left as it was, so the per-second check never moves. */
function sendAlone(db: Firestore, senderId: string) {
  const id = freshId();
  const batch = writeBatch(db);
  batch.set(doc(db, messagePath(id)), messageWrite(senderId, id).message);
  return batch.commit();
}

/** The thread bumped to the top: lastMessage rewritten to echo a message that already exists. */
function bump(db: Firestore, senderId: string) {
  return updateDoc(doc(db, chatPath), {
    lastMessage: {
      id: OLD_MESSAGE,
      content: "È ancora disponibile?",
      senderId,
      timestamp: serverTimestamp(),
    },
    updatedAt: serverTimestamp(),
  });
}

const blockPath = (blocker: string, blocked: string) => `${COLLECTIONS.blocks}/${blockId(blocker, blocked)}`;

describe("chat and offers against any client", () => {
  const rules = useRulesEnvironment();

  const seedChat = (offer: OfferStatus = "pending", chat: Record<string, unknown> = {}) =>
    rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER, "active"),
      [`${COLLECTIONS.offers}/${CHAT}`]: storedOffer(REQUEST, SHOP, BUYER, offer),
      [chatPath]: { ...storedConversation(CHAT, REQUEST, BUYER, SHOP), ...chat },
    });

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.profiles}/${BUYER}`]: { uid: BUYER, displayName: "Giulia Rossi", userType: "customer" },
      [`${COLLECTIONS.profiles}/${SHOP}`]: {
        uid: SHOP,
        displayName: "Mario Bianchi",
        businessName: "Bici & Co.",
        userType: "merchant",
      },
      [messagePath(OLD_MESSAGE)]: { ...storedMessage(CHAT, SHOP, "merchant"), senderName: "Bici & Co." },
    });
    await seedChat();
  });

  describe("every message moves lastMessage in its own write", () => {
    it("a message written alone is refused, each of ten in a row", async () => {
      const db = rules.as(SHOP);
      for (let i = 0; i < 10; i += 1) await assertFails(sendAlone(db, SHOP));
      await assertSucceeds(send(db, SHOP));
    });

    it("50 messages of 2,000 characters in one commit are refused", async () => {
      const db = rules.as(SHOP);
      const batch = writeBatch(db);
      let last = "";
      for (let i = 0; i < 50; i += 1) {
        last = freshId();
        batch.set(doc(db, messagePath(last)), messageWrite(SHOP, last, "x".repeat(2000)).message);
      }
      batch.update(doc(db, chatPath), messageWrite(SHOP, last, "x".repeat(2000)).conversationUpdate);
      await assertFails(batch.commit());
    });

    it("two messages in one commit are refused too: one message per write", async () => {
      const db = rules.as(BUYER);
      const [first, second] = [freshId(), freshId()];
      const batch = writeBatch(db);
      batch.set(doc(db, messagePath(first)), messageWrite(BUYER, first).message);
      batch.set(doc(db, messagePath(second)), messageWrite(BUYER, second).message);
      batch.update(doc(db, chatPath), messageWrite(BUYER, second).conversationUpdate);
      await assertFails(batch.commit());
    });

    it("lastMessage cannot be moved onto an old message to bump the thread", async () => {
      await assertFails(bump(rules.as(SHOP), SHOP));
    });
  });

  describe("a closed conversation takes no write that bumps it", () => {
    it.each([
      ["the offer was rejected", "rejected", {}],
      ["the offer was withdrawn", "withdrawn", {}],
      [
        "a moderator closed it",
        "pending",
        { status: CONVERSATION_STATUS.closed, closedBy: CONVERSATION_CLOSED_BY.moderation },
      ],
    ] satisfies Array<[string, OfferStatus, Record<string, unknown>]>)(
      "%s: no message, no lastMessage, from either side",
      async (_, offer, chat) => {
        await seedChat(offer, chat);
        for (const uid of [BUYER, SHOP]) {
          await assertFails(send(rules.as(uid), uid));
          await assertFails(bump(rules.as(uid), uid));
        }
      },
    );

    it("the blocked side neither writes nor bumps", async () => {
      await seedChat("pending");
      await rules.seed({
        [blockPath(BUYER, SHOP)]: {
          blockerId: BUYER,
          blockedId: SHOP,
          blockedName: "Bici",
          createdAt: EARLIER,
        },
      });
      await assertFails(send(rules.as(SHOP), SHOP));
      await assertFails(bump(rules.as(SHOP), SHOP));
    });
  });

  describe("a buyer's block freezes the blocked shop's pending offer", () => {
    const edit = (db: Firestore) =>
      updateDoc(doc(db, COLLECTIONS.offers, CHAT), { price: 99, updatedAt: serverTimestamp() });

    it("the shop edits its pending offer until the buyer blocks it", async () => {
      await assertSucceeds(edit(rules.as(SHOP)));
      await rules.seed({
        [blockPath(BUYER, SHOP)]: {
          blockerId: BUYER,
          blockedId: SHOP,
          blockedName: "Bici",
          createdAt: EARLIER,
        },
      });
      await assertFails(edit(rules.as(SHOP)));
    });
  });
});
