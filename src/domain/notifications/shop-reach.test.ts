import { describe, expect, it } from "vitest";
import { MAX_GEO_QUERY_CELLS } from "../core/limits";
import {
  type InboxRequest,
  requestInboxCells,
  requestsHeardBy,
  shopHearsOf,
  shopInboxCells,
  shopIndexEntry,
} from "./shop-reach";

const MILANO = { lat: 45.4642, lng: 9.19 };

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

describe("the fan-out's cell inboxes", () => {
  it("a request writes at most 30 inboxes, and every shop that hears of it reads one of them", () => {
    const next = random(5);
    for (let i = 0; i < 300; i += 1) {
      const request: InboxRequest = {
        id: `r${i}`,
        customerId: "buyer",
        category: "casa",
        actionRadius: [1, 3, 5, 10, 25, 100][i % 6] as number,
        location: { lat: MILANO.lat + (next() - 0.5) * 0.3, lng: MILANO.lng + (next() - 0.5) * 0.4 },
        productName: "Scala",
      };
      const cells = new Set(requestInboxCells(request));
      expect(cells.size).toBeLessThanOrEqual(MAX_GEO_QUERY_CELLS);
      for (let j = 0; j < 20; j += 1) {
        const location = {
          lat: request.location.lat + (next() - 0.5) * 0.3,
          lng: request.location.lng + (next() - 0.5) * 0.4,
        };
        const entry = shopIndexEntry({ verified: true, location, categories: ["casa"] });
        if (!entry || !shopHearsOf(request, `s${j}`, entry)) continue;
        expect(shopInboxCells(entry).some((cell) => cells.has(cell))).toBe(true);
      }
    }
  });

  it("a shop hears of each request once, never of its own, never out of reach", () => {
    const entry = shopIndexEntry({ verified: true, location: MILANO, categories: ["casa"] });
    if (!entry) throw new Error("a verified shop has an entry");
    const near: InboxRequest = {
      id: "near",
      customerId: "buyer",
      category: "casa",
      actionRadius: 10,
      location: { lat: MILANO.lat + 0.01, lng: MILANO.lng },
      productName: "Scala",
    };
    const own = { ...near, id: "own", customerId: "shop" };
    const far = { ...near, id: "far", location: { lat: 41.9, lng: 12.5 } };
    const heard = requestsHeardBy("shop", entry, [{ requests: [near, own, far] }, { requests: [near] }]);
    expect(heard.map((request) => request.id)).toEqual(["near"]);
  });
});
