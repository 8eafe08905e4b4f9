// firestore.rules for conversations and their messages (architecture §2): the offer's merchant opens
// the conversation, only its two participants read it and write in it, and a reader may only add their
// own id to a message's readBy. The app's queries (src/data/conversations.ts, messages.ts) are allowed
// as they are: rules are not filters.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  arrayUnion,
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from "firebase/firestore";
import { beforeEach, describe, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import type { UserType } from "../../src/domain/core/user-type";
import { DEAL_SYSTEM_LINES } from "../../src/domain/marketplace/deal-end";
import { SYSTEM_SENDER_NAME } from "../../src/domain/marketplace/message";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  newConversationDoc,
  newMessageFields,
  newOfferFields,
  OTHER_BUYER,
  OTHER_SHOP,
  SHOP,
  storedConversation,
  storedMessage,
  storedOffer,
  storedRequest,
} from "./fixtures";

const REQUEST = "bici"; // the buyer's, active
const OTHERS_REQUEST = "lampada"; // another buyer's, active
const CHAT = offerIdFor(REQUEST, SHOP); // the shop's offer and its conversation
const UNOPENED = offerIdFor(REQUEST, OTHER_SHOP); // an offer whose conversation does not exist yet
const FROM_SHOP = "m1"; // a message from the shop, unread by the buyer
const LAST_LIMIT = 50; // src/data/conversations.ts listUserConversations' default

const chatDoc = (db: Firestore, id: string) => doc(db, COLLECTIONS.conversations, id);
const messages = (db: Firestore, chatId: string) =>
  collection(db, COLLECTIONS.conversations, chatId, SUBCOLLECTIONS.messages);

describe("conversations/{offerId}", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER),
      [`${COLLECTIONS.requests}/${OTHERS_REQUEST}`]: storedRequest(OTHER_BUYER),
      [`${COLLECTIONS.offers}/${CHAT}`]: storedOffer(REQUEST, SHOP, BUYER),
      [`${COLLECTIONS.offers}/${UNOPENED}`]: storedOffer(REQUEST, OTHER_SHOP, BUYER),
      [`${COLLECTIONS.conversations}/${CHAT}`]: storedConversation(CHAT, REQUEST, BUYER, SHOP),
    });
  });

  describe("opening", () => {
    // submitOffer opens it with the offer, with both names from the server.
    it("no client opens it, not even the offer's merchant with a valid conversation", async () => {
      await assertFails(
        setDoc(
          chatDoc(rules.as(OTHER_SHOP), UNOPENED),
          newConversationDoc(UNOPENED, REQUEST, BUYER, OTHER_SHOP),
        ),
      );
      await assertFails(
        setDoc(chatDoc(rules.as(BUYER), UNOPENED), newConversationDoc(UNOPENED, REQUEST, BUYER, OTHER_SHOP)),
      );
    });

    it("nor together with a new offer in one batch (what saveOffer used to write)", async () => {
      const db = rules.as(SHOP);
      const offerId = offerIdFor(OTHERS_REQUEST, SHOP);
      const batch = writeBatch(db);
      batch.set(doc(db, COLLECTIONS.offers, offerId), newOfferFields(OTHERS_REQUEST, SHOP, OTHER_BUYER));
      batch.set(chatDoc(db, offerId), newConversationDoc(offerId, OTHERS_REQUEST, OTHER_BUYER, SHOP));
      await assertFails(batch.commit());
    });
  });

  describe("reading", () => {
    it("both participants read it", async () => {
      await assertSucceeds(getDoc(chatDoc(rules.as(BUYER), CHAT)));
      await assertSucceeds(getDoc(chatDoc(rules.as(SHOP), CHAT)));
    });

    it("nobody else does", async () => {
      await assertFails(getDoc(chatDoc(rules.as(OTHER_BUYER), CHAT)));
      await assertFails(getDoc(chatDoc(rules.as(OTHER_SHOP), CHAT)));
      await assertFails(getDoc(chatDoc(rules.anonymous(), CHAT)));
    });

    it("a merchant looks up their own conversation id before it exists", async () => {
      await assertSucceeds(getDoc(chatDoc(rules.as(OTHER_SHOP), UNOPENED)));
    });

    // src/data/conversations.ts listUserConversations and conversation-subscriptions.ts
    const userConversations = (db: Firestore, field: string, uid: string) =>
      getDocs(
        query(
          collection(db, COLLECTIONS.conversations),
          where(field, "==", uid),
          orderBy("updatedAt", "desc"),
          limit(LAST_LIMIT),
        ),
      );

    it.each([
      ["participants.customerId", BUYER],
      ["participants.merchantId", SHOP],
    ])("the query %s == uid, newest update first (listUserConversations)", async (field, uid) => {
      await assertSucceeds(userConversations(rules.as(uid), field, uid));
    });

    it("the same queries for someone else, or unfiltered, are refused", async () => {
      await assertFails(userConversations(rules.as(OTHER_BUYER), "participants.customerId", BUYER));
      await assertFails(userConversations(rules.as(OTHER_SHOP), "participants.merchantId", SHOP));
      await assertFails(
        getDocs(query(collection(rules.as(BUYER), COLLECTIONS.conversations), limit(LAST_LIMIT))),
      );
    });
  });

  describe("changing", () => {
    const lastMessage = (senderId: string) => ({
      lastMessage: { content: "Va bene domani?", senderId, timestamp: serverTimestamp() },
      updatedAt: serverTimestamp(),
    });

    it("a lastMessage alone, echoing no message, is refused (written with its message: below)", async () => {
      await assertFails(updateDoc(chatDoc(rules.as(BUYER), CHAT), lastMessage(BUYER)));
      await assertFails(updateDoc(chatDoc(rules.as(SHOP), CHAT), lastMessage(SHOP)));
    });

    it("a last message in the other participant's name is refused", async () => {
      await assertFails(updateDoc(chatDoc(rules.as(BUYER), CHAT), lastMessage(SHOP)));
    });

    it("an outsider cannot touch it", async () => {
      await assertFails(updateDoc(chatDoc(rules.as(OTHER_BUYER), CHAT), lastMessage(OTHER_BUYER)));
    });

    it("participants cannot change who takes part, the offer, the product or the status", async () => {
      const db = rules.as(SHOP);
      await assertFails(updateDoc(chatDoc(db, CHAT), { "participants.customerId": OTHER_BUYER }));
      await assertFails(updateDoc(chatDoc(db, CHAT), { "participants.customerName": "Qualcun altro" }));
      await assertFails(updateDoc(chatDoc(db, CHAT), { offerId: UNOPENED }));
      await assertFails(updateDoc(chatDoc(db, CHAT), { status: "closed" }));
      // The product's name is submitOffer's copy of the request's: the list shows it as the title.
      await assertFails(updateDoc(chatDoc(rules.as(BUYER), CHAT), { productName: "Altro prodotto" }));
    });

    it("nobody deletes it", async () => {
      await assertFails(deleteDoc(chatDoc(rules.as(BUYER), CHAT)));
      await assertFails(deleteDoc(chatDoc(rules.as(SHOP), CHAT)));
    });
  });
});

