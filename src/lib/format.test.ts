import { describe, expect, it } from "vitest";
import { formatBudget, formatDistance, formatRelativeDate } from "./format";
import { merchantLocationOf } from "./merchant-location";

describe("marketplace formats", () => {
  it("formats distances in metres under a kilometre, else in km with one decimal", () => {
    expect(formatDistance(0.004)).toBe("10 m");
    expect(formatDistance(0.846)).toBe("850 m");
    expect(formatDistance(2.44)).toBe("2,4 km");
    expect(formatDistance(80)).toBe("80 km");
  });

  it("formats a budget as people say it, without ',00' on whole euro", () => {
    expect(formatBudget({ min: 80, max: 150 })).toBe("da 80 a 150 €");
    expect(formatBudget({ min: 0, max: 200 })).toBe("fino a 200 €");
    expect(formatBudget({ min: 120, max: 180 })).toBe("circa 150 €");
    expect(formatBudget({ min: 30, max: 30 })).toBe("30 €");
    expect(formatBudget({ min: 0, max: 49.9 })).toBe("fino a 49,90 €");
  });

  it("says how long ago, then the date after a month", () => {
    const now = new Date("2025-06-10T12:00:00Z");
    expect(formatRelativeDate(new Date("2025-06-10T11:59:30Z"), now)).toBe("adesso");
    expect(formatRelativeDate(new Date("2025-06-10T11:55:00Z"), now)).toBe("5 minuti fa");
    expect(formatRelativeDate(new Date("2025-06-10T09:00:00Z"), now)).toBe("3 ore fa");
    expect(formatRelativeDate(new Date("2025-06-09T12:00:00Z"), now)).toBe("ieri");
    expect(formatRelativeDate(new Date("2025-04-01T12:00:00Z"), now)).toBe("1 apr 2025");
  });
});

describe("merchantLocationOf", () => {
  it("uses the shop's position, or Milano (flagged) when there is none", () => {
    expect(merchantLocationOf({ lat: 45.45, lng: 9.17, address: "Navigli" })).toEqual({
      lat: 45.45,
      lng: 9.17,
      address: "Navigli",
      isDefault: false,
    });
    expect(merchantLocationOf(undefined)).toEqual({
      lat: 45.4642,
      lng: 9.19,
      address: "Milano",
      isDefault: true,
    });
  });
});
