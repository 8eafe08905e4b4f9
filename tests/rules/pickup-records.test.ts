// firestore.rules for the buyer's record of collected and missed holds (src/domain/marketplace/pickup-record.ts):
// pickupRecords/{buyerId} is the functions' (verifyPickup, markNoShow) and the buyer's own to read; the
// shops that have an offer for the buyer read its counts on their conversation (buyerPickups, written
// by submitOffer), which no client may change.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
} from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  OTHER_BUYER,
  OTHER_SHOP,
  SHOP,
  storedConversation,
  storedOffer,
  storedRequest,
} from "./fixtures";

const REQUEST = "trapano";
const DEAL = offerIdFor(REQUEST, SHOP);

describe("pickupRecords/{buyerId} and the conversation's buyerPickups", () => {
  const rules = useRulesEnvironment();
  const recordDoc = (uid: string) => doc(rules.as(uid), COLLECTIONS.pickupRecords, BUYER);

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.pickupRecords}/${BUYER}`]: { collected: 3, missed: 0 },
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER),
      [`${COLLECTIONS.offers}/${DEAL}`]: storedOffer(REQUEST, SHOP, BUYER),
      [`${COLLECTIONS.conversations}/${DEAL}`]: {
        ...storedConversation(DEAL, REQUEST, BUYER, SHOP),
        buyerPickups: { collected: 3, missed: 0 },
      },
    });
  });

  it("the buyer reads their own record; nobody else does, nobody lists them", async () => {
    expect((await assertSucceeds(getDoc(recordDoc(BUYER)))).get("collected")).toBe(3);
    for (const uid of [SHOP, OTHER_SHOP, OTHER_BUYER]) await assertFails(getDoc(recordDoc(uid)));
    await assertFails(getDocs(query(collection(rules.as(BUYER), COLLECTIONS.pickupRecords), limit(1))));
  });

  it("no client writes a record, not even the buyer their own", async () => {
    for (const uid of [BUYER, SHOP]) {
      await assertFails(updateDoc(recordDoc(uid), { missed: 0 }));
      await assertFails(
        setDoc(doc(rules.as(uid), COLLECTIONS.pickupRecords, uid), { collected: 99, missed: 0 }),
      );
    }
  });

  it("the shop with a deal reads the counts on its conversation; neither side changes them", async () => {
    const chat = (uid: string) => doc(rules.as(uid), COLLECTIONS.conversations, DEAL);
    expect((await assertSucceeds(getDoc(chat(SHOP)))).get("buyerPickups")).toEqual({
      collected: 3,
      missed: 0,
    });
    await assertFails(getDoc(chat(OTHER_SHOP)));
    for (const uid of [BUYER, SHOP]) {
      await assertFails(
        updateDoc(chat(uid), { buyerPickups: { collected: 9, missed: 0 }, updatedAt: serverTimestamp() }),
      );
    }
  });

  it("a shop reads its own funnel of the month by id, even before its first event; no one else", async () => {
    await rules.seed({
      [`${COLLECTIONS.shopMonths}/2026-11_${SHOP}`]: { merchantId: SHOP, month: "2026-11", offers: 2 },
    });
    await assertSucceeds(getDoc(doc(rules.as(SHOP), COLLECTIONS.shopMonths, `2026-11_${SHOP}`)));
    await assertSucceeds(getDoc(doc(rules.as(SHOP), COLLECTIONS.shopMonths, `2026-12_${SHOP}`)));
    await assertFails(getDoc(doc(rules.as(OTHER_SHOP), COLLECTIONS.shopMonths, `2026-11_${SHOP}`)));
    await assertFails(setDoc(doc(rules.as(SHOP), COLLECTIONS.shopMonths, `2026-11_${SHOP}`), { offers: 99 }));
  });
});
