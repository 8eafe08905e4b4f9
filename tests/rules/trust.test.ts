// Blocks, reports and closed conversations under firestore.rules: a person blocked by the other
// participant cannot message them; a conversation a function closed (an admin, a deleted account)
// takes no message; reports and blocks are read only by who made them, and written by functions only.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  where,
  writeBatch,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { BLOCK_FIELDS, COLLECTIONS, REPORT_FIELDS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { CONVERSATION_CLOSED_BY } from "../../src/domain/marketplace/conversation";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { CONVERSATION_STATUS } from "../../src/domain/marketplace/state-machine";
import { blockId } from "../../src/domain/people/moderation";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  EARLIER,
  newOfferFields,
  OTHER_BUYER,
  OTHER_SHOP,
  SHOP,
  storedConversation,
  storedOffer,
  storedRequest,
} from "./fixtures";

const REQUEST = "bici";
const CHAT = offerIdFor(REQUEST, SHOP);
const chatPath = `${COLLECTIONS.conversations}/${CHAT}`;
const NAMES: Record<string, string> = { [BUYER]: "Giulia Rossi", [SHOP]: "Bici & Co." };

/** What src/data/messages.ts sendMessage commits: the message and lastMessage, one batch. */
function send(db: Firestore, senderId: string) {
  const id = `m-${Math.random().toString(36).slice(2)}`;
  const write = buildMessageWrite(
    senderId,
    {
      conversationId: CHAT,
      senderName: NAMES[senderId] ?? senderId,
      senderType: senderId === SHOP ? "merchant" : "customer",
      content: "È ancora disponibile?",
    },
    serverTimestamp,
    id,
  );
  const batch = writeBatch(db);
  batch.set(doc(db, `${chatPath}/${SUBCOLLECTIONS.messages}/${id}`), write.message);
  batch.update(doc(db, chatPath), write.conversationUpdate);
  return batch.commit();
}

const blockPath = (blocker: string, blocked: string) => `${COLLECTIONS.blocks}/${blockId(blocker, blocked)}`;
const block = (blocker: string, blocked: string) => ({
  blockerId: blocker,
  blockedId: blocked,
  blockedName: "Bici & Co.",
  createdAt: EARLIER,
});

describe("blocks and closed conversations", () => {
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
    });
  });

  it("a shop the buyer blocked can no longer message them", async () => {
    await assertSucceeds(send(rules.as(SHOP), SHOP));
    await rules.seed({ [blockPath(BUYER, SHOP)]: block(BUYER, SHOP) });
    await assertFails(send(rules.as(SHOP), SHOP));
  });

  it("a buyer the shop blocked can no longer message it", async () => {
    await rules.seed({ [blockPath(SHOP, BUYER)]: block(SHOP, BUYER) });
    await assertFails(send(rules.as(BUYER), BUYER));
  });

  it("someone else's block changes nothing here", async () => {
    await rules.seed({
      [blockPath(BUYER, OTHER_SHOP)]: block(BUYER, OTHER_SHOP),
      [blockPath(OTHER_BUYER, SHOP)]: block(OTHER_BUYER, SHOP),
    });
    await assertSucceeds(send(rules.as(SHOP), SHOP));
  });

  it("a blocked shop cannot offer either: not by writing the offer itself (submitOffer refuses it too)", async () => {
    await rules.seed({ [blockPath(BUYER, OTHER_SHOP)]: block(BUYER, OTHER_SHOP) });
    const offerId = offerIdFor(REQUEST, OTHER_SHOP);
    await assertFails(
      setDoc(
        doc(rules.as(OTHER_SHOP), COLLECTIONS.offers, offerId),
        newOfferFields(REQUEST, OTHER_SHOP, BUYER),
      ),
    );
  });

  it.each(Object.values(CONVERSATION_CLOSED_BY))(
    "a conversation closed by a function (%s) takes no message",
    async (by) => {
      await rules.seed({
        [chatPath]: {
          ...storedConversation(CHAT, REQUEST, BUYER, SHOP),
          status: CONVERSATION_STATUS.closed,
          closedBy: by,
        },
      });
      await assertFails(send(rules.as(BUYER), BUYER));
      await assertFails(send(rules.as(SHOP), SHOP));
    },
  );

  it("the blocker reads their blocks; the blocked person does not; nobody writes them", async () => {
    await rules.seed({ [blockPath(BUYER, SHOP)]: block(BUYER, SHOP) });
    const mine = query(
      collection(rules.as(BUYER), COLLECTIONS.blocks),
      where(BLOCK_FIELDS.blockerId, "==", BUYER),
      limit(50),
    );
    await assertSucceeds(getDocs(mine));
    await assertSucceeds(getDoc(doc(rules.as(BUYER), blockPath(BUYER, SHOP))));
    await assertFails(getDoc(doc(rules.as(SHOP), blockPath(BUYER, SHOP))));
    await assertFails(
      getDocs(
        query(
          collection(rules.as(SHOP), COLLECTIONS.blocks),
          where(BLOCK_FIELDS.blockedId, "==", SHOP),
          limit(50),
        ),
      ),
    );
    await assertFails(setDoc(doc(rules.as(BUYER), blockPath(BUYER, OTHER_SHOP)), block(BUYER, OTHER_SHOP)));
    await assertFails(deleteDoc(doc(rules.as(BUYER), blockPath(BUYER, SHOP))));
  });
});

describe("reports", () => {
  const rules = useRulesEnvironment();
  const report = {
    id: "r1",
    reporterId: BUYER,
    reportedUserId: SHOP,
    kind: "conversation",
    targetId: CHAT,
    excerpt: "…",
    reason: "spam",
    status: "open",
    createdAt: EARLIER,
  };

  beforeEach(() => rules.seed({ [`${COLLECTIONS.reports}/r1`]: report }));

  it("the reporter reads their reports and the outcome, by id and as a bounded list", async () => {
    await assertSucceeds(getDoc(doc(rules.as(BUYER), COLLECTIONS.reports, "r1")));
    const mine = collection(rules.as(BUYER), COLLECTIONS.reports);
    await assertSucceeds(getDocs(query(mine, where(REPORT_FIELDS.reporterId, "==", BUYER), limit(20))));
    await assertFails(getDocs(query(mine, where(REPORT_FIELDS.reporterId, "==", BUYER))));
  });

  it("the reported person and anyone else do not", async () => {
    await assertFails(getDoc(doc(rules.as(SHOP), COLLECTIONS.reports, "r1")));
    await assertFails(getDoc(doc(rules.as(OTHER_BUYER), COLLECTIONS.reports, "r1")));
  });

  it("nobody files, edits or deletes a report directly (reportContent does)", async () => {
    const db = rules.as(BUYER);
    await assertFails(setDoc(doc(db, COLLECTIONS.reports, "r2"), { ...report, id: "r2" }));
    await assertFails(setDoc(doc(db, COLLECTIONS.reports, "r1"), { ...report, status: "resolved" }));
    await assertFails(deleteDoc(doc(db, COLLECTIONS.reports, "r1")));
  });
});
