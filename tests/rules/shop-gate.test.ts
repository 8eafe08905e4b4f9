// A shop's powers come from the server (firestore.rules isVerifiedShop): an account that only calls
// itself a merchant (userType, written by the client at sign-up) reads no request and offers nothing;
// and no client can write the `shop` field that verifyShop grants. Offers go through submitOffer, which
// checks the shop itself (tests/integration/submit-offer.test.ts): no client creates one directly.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { doc, type Firestore, getDoc, serverTimestamp, setDoc, updateDoc } from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { fetchNearbyPage } from "../../src/domain/geo/geo-feed";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { SHOP_STATUS } from "../../src/domain/people/shop-verification";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  MILANO,
  newOfferFields,
  SHOP,
  signUpFields,
  storedRequest,
  UNVERIFIED_SHOP,
} from "./fixtures";

const REQUEST = "bici";
const requestDoc = (db: Firestore) => doc(db, COLLECTIONS.requests, REQUEST);
const feed = (uid: string, rules: ReturnType<typeof useRulesEnvironment>) =>
  fetchNearbyPage(firestoreFeedExecutor(rules.liteAs(uid)), { center: MILANO, radiusKm: 10, pageSize: 20 });
const grantedShop = { status: SHOP_STATUS.verified, partitaIva: "04812310151", categories: ["casa"] };

describe("the shop gate", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({ [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER) });
  });

  it("a verified shop reads the feed and an active request, and offers only through submitOffer", async () => {
    const page = await assertSucceeds(feed(SHOP, rules));
    expect(page.items.map((item) => item.id)).toEqual([REQUEST]);
    await assertSucceeds(getDoc(requestDoc(rules.as(SHOP))));
    const offer = doc(rules.as(SHOP), COLLECTIONS.offers, offerIdFor(REQUEST, SHOP));
    await assertFails(setDoc(offer, newOfferFields(REQUEST, SHOP, BUYER)));
  });

  it("a self-declared merchant reads no request and cannot offer", async () => {
    await assertFails(feed(UNVERIFIED_SHOP, rules));
    await assertFails(getDoc(requestDoc(rules.as(UNVERIFIED_SHOP))));
    const offer = doc(rules.as(UNVERIFIED_SHOP), COLLECTIONS.offers, offerIdFor(REQUEST, UNVERIFIED_SHOP));
    await assertFails(setDoc(offer, newOfferFields(REQUEST, UNVERIFIED_SHOP, BUYER)));
  });

  it("nobody grants themself the shop's powers, at sign-up or later", async () => {
    const fresh = "fresh-shop";
    const db = rules.as(fresh);
    await assertFails(
      setDoc(doc(db, COLLECTIONS.users, fresh), { ...signUpFields(fresh, "merchant"), shop: grantedShop }),
    );
    await assertSucceeds(setDoc(doc(db, COLLECTIONS.users, fresh), signUpFields(fresh, "merchant")));
    await assertFails(
      updateDoc(doc(db, COLLECTIONS.users, fresh), { shop: grantedShop, updatedAt: serverTimestamp() }),
    );
    await assertFails(
      updateDoc(doc(rules.as(UNVERIFIED_SHOP), COLLECTIONS.users, UNVERIFIED_SHOP), { shop: grantedShop }),
    );
  });
});
