import { describe, expect, it } from "vitest";
import { notificationText } from "./notification-text";
import { channelsFor, openingKey, pushTiming } from "./push";
import { PUSH_PROMPT_SNOOZE_DAYS, shouldAskForPush } from "./push-messages";

const SHOP_HOURS = { tue: [{ open: "09:00", close: "13:00" }], mon: [{ open: "09:00", close: "19:00" }] };

describe("quiet hours: when a shop hears of a new request", () => {
  it("at once while the shop is open, and when it has given no hours", () => {
    // Tuesday 8 December 2026, 10:30 in Rome (UTC+1).
    expect(pushTiming(SHOP_HOURS, new Date("2026-12-08T09:30:00Z"))).toEqual({ now: true });
    expect(pushTiming(undefined, new Date("2026-12-08T02:00:00Z"))).toEqual({ now: true });
    expect(pushTiming({}, new Date("2026-12-08T02:00:00Z"))).toEqual({ now: true });
  });

  it("closed before opening: at today's opening, in Rome's time", () => {
    expect(pushTiming(SHOP_HOURS, new Date("2026-12-08T07:00:00Z"))).toEqual({
      at: new Date("2026-12-08T08:00:00Z"),
    });
  });

  it("closed for the day: at the next open day's opening (Tuesday afternoon → Monday 09:00)", () => {
    expect(pushTiming(SHOP_HOURS, new Date("2026-12-08T15:12:34Z"))).toEqual({
      at: new Date("2026-12-14T08:00:00Z"),
    });
  });

  it("across the change to summer time the opening stays 09:00 on the shop's clock", () => {
    // Saturday 28 March 2026, 21:00 in Rome; summer time starts on Sunday 29 at 02:00.
    expect(pushTiming(SHOP_HOURS, new Date("2026-03-28T20:00:00Z"))).toEqual({
      at: new Date("2026-03-30T07:00:00Z"),
    });
  });

  it("keys an opening by its minute", () => {
    expect(openingKey(new Date("2026-12-14T08:00:00Z"))).toBe("20261214T0800");
  });
});

describe("the seam's choice among bell, push and e-mail", () => {
  const none = { email: {}, push: {} };

  it("a buyer's new offer: bell always; push with a device; e-mail unless switched off", () => {
    expect(channelsFor("offer_received", { hasDevices: true, preferences: none })).toEqual({
      bell: true,
      push: true,
      email: true,
    });
    expect(channelsFor("offer_received", { hasDevices: false, preferences: undefined })).toEqual({
      bell: true,
      push: false,
      email: true,
    });
    expect(
      channelsFor("offer_received", {
        hasDevices: true,
        preferences: { email: { offer_received: false }, push: { offer_received: false } },
      }),
    ).toEqual({ bell: true, push: false, email: false });
  });

  it("a new request nearby is push only; the hourly digest is never pushed", () => {
    expect(channelsFor("new_request", { hasDevices: true, preferences: none })).toEqual({
      bell: false,
      push: true,
      email: false,
    });
    expect(channelsFor("new_request", { hasDevices: false, preferences: none }).push).toBe(false);
    expect(channelsFor("requests_nearby", { hasDevices: true, preferences: none })).toEqual({
      bell: true,
      push: false,
      email: true,
    });
  });

  it("the moderators' notices go in writing: bell and e-mail, never a push, even with e-mail switched off", () => {
    const emailOff = { email: { moderation_decision: false, report_received: false, appeal_decided: false } };
    for (const kind of ["report_received", "moderation_decision", "appeal_decided"] as const) {
      expect(channelsFor(kind, { hasDevices: true, preferences: emailOff })).toEqual({
        bell: true,
        push: false,
        email: true,
      });
    }
  });
});

describe("the push's words", () => {
  it("names the product of one new request, and counts the summary at opening", () => {
    expect(notificationText("new_request", { productName: "bicicletta", count: 1 }).title).toBe(
      "Nuova richiesta vicino a te: Bicicletta",
    );
    expect(notificationText("new_request", { productName: "bicicletta", count: 3 }).title).toBe(
      "3 nuove richieste vicino a te",
    );
  });
});

describe("asking for notifications", () => {
  const now = Date.UTC(2026, 11, 8);
  const day = 24 * 60 * 60 * 1000;

  it("asks once the permission is undecided, not again within the snooze after 'Non ora'", () => {
    expect(shouldAskForPush({ permission: "default", enabled: false, dismissedAt: null, now })).toBe(true);
    expect(shouldAskForPush({ permission: "default", enabled: false, dismissedAt: now - day, now })).toBe(
      false,
    );
    const later = now + PUSH_PROMPT_SNOOZE_DAYS * day;
    expect(shouldAskForPush({ permission: "default", enabled: false, dismissedAt: now, now: later })).toBe(
      true,
    );
  });

  it("never when already on, blocked by the browser or unsupported", () => {
    expect(shouldAskForPush({ permission: "granted", enabled: true, dismissedAt: null, now })).toBe(false);
    expect(shouldAskForPush({ permission: "denied", enabled: false, dismissedAt: null, now })).toBe(false);
    expect(shouldAskForPush({ permission: "unsupported", enabled: false, dismissedAt: null, now })).toBe(
      false,
    );
  });
});
