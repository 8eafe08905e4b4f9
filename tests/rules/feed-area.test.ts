// The feed is bounded to the shop's area (firestore.rules inShopArea, src/domain/geo/shop-area.ts): a verified
// shop lists active requests only in the cells around its own position (the largest radius, 100 km),
// whatever query it writes; the app's feed, at every radius the product offers, stays allowed.

import { assertFails, assertSucceeds } from "@firebase/rules-unit-testing";
import { collection, type Firestore, getDocs, limit, query, where } from "firebase/firestore";
import { beforeEach, describe, expect, it } from "vitest";
import { firestoreFeedExecutor } from "../../src/data/requests";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { RADIUS_OPTIONS_KM } from "../../src/domain/core/enums";
import { REQUEST_QUERY_LIMIT } from "../../src/domain/core/limits";
import { requestGeoFields } from "../../src/domain/geo/geo-cover";
import { fetchNearbyPage } from "../../src/domain/geo/geo-feed";
import { planNearbyQuery } from "../../src/domain/geo/geo-feed-plan";
import { useRulesEnvironment } from "./environment";
import { BUYER, MILANO, OTHER_BUYER, SHOP, storedRequest, storedShopArea } from "./fixtures";

const ROMA = { lat: 41.9028, lng: 12.4964 };
const NAPOLI = { lat: 40.8518, lng: 14.2681 };

/** An active request placed at `point` (the stored coarse position and its geohash fields). */
function requestAt(customerId: string, point: { lat: number; lng: number }) {
  const { geohash, ...prefixes } = requestGeoFields(point);
  return { ...storedRequest(customerId), location: { address: "Centro", ...point, geohash }, ...prefixes };
}

const requests = (db: Firestore) => collection(db, COLLECTIONS.requests);
const active = where("status", "==", "active");
const bound = limit(REQUEST_QUERY_LIMIT);

describe("the shop's feed is bounded to its area", () => {
  const rules = useRulesEnvironment();

  beforeEach(async () => {
    await rules.seed({
      [`${COLLECTIONS.requests}/milano`]: requestAt(BUYER, MILANO),
      [`${COLLECTIONS.requests}/roma`]: requestAt(OTHER_BUYER, ROMA),
      [`${COLLECTIONS.requests}/napoli`]: requestAt(OTHER_BUYER, NAPOLI),
    });
  });

  it.each(RADIUS_OPTIONS_KM)("the app's feed at %i km around the shop is allowed", async (radiusKm) => {
    const page = await assertSucceeds(
      fetchNearbyPage(firestoreFeedExecutor(rules.liteAs(SHOP)), { center: MILANO, radiusKm, pageSize: 20 }),
    );
    expect(page.items.map((item) => item.id)).toEqual(["milano"]);
  });

  it("the app's feed planned around Roma is refused to a shop in Milano", async () => {
    await assertFails(
      fetchNearbyPage(firestoreFeedExecutor(rules.liteAs(SHOP)), {
        center: ROMA,
        radiusKm: 10,
        pageSize: 20,
      }),
    );
  });

  it("paging through every active request in Italy is refused", async () => {
    await assertFails(getDocs(query(requests(rules.as(SHOP)), active, bound)));
  });

  it("a query naming Roma's cells is refused, alone or mixed with Milano's", async () => {
    const db = rules.as(SHOP);
    const roma = requestGeoFields(ROMA);
    const milano = requestGeoFields(MILANO);
    await assertFails(getDocs(query(requests(db), active, where("gh4", "in", [roma.gh4]), bound)));
    await assertFails(getDocs(query(requests(db), active, where("gh5", "in", [roma.gh5]), bound)));
    await assertFails(
      getDocs(query(requests(db), active, where("gh4", "in", [milano.gh4, roma.gh4]), bound)),
    );
    await assertSucceeds(getDocs(query(requests(db), active, where("gh4", "in", [milano.gh4]), bound)));
    await assertSucceeds(getDocs(query(requests(db), active, where("gh5", "in", [milano.gh5]), bound)));
  });

  it("coarse cells wider than the area (gh3) are refused", async () => {
    const db = rules.as(SHOP);
    await assertFails(
      getDocs(query(requests(db), active, where("gh3", "in", [requestGeoFields(MILANO).gh3]), bound)),
    );
  });

  it("a shop whose area moved to Roma lists Roma, no longer Milano", async () => {
    await rules.seed({ [`${COLLECTIONS.shopAreas}/${SHOP}`]: storedShopArea(ROMA) });
    const db = rules.as(SHOP);
    await assertSucceeds(
      getDocs(query(requests(db), active, where("gh4", "in", [requestGeoFields(ROMA).gh4]), bound)),
    );
    await assertFails(
      getDocs(query(requests(db), active, where("gh4", "in", [requestGeoFields(MILANO).gh4]), bound)),
    );
  });

  it("a verified shop without an area yet lists nothing", async () => {
    const plan = planNearbyQuery(MILANO, 10);
    const sub = plan.subQueries[0];
    if (!sub) throw new Error("no sub-query");
    await rules.seed({ [`${COLLECTIONS.shopAreas}/${SHOP}`]: { gh4: [], gh5Pattern: "()", center: MILANO } });
    await assertFails(
      getDocs(query(requests(rules.as(SHOP)), active, where(sub.field, "in", [...sub.cells]), bound)),
    );
  });
});
