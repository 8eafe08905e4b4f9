import { describe, expect, it } from "vitest";
import { shopMonthOf, shopMonthQueryRange, shopMonthsDue } from "./shop-funnel";

describe("the shops' funnel months", () => {
  it("are Rome's months", () => {
    expect(shopMonthOf(new Date("2026-10-31T23:30:00Z"))).toBe("2026-11");
    expect(shopMonthOf(new Date("2026-10-31T22:30:00Z"))).toBe("2026-10");
  });

  it("due: this month, and the one before on the first day", () => {
    expect(shopMonthsDue(new Date("2026-11-25T02:45:00Z"))).toEqual(["2026-11"]);
    expect(shopMonthsDue(new Date("2026-12-01T02:45:00Z"))).toEqual(["2026-11", "2026-12"]);
    expect(shopMonthsDue(new Date("2027-01-01T02:45:00Z"))).toEqual(["2026-12", "2027-01"]);
  });

  it("queried over a range that holds every Roman moment of the month", () => {
    const { from, to } = shopMonthQueryRange("2026-12");
    expect(from.getTime()).toBeLessThanOrEqual(Date.parse("2026-11-30T23:00:00Z"));
    expect(to.getTime()).toBeGreaterThanOrEqual(Date.parse("2026-12-31T23:00:00Z"));
    // Summer time: 1 July 00:00 in Rome is 30 June 22:00 UTC.
    expect(shopMonthQueryRange("2026-07").from.getTime()).toBeLessThanOrEqual(
      Date.parse("2026-06-30T22:00:00Z"),
    );
    expect(shopMonthQueryRange("2026-12").to.toISOString()).toBe("2027-01-01T03:00:00.000Z");
  });
});
