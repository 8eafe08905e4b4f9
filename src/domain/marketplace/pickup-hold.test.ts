import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "../people/opening-hours";
import { defaultHoldUntil, holdMessage, holdUntilFor, offeredHoldMessage } from "./pickup-hold";

const HOURS: WeeklyHours = {
  mon: [
    { open: "09:00", close: "13:00" },
    { open: "15:30", close: "19:30" },
  ],
  tue: [
    { open: "09:00", close: "13:00" },
    { open: "15:30", close: "19:30" },
  ],
  sat: [{ open: "09:00", close: "13:00" }],
};

describe("the hold", () => {
  it("lasts until closing time the next day the shop is open, in Rome's time", () => {
    // Monday 2 March 2026, 10:15:42 in Rome (UTC+1) → Tuesday 19:30.
    const monday = new Date("2026-03-02T09:15:42Z");
    expect(defaultHoldUntil(HOURS, monday).toISOString()).toBe("2026-03-03T18:30:00.000Z");
    // Tuesday → the next open day is Saturday, closing at 13:00.
    expect(defaultHoldUntil(HOURS, new Date("2026-03-03T09:00:00Z")).toISOString()).toBe(
      "2026-03-07T12:00:00.000Z",
    );
  });

  it("without hours, until 19:00 the next day; across the change to summer time too", () => {
    expect(defaultHoldUntil(undefined, new Date("2026-03-02T09:00:00Z")).toISOString()).toBe(
      "2026-03-03T18:00:00.000Z",
    );
    // Saturday 28 March 2026, 12:00 in Rome (UTC+1) → Sunday 29 March 19:00 in Rome (UTC+2).
    expect(defaultHoldUntil(undefined, new Date("2026-03-28T11:00:00Z")).toISOString()).toBe(
      "2026-03-29T17:00:00.000Z",
    );
  });

  it("says until when in Italian", () => {
    expect(holdMessage(new Date("2026-03-03T18:30:00Z"))).toBe(
      "Te lo teniamo da parte fino a martedì 3 marzo alle 19:30",
    );
  });
});

describe("the hold the shop chose", () => {
  const monday = new Date("2026-03-02T09:15:42Z");
  it("the next day's closing time by default, the one after, or three days", () => {
    expect(holdUntilFor(undefined, HOURS, monday)).toEqual(defaultHoldUntil(HOURS, monday));
    expect(holdUntilFor("nextClose", HOURS, monday).toISOString()).toBe("2026-03-03T18:30:00.000Z");
    // Monday → Tuesday is the first open day, Saturday the second.
    expect(holdUntilFor("secondClose", HOURS, monday).toISOString()).toBe("2026-03-07T12:00:00.000Z");
    expect(holdUntilFor("secondClose", undefined, monday).toISOString()).toBe("2026-03-04T18:00:00.000Z");
    expect(holdUntilFor("threeDays", HOURS, monday).toISOString()).toBe("2026-03-05T09:15:00.000Z");
  });
});

describe("the hold a pending offer promises, before 'Accetta'", () => {
  it.each([
    ["nextClose", "Se accetti, il negozio te lo tiene da parte: fino a domani alla chiusura."],
    ["secondClose", "Se accetti, il negozio te lo tiene da parte: fino a dopodomani alla chiusura."],
    ["threeDays", "Se accetti, il negozio te lo tiene da parte: 3 giorni."],
    [undefined, "Se accetti, il negozio te lo tiene da parte: fino a domani alla chiusura."],
  ] as const)("%s reads '%s'", (choice, text) => {
    expect(offeredHoldMessage(choice)).toBe(text);
  });
});
