// Conversations close and messages tell the truth (firestore.rules messages create and
// conversations update): nobody posts once the offer is rejected or expired or the request is completed
// or cancelled; lastMessage echoes a message that exists with the same sender and content; senderName
// is the sender's public name from profiles/{uid}; one message per second per sender.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { doc, type Firestore, serverTimestamp, Timestamp, updateDoc, writeBatch } from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import type { UserType } from "../../src/domain/core/user-type";
import { buildMessageWrite } from "../../src/domain/marketplace/message-document";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import type { OfferStatus, RequestStatus } from "../../src/domain/marketplace/state-machine";
import { useRulesEnvironment } from "./environment";
import { BUYER, SHOP, storedConversation, storedOffer, storedRequest } from "./fixtures";

const REQUEST = "bici";
const CHAT = offerIdFor(REQUEST, SHOP);
const NAMES: Record<string, string> = { [BUYER]: "Giulia Rossi", [SHOP]: "Bici & Co." };
const TYPES: Record<string, UserType> = { [BUYER]: "customer", [SHOP]: "merchant" };

const chatPath = `${COLLECTIONS.conversations}/${CHAT}`;
const messagePath = (id: string) => `${chatPath}/${SUBCOLLECTIONS.messages}/${id}`;

/** What src/data/messages.ts sendMessage commits: the message and lastMessage, one batch. */
function send(
  db: Firestore,
  senderId: string,
  {
    id = `m-${Math.random().toString(36).slice(2)}`,
    senderName = NAMES[senderId] ?? senderId,
    content = "È ancora disponibile?",
    lastMessage = {},
    namedLast = true,
  }: {
    id?: string;
    senderName?: string;
    content?: string;
    lastMessage?: Record<string, unknown>;
    /** false: lastMessage without the message's id, as documents written before the check hold it. */
    namedLast?: boolean;
  } = {},
) {
  const senderType = TYPES[senderId] ?? "customer";
  const write = buildMessageWrite(
    senderId,
    { conversationId: CHAT, senderName, senderType, content },
    serverTimestamp,
    namedLast ? id : undefined,
  );
  const batch = writeBatch(db);
  batch.set(doc(db, messagePath(id)), write.message);
  batch.update(doc(db, chatPath), {
    ...write.conversationUpdate,
    lastMessage: { ...write.conversationUpdate.lastMessage, ...lastMessage },
  });
  return batch.commit();
}

describe("closing conversations", () => {
  const rules = useRulesEnvironment();

  const seedDeal = (request: RequestStatus, offer: OfferStatus, extra: Record<string, unknown> = {}) =>
    rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER, request),
      [`${COLLECTIONS.offers}/${CHAT}`]: storedOffer(REQUEST, SHOP, BUYER, offer),
      [chatPath]: { ...storedConversation(CHAT, REQUEST, BUYER, SHOP), ...extra },
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
    });
    await seedDeal("active", "pending");
  });

  describe("open while the offer is pending or accepted and the request active or in progress", () => {
    it("both sides write while the offer is pending", async () => {
      await assertSucceeds(send(rules.as(BUYER), BUYER));
      await assertSucceeds(send(rules.as(SHOP), SHOP));
    });

    it("both sides write once the offer is accepted and the request in progress", async () => {
      await seedDeal("in_progress", "accepted");
      await assertSucceeds(send(rules.as(BUYER), BUYER));
      await assertSucceeds(send(rules.as(SHOP), SHOP));
    });
  });

  describe("closed", () => {
    it.each([
      ["the offer was rejected", "active", "rejected"],
      ["the offer expired", "active", "expired"],
      ["the request was completed", "completed", "accepted"],
      ["the request was cancelled", "cancelled", "pending"],
    ] satisfies Array<[string, RequestStatus, OfferStatus]>)(
      "nobody writes once %s",
      async (_, request, offer) => {
        await seedDeal(request, offer);
        await assertFails(send(rules.as(BUYER), BUYER));
        await assertFails(send(rules.as(SHOP), SHOP));
      },
    );
  });

  describe("names", () => {
    it("the shop writes under its business name, not its owner's name nor another", async () => {
      await assertFails(send(rules.as(SHOP), SHOP, { senderName: "Mario Bianchi" }));
      await assertFails(send(rules.as(SHOP), SHOP, { senderName: "Vicino Assistenza" }));
      await assertSucceeds(send(rules.as(SHOP), SHOP, { senderName: "Bici & Co." }));
    });

    it("the buyer writes under their display name", async () => {
      await assertFails(send(rules.as(BUYER), BUYER, { senderName: "Bici & Co." }));
      await assertSucceeds(send(rules.as(BUYER), BUYER, { senderName: "Giulia Rossi" }));
    });
  });

  describe("lastMessage", () => {
    it("must name the message written with it, with its sender and content", async () => {
      const db = rules.as(BUYER);
      await assertFails(send(db, BUYER, { lastMessage: { content: "Prezzo: 1 €, affare fatto" } }));
      await assertFails(send(db, BUYER, { lastMessage: { id: "another" } }));
      await assertFails(send(db, BUYER, { namedLast: false }));
    });

    it("cannot be written alone, echoing no message", async () => {
      await assertFails(
        updateDoc(doc(rules.as(BUYER), chatPath), {
          lastMessage: { id: "ghost", content: "Finto", senderId: BUYER, timestamp: serverTimestamp() },
          updatedAt: serverTimestamp(),
        }),
      );
    });
  });

  describe("one message per second per sender", () => {
    const lastFrom = (senderId: string, at: Date) => ({
      lastMessage: { id: "m0", content: "Prima", senderId, timestamp: Timestamp.fromDate(at) },
    });

    it("a sender's second message within a second is refused", async () => {
      await seedDeal("active", "pending", lastFrom(BUYER, new Date(Date.now() + 60_000)));
      await assertFails(send(rules.as(BUYER), BUYER));
    });

    it("the other side may answer at once, and the same sender after a second", async () => {
      await seedDeal("active", "pending", lastFrom(BUYER, new Date(Date.now() + 60_000)));
      await assertSucceeds(send(rules.as(SHOP), SHOP));
      await seedDeal("active", "pending", lastFrom(BUYER, new Date(Date.now() - 2_000)));
      await assertSucceeds(send(rules.as(BUYER), BUYER));
    });

    it("two messages in a row from the app: the second, sent at once, is refused", async () => {
      const db = rules.as(BUYER);
      await assertSucceeds(send(db, BUYER));
      await assertFails(send(db, BUYER));
    });
  });
});