describe("conversations/{offerId}/messages", () => {
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
      // The senders' public names (fixtures.ts newMessageFields writes `Utente {uid}`).
      [`${COLLECTIONS.profiles}/${BUYER}`]: {
        uid: BUYER,
        displayName: `Utente ${BUYER}`,
        userType: "customer",
      },
      [`${COLLECTIONS.profiles}/${SHOP}`]: { uid: SHOP, displayName: `Utente ${SHOP}`, userType: "merchant" },
    });
  });

  const messageDoc = (db: Firestore, id: string) => doc(messages(db, CHAT), id);

  describe("sending", () => {
    it.each([
      [BUYER, "customer"],
      [SHOP, "merchant"],
    ] satisfies Array<[string, UserType]>)(
      "%s sends a message and the conversation's lastMessage in one batch (sendMessage)",
      async (uid, senderType) => {
        const db = rules.as(uid);
        const message = newMessageFields(CHAT, uid, senderType);
        const batch = writeBatch(db);
        const ref = doc(messages(db, CHAT));
        batch.set(ref, message);
        batch.update(chatDoc(db, CHAT), {
          lastMessage: { id: ref.id, content: message.content, senderId: uid, timestamp: serverTimestamp() },
          updatedAt: serverTimestamp(),
        });
        await assertSucceeds(batch.commit());
      },
    );

    it.each([
      ["a system line in the sender's own name", {}],
      ["a system line under the platform's name", { senderName: SYSTEM_SENDER_NAME }],
      ["a text marked as a system line by an extra field", { type: "text", system: true }],
    ])(
      "%s (a deal event is the server's) is refused, in the same batch that would pass",
      async (_, change) => {
        for (const [uid, senderType] of [
          [SHOP, "merchant"],
          [BUYER, "customer"],
        ] satisfies Array<[string, UserType]>) {
          const db = rules.as(uid);
          const message = {
            ...newMessageFields(CHAT, uid, senderType),
            type: "system",
            content: DEAL_SYSTEM_LINES.verified,
            ...change,
          };
          const batch = writeBatch(db);
          const ref = doc(messages(db, CHAT));
          batch.set(ref, message);
          batch.update(chatDoc(db, CHAT), {
            lastMessage: {
              id: ref.id,
              content: message.content,
              senderId: uid,
              timestamp: serverTimestamp(),
            },
            updatedAt: serverTimestamp(),
          });
          await assertFails(batch.commit());
        }
      },
    );

    it("an outsider cannot write in the conversation", async () => {
      const db = rules.as(OTHER_BUYER);
      await assertFails(setDoc(doc(messages(db, CHAT)), newMessageFields(CHAT, OTHER_BUYER, "customer")));
    });

    it("a message in the other participant's name is refused", async () => {
      const db = rules.as(BUYER);
      await assertFails(setDoc(doc(messages(db, CHAT)), newMessageFields(CHAT, SHOP, "merchant")));
    });

    it("a buyer posing as the merchant is refused", async () => {
      const db = rules.as(BUYER);
      await assertFails(setDoc(doc(messages(db, CHAT)), newMessageFields(CHAT, BUYER, "merchant")));
    });

    it("a message already read by the other side, or filed under another conversation, is refused", async () => {
      const db = rules.as(BUYER);
      await assertFails(
        setDoc(doc(messages(db, CHAT)), {
          ...newMessageFields(CHAT, BUYER, "customer"),
          readBy: [BUYER, SHOP],
        }),
      );
      await assertFails(setDoc(doc(messages(db, CHAT)), newMessageFields(UNOPENED, BUYER, "customer")));
    });

    it("an empty message is refused", async () => {
      const db = rules.as(BUYER);
      await assertFails(
        setDoc(doc(messages(db, CHAT)), { ...newMessageFields(CHAT, BUYER, "customer"), content: " " }),
      );
    });
  });

  describe("reading", () => {
    it("participants read the thread's newest page (subscribeToMessages)", async () => {
      for (const uid of [BUYER, SHOP]) {
        await assertSucceeds(
          getDocs(query(messages(rules.as(uid), CHAT), orderBy("createdAt", "desc"), limit(LAST_LIMIT))),
        );
      }
    });

    it("an outsider reads nothing", async () => {
      const db = rules.as(OTHER_SHOP);
      await assertFails(getDoc(messageDoc(db, FROM_SHOP)));
      await assertFails(getDocs(query(messages(db, CHAT), orderBy("createdAt", "desc"), limit(LAST_LIMIT))));
    });
  });

  describe("marking read", () => {
    it("the recipient adds their own id to readBy (markMessagesRead)", async () => {
      await assertSucceeds(updateDoc(messageDoc(rules.as(BUYER), FROM_SHOP), { readBy: arrayUnion(BUYER) }));
    });

    it("nobody adds someone else's id", async () => {
      await assertFails(
        updateDoc(messageDoc(rules.as(BUYER), FROM_SHOP), { readBy: arrayUnion(OTHER_BUYER) }),
      );
    });

    it("readBy cannot be rewritten", async () => {
      await assertFails(updateDoc(messageDoc(rules.as(BUYER), FROM_SHOP), { readBy: [BUYER] }));
    });

    it("an outsider cannot mark it read", async () => {
      await assertFails(
        updateDoc(messageDoc(rules.as(OTHER_BUYER), FROM_SHOP), { readBy: arrayUnion(OTHER_BUYER) }),
      );
    });

    it("the recipient cannot rewrite the message", async () => {
      await assertFails(
        updateDoc(messageDoc(rules.as(BUYER), FROM_SHOP), {
          content: "Testo cambiato",
          readBy: arrayUnion(BUYER),
        }),
      );
    });

    it("the sender cannot edit their message either", async () => {
      await assertFails(updateDoc(messageDoc(rules.as(SHOP), FROM_SHOP), { content: "Testo cambiato" }));
    });

    it("nobody deletes a message", async () => {
      await assertFails(deleteDoc(messageDoc(rules.as(SHOP), FROM_SHOP)));
      await assertFails(deleteDoc(messageDoc(rules.as(BUYER), FROM_SHOP)));
    });
  });
});
