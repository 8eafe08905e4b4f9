import { describe, expect, it } from "vitest";
import { MAX_ACTIVE_REQUESTS_PER_BUYER, MAX_REQUESTS_PER_DAY } from "../core/limits.ts";
import { publishRefusal, requestQuotaOn, withPublished } from "./request-quota.ts";

const NOON = new Date("2026-03-10T11:00:00Z");

describe("request quota", () => {
  it("counts the day's publications on the Italian calendar", () => {
    expect(requestQuotaOn(undefined, NOON)).toEqual({ day: "2026-03-10", published: 0 });
    expect(requestQuotaOn({ day: "2026-03-10", published: 3 }, NOON).published).toBe(3);
    expect(requestQuotaOn({ day: "2026-03-09", published: 9 }, NOON).published).toBe(0);
    // 23:30 UTC is already the next day in Rome.
    expect(requestQuotaOn(undefined, new Date("2026-03-10T23:30:00Z")).day).toBe("2026-03-11");
    expect(requestQuotaOn({ day: "2026-03-10", published: "x" }, NOON).published).toBe(0);
    expect(withPublished({ day: "2026-03-10", published: 3 }).published).toBe(4);
  });

  it("refuses past the active cap, then past the daily cap", () => {
    const day = { day: "2026-03-10", published: 0 };
    expect(publishRefusal(MAX_ACTIVE_REQUESTS_PER_BUYER - 1, day)).toBeUndefined();
    expect(publishRefusal(MAX_ACTIVE_REQUESTS_PER_BUYER, day)).toBe("active_requests");
    expect(publishRefusal(0, { ...day, published: MAX_REQUESTS_PER_DAY - 1 })).toBeUndefined();
    expect(publishRefusal(0, { ...day, published: MAX_REQUESTS_PER_DAY })).toBe("daily_requests");
  });
});
