import { describe, expect, it } from "vitest";
import { distanceKm } from "../geo/geo.ts";
import { encodeGeohash } from "../geo/geohash.ts";
import { histogramOf } from "./price-guidance.ts";
import {
  addDays,
  bucketHead,
  buildSummary,
  groupsOfEntries,
  guidanceOffers,
  guidanceSummaryIds,
  mergeGroups,
  movedFrom,
  PRICE_STATS,
  type PriceEntry,
  type PriceGroup,
  priceBucket,
  priceDay,
  priceDayExpiry,
  priceEntry,
  settledThrough,
  windowStart,
} from "./price-stats.ts";

const NOW = new Date("2026-11-29T10:00:00Z");
const DUOMO = { lat: 45.4642, lng: 9.19 };
const GH5 = encodeGeohash(DUOMO.lat, DUOMO.lng, 5);
const BUCKET = priceBucket("sport", "u0nd", "biciclett");
const BIKE = { head: "biciclett" };

const entry = (price: number, shop: string, fields: Partial<PriceEntry> = {}): PriceEntry => ({
  bucket: BUCKET,
  day: "2026-11-20",
  p: price,
  s: shop,
  at: Date.parse("2026-11-20T12:00:00Z"),
  g: GH5,
  ...fields,
});

describe("the day-old cutoff", () => {
  it("settles a day once it ended a day ago: every price counted is at least 24 hours old", () => {
    expect(settledThrough(NOW)).toBe("2026-11-27");
    // Just after midnight, the day before yesterday is the last settled one: its last second was 24 h ago.
    const midnight = new Date("2026-11-29T00:00:00Z");
    expect(settledThrough(midnight)).toBe("2026-11-27");
    const lastCounted = Date.parse(`${addDays(settledThrough(midnight), 1)}T00:00:00Z`) - 1;
    expect(midnight.getTime() - lastCounted).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000 - 1);
    // A price made today, or yesterday, is never settled today.
    expect(priceDay(NOW) > settledThrough(NOW)).toBe(true);
    expect(addDays(priceDay(NOW), -1) > settledThrough(NOW)).toBe(true);
  });

  it("covers 90 days, and lets a day's documents go once no window holds it", () => {
    expect(windowStart("2026-11-27")).toBe("2026-08-30");
    expect(addDays("2026-11-27", 1 - 90)).toBe("2026-08-30");
    expect(priceDayExpiry("2026-11-27")).toEqual(new Date("2027-02-28T00:00:00Z"));
    // The last run whose window holds 2026-11-27 runs on 2027-02-26 (settled through 02-24 … 11-27 + 89).
    expect(windowStart(addDays("2026-11-27", 89))).toBe("2026-11-27");
  });
});

describe("entries", () => {
  it("keep a hash of the shop, the request's gh5 and the signature, never a uid", () => {
    const made = priceEntry(
      { category: "sport", gh4: "u0nd", gh5: GH5, signature: { head: "biciclett", brand: "bianchi" } },
      { shop: "0123456789abcdef", price: 289, at: NOW },
    );
    expect(made).toEqual({
      bucket: "sport_u0nd_biciclett",
      day: "2026-11-29",
      p: 289,
      s: "0123456789abcdef",
      at: NOW.getTime(),
      g: GH5,
      b: "bianchi",
    });
    expect(bucketHead(made.bucket)).toBe("biciclett");
    expect(bucketHead(priceBucket("strumenti musicali", "u0nd", "chitarr"))).toBe("chitarr");
  });

  it("note the day they leave when edited on a later day, until it is built again", () => {
    const first = entry(250, "a");
    const edited = { ...first, p: 230, day: "2026-11-22" };
    expect(movedFrom(undefined, first)).toEqual([]);
    expect(movedFrom(first, { ...first, p: 240 })).toEqual([]);
    expect(movedFrom(first, edited)).toEqual([`${BUCKET}|2026-11-20`]);
    // Edited again two days on: both days it left are still to build.
    const again = { ...edited, moved: [`${BUCKET}|2026-11-20`] };
    expect(movedFrom(again, { ...edited, day: "2026-11-24" })).toEqual([
      `${BUCKET}|2026-11-20`,
      `${BUCKET}|2026-11-22`,
    ]);
    // A day no window holds any more is forgotten: the list never grows past the window.
    expect(movedFrom(again, { ...edited, day: "2027-02-19" })).toEqual([`${BUCKET}|2026-11-22`]);
  });
});

