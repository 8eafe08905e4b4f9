import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "../people/opening-hours.ts";
import {
  addResponseSample,
  medianResponseMinutes,
  openMinutesBetween,
  RESPONSE_TIME,
  RESPONSE_TIME_MESSAGES,
  responseBucket,
} from "./response-time.ts";

// 2026-12-07 is a Monday; Rome is UTC+1 in December.
const rome = (day: number, time: string) =>
  new Date(`2026-12-${String(day).padStart(2, "0")}T${time}:00+01:00`);
const weekdays: WeeklyHours = {
  mon: [
    { open: "09:00", close: "13:00" },
    { open: "15:00", close: "19:00" },
  ],
  tue: [{ open: "09:00", close: "19:00" }],
};

describe("openMinutesBetween", () => {
  it("counts only the opening hours", () => {
    // Monday 12:00 → 16:00: 12-13 and 15-16 are open, the lunch break is not.
    expect(openMinutesBetween(weekdays, rome(7, "12:00"), rome(7, "16:00"))).toBe(120);
  });

  it("skips the night and the closed days", () => {
    // Monday 18:30 → Tuesday 09:30: half an hour on Monday, half an hour on Tuesday.
    expect(openMinutesBetween(weekdays, rome(7, "18:30"), rome(8, "09:30"))).toBe(60);
    // Tuesday 18:00 → next Monday 09:15: Tuesday's last hour, nothing Wednesday-Sunday, 15 minutes Monday.
    expect(openMinutesBetween(weekdays, rome(8, "18:00"), rome(14, "09:15"))).toBe(75);
  });

  it("counts all the time for a shop without hours", () => {
    expect(openMinutesBetween(undefined, rome(7, "22:00"), rome(8, "01:00"))).toBe(180);
    expect(openMinutesBetween({}, rome(7, "22:00"), rome(7, "22:10"))).toBe(10);
  });

  it("is zero when the offer is not after the request", () => {
    expect(openMinutesBetween(weekdays, rome(7, "12:00"), rome(7, "11:00"))).toBe(0);
  });
});

describe("medianResponseMinutes", () => {
  const now = rome(30, "12:00");
  const at = (daysAgo: number) => now.getTime() - daysAgo * 86_400_000;

  it("needs five answers of the last 30 days", () => {
    const four = [10, 20, 30, 40].map((minutes, i) => ({ at: at(i + 1), minutes }));
    expect(medianResponseMinutes(four, now)).toBeNull();
    // An old fifth answer does not count.
    expect(medianResponseMinutes([...four, { at: at(31), minutes: 5 }], now)).toBeNull();
    expect(medianResponseMinutes([...four, { at: at(29), minutes: 500 }], now)).toBe(30);
  });

  it("averages the middle two of an even count", () => {
    const six = [1, 2, 3, 50, 60, 70].map((minutes, i) => ({ at: at(i), minutes }));
    expect(medianResponseMinutes(six, now)).toBe(26.5);
  });
});

describe("responseBucket and its words", () => {
  it("rounds up to the coarse buckets, nothing past a day", () => {
    expect(responseBucket(null)).toBeNull();
    expect(responseBucket(12)).toBe("15m");
    expect(responseBucket(16)).toBe("1h");
    expect(responseBucket(240)).toBe("4h");
    expect(responseBucket(241)).toBe("1d");
    expect(responseBucket(2000)).toBeNull();
    expect(RESPONSE_TIME_MESSAGES.usually("1h")).toBe("Di solito risponde entro un'ora");
  });
});

describe("addResponseSample", () => {
  it("keeps only the newest", () => {
    const samples = Array.from({ length: RESPONSE_TIME.keep }, (_, i) => ({ at: i, minutes: i }));
    const kept = addResponseSample(samples, { at: 1000, minutes: 1 }, RESPONSE_TIME.keep);
    expect(kept).toHaveLength(RESPONSE_TIME.keep);
    expect(kept[0]?.at).toBe(1);
    expect(kept.at(-1)?.at).toBe(1000);
  });
});
