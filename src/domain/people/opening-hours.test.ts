import { describe, expect, it } from "vitest";
import {
  hasOpenDay,
  openingStatus,
  shopClock,
  shopToday,
  type WeeklyHours,
  weeklyHoursSchema,
} from "./opening-hours.ts";
import { DEFAULT_RANGE, weekDraftOf, weeklyHoursFromDraft } from "./opening-hours-form.ts";
import { atTime, formatDayHours, openingStatusText } from "./opening-hours-messages.ts";

// Elettronica Navigli, the demo shop: Monday afternoon only, Tuesday to Saturday with a lunch break.
const NAVIGLI: WeeklyHours = {
  mon: [{ open: "15:00", close: "19:30" }],
  tue: [
    { open: "09:30", close: "13:00" },
    { open: "15:00", close: "19:30" },
  ],
  wed: [
    { open: "09:30", close: "13:00" },
    { open: "15:00", close: "19:30" },
  ],
  thu: [
    { open: "09:30", close: "13:00" },
    { open: "15:00", close: "19:30" },
  ],
  fri: [
    { open: "09:30", close: "13:00" },
    { open: "15:00", close: "19:30" },
  ],
  sat: [{ open: "09:30", close: "19:30" }],
};

/** 2026-11-24 is a Tuesday; in November Rome is UTC+1. */
const winter = (utc: string) => new Date(`2026-11-${utc}Z`);

describe("the shop's clock is Europe/Rome's", () => {
  it("reads the day and time in Rome, winter (UTC+1) and summer (UTC+2) alike", () => {
    expect(shopClock(winter("24T08:45:00"))).toEqual({ dayIndex: 1, minutes: 9 * 60 + 45 });
    // Sunday 23:30 in UTC is already Monday in Rome.
    expect(shopToday(winter("22T23:30:00"))).toBe("mon");
    // 7 July 2026, a Tuesday: 17:00 UTC is 19:00 in Rome.
    expect(shopClock(new Date("2026-07-07T17:00:00Z"))).toEqual({ dayIndex: 1, minutes: 19 * 60 });
  });
});

describe("openingStatus: open now, and until when; or when it opens", () => {
  it.each([
    ["Tuesday 10:15", "24T09:15:00", { headline: "Aperto ora", detail: "Chiude alle 13:00" }],
    ["Tuesday 13:00, the lunch break", "24T12:00:00", { headline: "Chiuso ora", detail: "Apre alle 15:00" }],
    ["Tuesday 19:00", "24T18:00:00", { headline: "Aperto ora", detail: "Chiude alle 19:30" }],
    [
      "Tuesday 19:30, just closed",
      "24T18:30:00",
      { headline: "Chiuso ora", detail: "Apre domani alle 9:30" },
    ],
    ["Saturday 20:00", "28T19:00:00", { headline: "Chiuso ora", detail: "Apre lunedì alle 15:00" }],
    ["Sunday", "29T10:00:00", { headline: "Chiuso ora", detail: "Apre domani alle 15:00" }],
    [
      "Monday 9:00, before the afternoon",
      "30T08:00:00",
      { headline: "Chiuso ora", detail: "Apre alle 15:00" },
    ],
  ])("%s", (_when, utc, text) => {
    const status = openingStatus(NAVIGLI, winter(utc));
    expect(status && openingStatusText(status)).toEqual(text);
  });

  it("in summer time too: Tuesday 7 July 2026 at 19:15 in Rome (17:15 UTC) is open until 19:30", () => {
    expect(openingStatus(NAVIGLI, new Date("2026-07-07T17:15:00Z"))).toEqual({
      open: true,
      closesAt: "19:30",
    });
  });

  it("says the weekday a week ahead when today's only range is over", () => {
    const mondays: WeeklyHours = { mon: [{ open: "09:00", close: "12:00" }] };
    expect(openingStatus(mondays, winter("30T12:00:00"))).toEqual({
      open: false,
      opensAt: "09:00",
      day: "mon",
      daysAhead: 7,
    });
  });

  it("has nothing to say about hours with no open day", () => {
    expect(openingStatus(undefined, winter("24T10:00:00"))).toBeUndefined();
    expect(openingStatus({ mon: [], sun: [] }, winter("24T10:00:00"))).toBeUndefined();
    expect(hasOpenDay({})).toBe(false);
    expect(hasOpenDay(NAVIGLI)).toBe(true);
  });
});

describe("the hours in Italian", () => {
  it("says times as people do", () => {
    expect(atTime("19:30")).toBe("alle 19:30");
    expect(atTime("09:00")).toBe("alle 9:00");
    expect(atTime("01:30")).toBe("all'1:30");
    expect(atTime("11:00")).toBe("alle 11:00");
    expect(atTime("24:00")).toBe("a mezzanotte");
    expect(formatDayHours(NAVIGLI.tue)).toBe("9:30–13:00, 15:00–19:30");
    expect(formatDayHours(undefined)).toBe("Chiuso");
  });
});

describe("weeklyHoursSchema (firestore.rules isWeeklyHours mirrors it)", () => {
  it("takes days and times, and refuses what is not", () => {
    expect(weeklyHoursSchema.safeParse(NAVIGLI).success).toBe(true);
    expect(weeklyHoursSchema.safeParse({ sat: [{ open: "10:00", close: "24:00" }] }).success).toBe(true);
    for (const bad of [
      { lunedi: [] },
      { mon: [{ open: "9:00", close: "19:00" }] },
      { mon: [{ open: "19:00", close: "09:00" }] },
      {
        mon: [
          { open: "09:00", close: "13:00" },
          { open: "12:00", close: "19:00" },
        ],
      },
      {
        mon: [
          { open: "08:00", close: "09:00" },
          { open: "10:00", close: "11:00" },
          { open: "12:00", close: "13:00" },
        ],
      },
    ]) {
      expect(weeklyHoursSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("the profile's editor", () => {
  it("starts closed days from 9-19 and keeps the stored ranges of open ones", () => {
    const draft = weekDraftOf(NAVIGLI);
    expect(draft.sun).toEqual({ open: false, ranges: [DEFAULT_RANGE] });
    expect(draft.tue.ranges).toHaveLength(2);
    expect(weeklyHoursFromDraft(draft)).toEqual({ ok: true, data: NAVIGLI });
  });

  it("keeps only open days, and names the day of a mistake", () => {
    const draft = weekDraftOf(undefined);
    expect(weeklyHoursFromDraft(draft)).toEqual({ ok: true, data: {} });
    draft.wed = { open: true, ranges: [{ open: "09:00", close: "" }] };
    expect(weeklyHoursFromDraft(draft)).toEqual({
      ok: false,
      message: "Mercoledì: indica l'orario di apertura e quello di chiusura",
    });
    draft.wed = { open: true, ranges: [{ open: "19:00", close: "09:00" }] };
    expect(weeklyHoursFromDraft(draft)).toMatchObject({
      message: "Mercoledì: l'orario di chiusura deve venire dopo quello di apertura",
    });
    draft.wed = {
      open: true,
      ranges: [
        { open: "09:00", close: "13:00" },
        { open: "12:30", close: "19:00" },
      ],
    };
    expect(weeklyHoursFromDraft(draft)).toMatchObject({
      message: "Mercoledì: la seconda fascia deve iniziare dopo la fine della prima",
    });
  });
});
