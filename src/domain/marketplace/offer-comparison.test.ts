import { describe, expect, it } from "vitest";
import type { Offer } from "./offer.ts";
import { type ComparedOffer, shopDistanceKm, sortComparedOffers } from "./offer-comparison.ts";

const at = new Date("2026-11-20T10:00:00Z");
function compared(
  id: string,
  price: number,
  extra: Partial<ComparedOffer> = {},
  status = "pending",
): ComparedOffer {
  const offer = {
    id,
    requestId: "r1",
    merchantId: `m-${id}`,
    price,
    description: "d",
    deliveryOptions: ["pickup"],
    status,
    aiGenerated: false,
    createdAt: at,
    updatedAt: at,
  } as Offer;
  return { offer, rating: null, distanceKm: null, ...extra };
}

const ids = (list: ComparedOffer[]) => list.map((item) => item.offer.id);

describe("sortComparedOffers", () => {
  const cheap = compared("cheap", 39, { rating: { average: 3.5, count: 4 }, distanceKm: 5 });
  const dear = compared("dear", 55, { rating: { average: 4.8, count: 10 }, distanceKm: 1.2 });
  const unrated = compared("unrated", 45, { rating: { average: 0, count: 0 } });
  const rejected = compared("rejected", 10, {}, "rejected");

  it("puts the offers still to decide first, cheapest first by default", () => {
    expect(ids(sortComparedOffers([rejected, dear, unrated, cheap], "price"))).toEqual([
      "cheap",
      "unrated",
      "dear",
      "rejected",
    ]);
  });

  it("orders by rating, best first, with shops nobody rated last", () => {
    expect(ids(sortComparedOffers([unrated, cheap, dear], "rating"))).toEqual(["dear", "cheap", "unrated"]);
  });

  it("orders by distance, nearest first, unknown distances last", () => {
    expect(ids(sortComparedOffers([unrated, cheap, dear], "distance"))).toEqual(["dear", "cheap", "unrated"]);
  });

  it("measures the distance only when the shop's position is known", () => {
    expect(shopDistanceKm({ lat: 45.46, lng: 9.19 }, undefined)).toBeNull();
    expect(shopDistanceKm({ lat: 45.46, lng: 9.19 }, { lat: 45.47, lng: 9.19 })).toBeCloseTo(1.11, 1);
  });
});
