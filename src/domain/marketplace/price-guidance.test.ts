import { describe, expect, it } from "vitest";
import {
  amountInputText,
  histogramCount,
  histogramOf,
  meetsThreshold,
  mergeHistograms,
  mergeShops,
  PRICE_GUIDANCE,
  priceAtShare,
  priceBand,
  priceGuidanceInputSchema,
  priceRange,
  roundPrice,
} from "./price-guidance.ts";
import { PRICE_GUIDANCE_MESSAGES } from "./price-guidance-messages.ts";

const THREE = ["a", "b", "c"];

describe("rounding: every price to a step of 2-10 % of it", () => {
  it.each([
    [0.1, 0.5],
    [2.74, 2.5],
    [9.9, 10],
    [24.9, 25],
    [49.4, 49],
    [197.4, 195],
    [199, 200],
    [289, 290],
    [1234, 1250],
    [7420, 7400],
  ])("%s € → %s €", (price, rounded) => {
    expect(roundPrice(price)).toBe(rounded);
  });

  it("hides an edit of a few cents or a few euro", () => {
    expect(roundPrice(24.9)).toBe(roundPrice(25.3));
    expect(roundPrice(289)).toBe(roundPrice(291));
  });
});

describe("histograms", () => {
  it("count rounded prices, ascending, and add up", () => {
    const histogram = histogramOf([24.9, 25.2, 19, 45]);
    expect(histogram).toEqual({ v: [19, 25, 45], c: [1, 2, 1] });
    expect(mergeHistograms(histogram, { v: [25, 30], c: [1, 4] })).toEqual({
      v: [19, 25, 30, 45],
      c: [1, 3, 4, 1],
    });
    expect(histogramCount(histogram)).toBe(4);
  });

  it("read a share by nearest rank", () => {
    const histogram = histogramOf([80, 90, 100, 110, 120]);
    expect(priceAtShare(histogram, 0)).toBe(80);
    expect(priceAtShare(histogram, 0.1)).toBe(80);
    expect(priceAtShare(histogram, 0.5)).toBe(100);
    expect(priceAtShare(histogram, 0.9)).toBe(120);
  });

  it("keep at most 3 shops, which is all the threshold needs", () => {
    expect(mergeShops(["d", "a"], ["a", "c"], ["b"])).toEqual(["a", "b", "c"]);
    expect(mergeShops(["x", "y"])).toEqual(["x", "y"]);
  });
});

describe("the threshold: 5 offers from 3 shops", () => {
  const five = histogramOf([100, 120, 90, 150, 110]);

  it("shows the range at 5 offers from 3 shops, from rounded prices", () => {
    expect(meetsThreshold(five, THREE)).toBe(true);
    expect(priceRange(histogramOf([24.9, 29, 35, 39.9, 45]), THREE)).toEqual({ min: 25, max: 45, count: 5 });
  });

  it("shows nothing for 4 offers, or for offers from only 2 shops", () => {
    expect(priceRange(histogramOf([100, 120, 90, 150]), THREE)).toBeUndefined();
    expect(priceRange(five, ["a", "b"])).toBeUndefined();
    expect(priceBand(100, five, ["a", "b"])).toBeUndefined();
    expect(PRICE_GUIDANCE).toMatchObject({ minOffers: 5, minShops: 3, radiusKm: 15, days: 90 });
  });

  it("leaves an odd price out of the range past 10 offers", () => {
    const many = histogramOf([1, 100, 105, 110, 110, 115, 120, 120, 125, 130, 135, 140, 5000]);
    expect(priceRange(many, THREE)).toEqual({ min: 100, max: 140, count: 13 });
  });
});

describe("bands: where a price sits, never a percentile", () => {
  const prices = histogramOf([80, 90, 100, 110, 120]);

  it.each([
    [1, "low"],
    [80, "low"],
    [90, "middle"],
    [100, "middle"],
    [110, "middle"],
    [120, "high"],
    [1000, "high"],
  ] as const)("%s € among 80-120 € → %s", (price, band) => {
    expect(priceBand(price, prices, THREE)).toBe(band);
  });

  it("reads the band of the price as rounded", () => {
    // 82 rounds to 80: as cheap as the cheapest, so among the lowest.
    expect(priceBand(82, prices, THREE)).toBe("low");
    expect(priceBand(118, prices, THREE)).toBe("high");
  });
});

describe("the question", () => {
  it("is a shop's (a request and a price) or a buyer's (a product at a place)", () => {
    expect(priceGuidanceInputSchema.parse({ requestId: "req1", price: 24.9 })).toEqual({
      requestId: "req1",
      price: 24.9,
    });
    const buyer = { category: "sport", productName: "bici", location: { lat: 45.46, lng: 9.19 } };
    expect(priceGuidanceInputSchema.parse(buyer)).toEqual(buyer);
    // A price without a request asks nothing of the shop's position: it is dropped.
    expect(priceGuidanceInputSchema.parse({ ...buyer, price: 100 })).toEqual(buyer);
    expect(priceGuidanceInputSchema.safeParse({ requestId: "req1" }).success).toBe(false);
  });
});

describe("the texts", () => {
  it("say the range with two decimals and its count, and the band in words", () => {
    expect(PRICE_GUIDANCE_MESSAGES.range({ min: 24.5, max: 320, count: 6 })).toBe(
      "Nella tua zona i negozi hanno offerto di solito da 24,50\u00a0€ a 320,00\u00a0€ (6 offerte)",
    );
    expect(PRICE_GUIDANCE_MESSAGES.band.low).toBe(
      "Il tuo prezzo è tra il 20 % più basso delle offerte simili in zona",
    );
    expect(PRICE_GUIDANCE_MESSAGES.band.middle).toBe(
      "Il tuo prezzo è nella media delle offerte simili in zona",
    );
    expect(PRICE_GUIDANCE_MESSAGES.band.high).toBe(
      "Il tuo prezzo è tra il 20 % più alto delle offerte simili in zona",
    );
  });

  it("fill a budget field with the cents when there are some", () => {
    expect(amountInputText(24.5)).toBe("24,50");
    expect(amountInputText(1200)).toBe("1200");
  });
});
