// firestore.rules for pickupCodes/{offerId} (src/domain/marketplace/pickup.ts): the accepted deal's
// one-time code, written by acceptOffer and verifyPickup alone. The buyer reads it, by id, to show it at
// the till; the shop never may (it would prove nothing), nor anyone else, and no client writes it.

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
import * as lite from "firebase/firestore/lite";
import { beforeEach, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { useRulesEnvironment } from "./environment";
import { BUYER, EARLIER, OTHER_BUYER, OTHER_SHOP, SHOP } from "./fixtures";

const REQUEST = "bici";
const DEAL = offerIdFor(REQUEST, SHOP);
const stored = {
  code: "ACDEFG",
  offerId: DEAL,
  requestId: REQUEST,
  customerId: BUYER,
  merchantId: SHOP,
  wrongTries: 0,
  createdAt: EARLIER,
};

describe("pickupCodes/{offerId}", () => {
  const rules = useRulesEnvironment();
  const codeDoc = (uid: string) => doc(rules.as(uid), COLLECTIONS.pickupCodes, DEAL);

  beforeEach(async () => {
    await rules.seed({ [`${COLLECTIONS.pickupCodes}/${DEAL}`]: stored });
  });

  it("the deal's buyer reads it by id, as the app does (Firestore Lite)", async () => {
    const snapshot = await assertSucceeds(
      lite.getDoc(lite.doc(rules.liteAs(BUYER), COLLECTIONS.pickupCodes, DEAL)),
    );
    expect(snapshot.get("code")).toBe("ACDEFG");
    await assertSucceeds(getDoc(codeDoc(BUYER)));
  });

  it("the deal's shop never reads it, nor another shop, another buyer or a visitor", async () => {
    await assertFails(getDoc(codeDoc(SHOP)));
    await assertFails(lite.getDoc(lite.doc(rules.liteAs(SHOP), COLLECTIONS.pickupCodes, DEAL)));
    await assertFails(getDoc(codeDoc(OTHER_SHOP)));
    await assertFails(getDoc(codeDoc(OTHER_BUYER)));
    await assertFails(getDoc(doc(rules.anonymous(), COLLECTIONS.pickupCodes, DEAL)));
  });

  it("nobody lists the codes, not even the buyer", async () => {
    await assertFails(getDocs(query(collection(rules.as(BUYER), COLLECTIONS.pickupCodes), limit(1))));
    await assertFails(getDocs(query(collection(rules.as(SHOP), COLLECTIONS.pickupCodes), limit(1))));
  });

  it("no client writes one: not the buyer, not the shop (no forged, reset or spent code)", async () => {
    for (const uid of [BUYER, SHOP]) {
      await assertFails(updateDoc(codeDoc(uid), { wrongTries: 0 }));
      await assertFails(updateDoc(codeDoc(uid), { usedAt: EARLIER }));
      await assertFails(deleteDoc(codeDoc(uid)));
      await assertFails(
        setDoc(doc(rules.as(uid), COLLECTIONS.pickupCodes, offerIdFor("altra", SHOP)), {
          ...stored,
          code: "AAAAAA",
        }),
      );
    }
  });
});
