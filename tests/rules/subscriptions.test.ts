// firestore.rules for shops' plans: subscriptions/{uid} and its payments are read by their owner only
// and written by functions only (verifyShop's free month, the Stripe webhook); the billing
// bookkeeping collections are closed to every client.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
} from "firebase/firestore";
import { describe, it } from "vitest";
import { COLLECTIONS, SUBCOLLECTIONS, TEST_CLOCK_ID } from "../../src/domain/core/collections";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, SHOP } from "./fixtures";

const PLAN = {
  uid: SHOP,
  trialEndsAt: EARLIER,
  plan: "monthly",
  status: "active",
  periodEnd: EARLIER,
  cancelAtPeriodEnd: false,
  canceledAt: null,
  updatedAt: EARLIER,
};
const RECEIPT = {
  id: "in_1",
  kind: "monthly",
  description: "Abbonamento mensile Vicino",
  grossCents: 990,
  netCents: 811,
  vatCents: 179,
  paidAt: EARLIER,
  provider: "stripe",
};

describe("subscriptions/{uid}", () => {
  const rules = useRulesEnvironment();
  const planPath = `${COLLECTIONS.subscriptions}/${SHOP}`;
  const receiptPath = `${planPath}/${SUBCOLLECTIONS.payments}/in_1`;

  it("the shop reads its plan and lists its receipts, with a bounded query", async () => {
    await rules.seed({ [planPath]: PLAN, [receiptPath]: RECEIPT });
    const shop = rules.as(SHOP);
    await assertSucceeds(getDoc(doc(shop, planPath)));
    await assertSucceeds(getDoc(doc(shop, receiptPath)));
    const receipts = collection(shop, planPath, SUBCOLLECTIONS.payments);
    await assertSucceeds(getDocs(query(receipts, limit(50))));
    await assertFails(getDocs(receipts));
  });

  it("nobody else reads it, and no client writes it, not even the owner", async () => {
    await rules.seed({ [planPath]: PLAN, [receiptPath]: RECEIPT });
    await assertFails(getDoc(doc(rules.as(BUYER), planPath)));
    await assertFails(getDoc(doc(rules.anonymous(), planPath)));
    await assertFails(getDoc(doc(rules.as(BUYER), receiptPath)));
    await assertFails(getDocs(query(collection(rules.as(SHOP), COLLECTIONS.subscriptions), limit(5))));
    const shop = rules.as(SHOP);
    await assertFails(updateDoc(doc(shop, planPath), { periodEnd: new Date("2099-01-01") }));
    await assertFails(setDoc(doc(shop, `${COLLECTIONS.subscriptions}/${BUYER}`), { ...PLAN, uid: BUYER }));
    await assertFails(deleteDoc(doc(shop, planPath)));
    await assertFails(setDoc(doc(shop, `${planPath}/${SUBCOLLECTIONS.payments}/fake`), RECEIPT));
  });

  it("a new shop cannot grant itself a plan before verifyShop writes one", async () => {
    await assertFails(setDoc(doc(rules.as(SHOP), `${COLLECTIONS.subscriptions}/${SHOP}`), PLAN));
  });

  it.each([
    COLLECTIONS.billingCustomers,
    COLLECTIONS.billingEvents,
    COLLECTIONS.launchCodes,
    COLLECTIONS.simulatedCheckouts,
    COLLECTIONS.testClock,
  ])("%s is closed to clients", async (name) => {
    const id = name === COLLECTIONS.testClock ? TEST_CLOCK_ID : SHOP;
    await rules.seed({ [`${name}/${id}`]: { uid: SHOP } });
    const shop = rules.as(SHOP);
    await assertFails(getDoc(doc(shop, `${name}/${id}`)));
    await assertFails(getDocs(query(collection(shop, name), limit(5))));
    await assertFails(setDoc(doc(shop, `${name}/x`), { offsetMs: 1e12 }));
  });
});
