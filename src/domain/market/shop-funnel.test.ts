import { describe, expect, it } from "vitest";
import { shopMonthBounds, shopMonthOf, shopMonthsDue } from "./shop-funnel";

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

  it("counted over exactly the month's Roman instants", () => {
    expect(shopMonthBounds("2026-12")).toEqual({
      from: new Date("2026-11-30T23:00:00Z"),
      to: new Date("2026-12-31T23:00:00Z"),
    });
    // Summer time: 1 July 00:00 in Rome is 30 June 22:00 UTC; October ends in winter time.
    expect(shopMonthBounds("2026-07").from).toEqual(new Date("2026-06-30T22:00:00Z"));
    expect(shopMonthBounds("2026-10")).toEqual({
      from: new Date("2026-09-30T22:00:00Z"),
      to: new Date("2026-10-31T23:00:00Z"),
    });
  });
});
