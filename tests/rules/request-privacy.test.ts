// Location privacy (architecture §7): what a shop reads of a request is its zone and a position on the
// public 0.01° grid; the buyer's exact position and typed street live in requests/{id}/private/location,
// readable by the buyer alone. The documents are the ones algoChat writes (buildRequestDocument).

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { collection, doc, type Firestore, getDoc, getDocs, limit, query, setDoc } from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { COLLECTIONS, REQUEST_PRIVATE_LOCATION_ID, SUBCOLLECTIONS } from "../../src/domain/core/collections";
import { fetchNearbyPage } from "../../src/domain/geo/geo-feed";
import { isOnPublicGrid } from "../../src/domain/marketplace/geo-privacy";
import { offerIdFor } from "../../src/domain/marketplace/offer";
import { OFFER_STATUS, REQUEST_STATUS } from "../../src/domain/marketplace/state-machine";
import { useRulesEnvironment } from "./environment";
import {
  BUYER,
  EARLIER,
  MILANO,
  OTHER_BUYER,
  requestWrite,
  SHOP,
  storedOffer,
  storedRequest,
  UNVERIFIED_SHOP,
} from "./fixtures";

const REQUEST = "bici";
const PRIVATE_PATH = `${COLLECTIONS.requests}/${REQUEST}/${SUBCOLLECTIONS.requestPrivate}/${REQUEST_PRIVATE_LOCATION_ID}`;
const privateDoc = (db: Firestore) => doc(db, PRIVATE_PATH);

describe("a request's location", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    const { document, privateLocation } = requestWrite(BUYER);
    await rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: { ...document, createdAt: EARLIER, updatedAt: EARLIER },
      [PRIVATE_PATH]: privateLocation,
    });
  });

  it("a verified shop reads the zone and a grid position, never the street nor the exact point", async () => {
    const snapshot = await assertSucceeds(getDoc(doc(rules.as(SHOP), COLLECTIONS.requests, REQUEST)));
    const location = snapshot.get("location") as { address: string; lat: number; lng: number };
    expect(location.address).toBe("Milano");
    expect(JSON.stringify(snapshot.data())).not.toContain("Duomo");
    expect(isOnPublicGrid(location.lat) && isOnPublicGrid(location.lng)).toBe(true);
    expect(location.lat).not.toBe(MILANO.lat);

    const page = await assertSucceeds(
      fetchNearbyPage(firestoreFeedExecutor(rules.liteAs(SHOP)), {
        center: MILANO,
        radiusKm: 5,
        pageSize: 10,
      }),
    );
    expect(page.items.map((item) => [item.location.address, item.location.lat, item.location.lng])).toEqual([
      ["Milano", location.lat, location.lng],
    ]);
  });

  it("the buyer reads their exact position and typed address", async () => {
    const snapshot = await assertSucceeds(getDoc(privateDoc(rules.as(BUYER))));
    expect(snapshot.data()).toEqual({ customerId: BUYER, ...MILANO });
  });

  it.each([
    ["a verified shop", SHOP],
    ["an unverified shop", UNVERIFIED_SHOP],
    ["another buyer", OTHER_BUYER],
  ])("%s cannot read the private location", async (_, uid) => {
    await assertFails(getDoc(privateDoc(rules.as(uid))));
  });

  it("the shop whose offer the buyer accepted cannot read it either (the deal happens in its shop)", async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/${REQUEST}`]: storedRequest(BUYER, REQUEST_STATUS.inProgress),
      [`${COLLECTIONS.offers}/${offerIdFor(REQUEST, SHOP)}`]: storedOffer(
        REQUEST,
        SHOP,
        BUYER,
        OFFER_STATUS.accepted,
      ),
    });
    await assertSucceeds(getDoc(doc(rules.as(SHOP), COLLECTIONS.requests, REQUEST)));
    await assertFails(getDoc(privateDoc(rules.as(SHOP))));
  });

  it("nobody lists it, and no client writes it, not even the buyer", async () => {
    const db = rules.as(BUYER);
    await assertFails(
      getDocs(query(collection(db, COLLECTIONS.requests, REQUEST, SUBCOLLECTIONS.requestPrivate), limit(1))),
    );
    await assertFails(setDoc(privateDoc(db), { customerId: BUYER, address: "Via Roma 1", lat: 45, lng: 9 }));
    await assertFails(getDoc(privateDoc(rules.anonymous())));
  });
});