describe("the summary build", () => {
  it("groups a day's entries by cell, brand and model: rounded prices, each shop once", () => {
    const groups = groupsOfEntries([
      entry(249, "a"),
      entry(251, "b"),
      entry(299, "a"),
      entry(310, "c", { b: "bianchi" }),
    ]);
    expect(groups).toEqual([
      { g: GH5, v: [250, 300], c: [2, 1], s: ["a", "b"] },
      { g: GH5, b: "bianchi", v: [310], c: [1], s: ["c"] },
    ]);
  });

  it("merges the window's days and leaves out days outside it", () => {
    const day = (date: string, prices: number[], shops: string[]) => ({
      bucket: BUCKET,
      day: date,
      groups: groupsOfEntries(prices.map((price, index) => entry(price, shops[index] ?? "x"))),
    });
    const summary = buildSummary(BUCKET, "2026-11-27", [
      day("2026-11-20", [250, 300], ["a", "b"]),
      day("2026-11-26", [250, 280], ["c", "d"]),
      day("2026-08-29", [999], ["z"]),
      day("2026-11-28", [1], ["y"]),
    ]);
    expect(summary).toEqual({
      bucket: BUCKET,
      head: "biciclett",
      from: "2026-08-30",
      through: "2026-11-27",
      groups: [{ g: GH5, v: [250, 280, 300], c: [2, 1, 1], s: ["a", "b", "c"] }],
      // 2026-11-20 leaves the window with the run of 2027-02-20 (settled through 2027-02-18).
      rebuildOn: "2027-02-20",
    });
    expect(windowStart(settledThrough(new Date("2027-02-20T02:00:00Z")))).toBe("2026-11-21");
    expect(buildSummary(BUCKET, "2026-11-27", [day("2026-08-29", [999], ["z"])])).toBeUndefined();
  });

  it("caps a document at its bins, largest groups first", () => {
    const groups: PriceGroup[] = Array.from({ length: PRICE_STATS.maxSummaryBins + 10 }, (_, index) => ({
      g: GH5,
      m: `m${index}`,
      v: [100],
      c: [index === 7 ? 5 : 1],
      s: ["a"],
    }));
    const kept = mergeGroups(PRICE_STATS.maxSummaryBins, groups);
    expect(kept).toHaveLength(PRICE_STATS.maxSummaryBins);
    expect(kept[0]?.m).toBe("m7");
    // A day holds fewer: 1,000 entries of different products a bucket and day.
    const day = groupsOfEntries(groups.map((_, index) => entry(100, "a", { m: `m${index}` })));
    expect(day).toHaveLength(PRICE_STATS.maxDayBins);
  });
});

describe("a guidance read", () => {
  const summary = (groups: PriceGroup[], head = "biciclett") => ({
    bucket: BUCKET,
    head,
    from: "2026-08-30",
    through: "2026-11-27",
    groups,
    rebuildOn: "2027-02-20",
  });
  const group = (fields: Partial<PriceGroup>, prices: number[], shops: string[]): PriceGroup => ({
    g: GH5,
    ...histogramOf(prices),
    s: shops,
    ...fields,
  });

  it("opens the head's bucket in the place's gh4 cell and the 8 around it", () => {
    const ids = guidanceSummaryIds("sport", "biciclett", DUOMO);
    expect(ids).toHaveLength(9);
    expect(ids[0]).toBe("sport_u0nd_biciclett");
  });

  it("counts similar products within 15 km, and nothing of another head or a bad document", () => {
    const far = encodeGeohash(45.6983, 9.6773, 5); // Bergamo, ~45 km
    const counted = guidanceOffers(
      [
        summary([
          group({}, [250, 300], ["a", "b"]),
          group({ b: "bianchi" }, [320], ["c"]),
          group({ b: "trek" }, [900], ["d"]),
          group({ g: far }, [10], ["e"]),
        ]),
        summary([group({}, [1], ["f"])], "casc"),
        { groups: "not a summary" },
        undefined,
      ],
      { signature: { ...BIKE, brand: "bianchi" }, place: DUOMO },
      distanceKm,
    );
    expect(counted).toEqual({ histogram: { v: [250, 300, 320], c: [1, 1, 1] }, shops: ["a", "b", "c"] });
  });
});
