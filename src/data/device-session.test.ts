import { beforeEach, describe, expect, it, vi } from "vitest";
import { stubMemoryLocalStorage } from "@/testing/memory-storage";
import type { AuthUser } from "./auth";
import {
  clearDeviceSession,
  keepAppCheckToken,
  keepDeviceSession,
  validDeviceSession,
} from "./device-session";

// The token note the first reads over REST use (src/lib/first-read.ts): used only while valid for a
// while, with App Check's token on a real project, and the App Check token kept across sign-outs.

const anna = { uid: "anna", email: "anna@example.it" } as AuthUser;
const now = Date.parse("2026-11-30T10:00:00Z");
const HOUR = 3_600_000;

beforeEach(() => {
  stubMemoryLocalStorage();
  return () => vi.unstubAllGlobals();
});

describe("validDeviceSession", () => {
  it("gives the account and its token while more than two minutes are left, then nothing", () => {
    keepDeviceSession(anna, "id-token", now + 3 * 60_000);
    expect(validDeviceSession(now, false)).toEqual({
      user: anna,
      idToken: "id-token",
      expiresAt: now + 180_000,
    });
    expect(validDeviceSession(now + 61_000, false)).toBeNull();
  });

  it("on a real project, only with an App Check token that is valid too", () => {
    keepDeviceSession(anna, "id-token", now + HOUR);
    expect(validDeviceSession(now, true)).toBeNull();
    keepAppCheckToken("app-check", now + HOUR);
    expect(validDeviceSession(now, true)?.appCheck).toEqual({ token: "app-check", expiresAt: now + HOUR });
    expect(validDeviceSession(now + HOUR - 60_000, true)).toBeNull();
  });

  it("reads nothing from a note that is not one (another app's value, broken JSON)", () => {
    localStorage.setItem("vicino.deviceSession", "{not json");
    expect(validDeviceSession(now, false)).toBeNull();
    localStorage.setItem(
      "vicino.deviceSession",
      JSON.stringify({ user: { uid: 1 }, idToken: "x", expiresAt: now + HOUR }),
    );
    expect(validDeviceSession(now, false)).toBeNull();
  });
});

describe("sign-out", () => {
  it("drops the account's part and keeps the device's App Check token", () => {
    keepAppCheckToken("app-check", now + HOUR);
    keepDeviceSession(anna, "id-token", now + HOUR);
    clearDeviceSession();
    expect(validDeviceSession(now, false)).toBeNull();
    keepDeviceSession({ ...anna, uid: "bea" }, "bea-token", now + HOUR);
    expect(validDeviceSession(now, true)).toMatchObject({
      user: { uid: "bea" },
      appCheck: { token: "app-check" },
    });
  });
});
