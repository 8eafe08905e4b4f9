import { describe, expect, it } from "vitest";
import { distanceKm } from "../geo/geo.ts";
import {
  meetsThreshold,
  PRICE_GUIDANCE,
  PRICE_GUIDANCE_MESSAGES,
  type PricePoint,
  pricePosition,
  priceRange,
  relevantPoints,
} from "./price-guidance.ts";
import {
  entryPoint,
  guidanceDocIds,
  guidanceMonths,
  latestEntries,
  priceStatsExpiry,
  priceStatsMonth,
} from "./price-stats.ts";

const NOW = new Date("2026-11-29T10:00:00Z");
const DUOMO = { lat: 45.4642, lng: 9.19 };
const BIKE = { head: "biciclett" };
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const point = (price: number, shop: string, fields: Partial<PricePoint> = {}): PricePoint => ({
  price,
  shop,
  at: daysAgo(3),
  place: DUOMO,
  signature: BIKE,
  ...fields,
});

describe("the threshold: 5 offers from 3 shops", () => {
  const five = [point(100, "a"), point(120, "a"), point(90, "b"), point(150, "c"), point(110, "c")];

  it("shows the range at 5 offers from 3 shops", () => {
    expect(meetsThreshold(five)).toBe(true);
    expect(priceRange(five)).toEqual({ min: 90, max: 150, count: 5 });
  });

  it("shows nothing for 4 offers, or for offers from only 2 shops", () => {
    expect(priceRange(five.slice(0, 4))).toBeUndefined();
    const twoShops = five.map((one) => ({ ...one, shop: one.shop === "c" ? "b" : one.shop }));
    expect(priceRange(twoShops)).toBeUndefined();
    expect(pricePosition(100, twoShops)).toBeUndefined();
    expect(PRICE_GUIDANCE).toMatchObject({ minOffers: 5, minShops: 3, radiusKm: 15, days: 90 });
  });

  it("places a price: the share of offers strictly cheaper, in whole percent", () => {
    const prices = [80, 90, 100, 110, 120].map((price, index) => point(price, `s${index}`));
    expect(pricePosition(100, prices)).toBe(40);
    expect(pricePosition(121, prices)).toBe(100);
    expect(pricePosition(80, prices)).toBe(0);
    expect(pricePosition(95, [...prices, point(200, "s9")])).toBe(33);
  });
});

describe("relevantPoints: similar, recent and near", () => {
  it("keeps the last 90 days within 15 km of similar products only", () => {
    const kept = point(100, "a");
    const points = [
      kept,
      point(100, "a", { at: daysAgo(91) }),
      point(100, "a", { at: daysAgo(89) }),
      point(100, "a", { place: { lat: 45.7, lng: 9.68 } }),
      point(100, "a", { signature: { head: "casc" } }),
      point(100, "a", { signature: { head: "biciclett", brand: "bianchi" } }),
    ];
    const relevant = relevantPoints(points, { signature: BIKE, place: DUOMO, now: NOW }, distanceKm);
    expect(relevant).toHaveLength(3);
    expect(relevant[0]).toBe(kept);
  });
});

describe("the aggregates' documents", () => {
  it("cover 90 days in at most 4 months, and the 9 cells around a place", () => {
    expect(priceStatsMonth(NOW)).toBe("2026-11");
    expect(guidanceMonths(NOW)).toEqual(["2026-11", "2026-10", "2026-09", "2026-08"]);
    const ids = guidanceDocIds("sport", DUOMO, NOW);
    expect(ids).toHaveLength(36);
    expect(ids[0]).toBe("sport_u0nd_2026-11");
  });

  it("expire once no guidance read opens them: the month's end, 90 days and a day", () => {
    expect(priceStatsExpiry("2026-11")).toEqual(new Date("2027-03-02T00:00:00Z"));
    expect(priceStatsExpiry("2026-12")).toEqual(new Date("2027-04-02T00:00:00Z"));
    // The last read that opens November's document is 90 days after November 30th.
    const lastRead = new Date("2027-02-28T23:59:59Z");
    expect(guidanceMonths(lastRead)).toContain("2026-11");
    expect(priceStatsExpiry("2026-11").getTime()).toBeGreaterThan(lastRead.getTime());
  });

  it("count an offer made again in a later month once, at its newest entry", () => {
    const entry = { p: 250, s: "x", at: 1, g: "u0nd9", h: "biciclett" };
    const entries = latestEntries([
      { offers: { k1: entry, k2: { ...entry, p: 300 } } },
      { offers: { k1: { ...entry, p: 230, at: 2 } } },
      undefined,
    ]);
    expect(entries.map((kept) => kept.p).sort()).toEqual([230, 300]);
  });

  it("place an entry at its gh5 cell's centre", () => {
    const entry = entryPoint({ p: 10, s: "x", at: NOW.getTime(), g: "u0nd9", h: "biciclett", b: "bianchi" });
    expect(distanceKm(entry.place, DUOMO)).toBeLessThan(5);
    expect(entry.signature).toEqual({ head: "biciclett", brand: "bianchi" });
  });
});

describe("the texts", () => {
  it("say the range with its count, and the position", () => {
    expect(PRICE_GUIDANCE_MESSAGES.range({ min: 199.9, max: 320, count: 6 })).toBe(
      "Nella tua zona i negozi hanno offerto da 199,9 a 320 € (6 offerte)",
    );
    expect(PRICE_GUIDANCE_MESSAGES.position(80)).toBe(
      "Il tuo prezzo è più alto del 80 % delle offerte simili in zona",
    );
  });
});
