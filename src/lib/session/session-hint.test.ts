import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import { stubMemoryLocalStorage } from "@/testing/memory-storage";
import { keptTokenUid, setSessionHint } from "./session-hint";

// What the first chunk reads of the kept token: the account, only with a session hint and time left.

beforeEach(() => {
  stubMemoryLocalStorage();
});
afterEach(() => vi.unstubAllGlobals());

const note = (expiresAt: number) =>
  localStorage.setItem(
    DEVICE_STORAGE_KEYS.deviceSession,
    JSON.stringify({ user: { uid: "anna" }, idToken: "t", expiresAt }),
  );

describe("keptTokenUid", () => {
  it("names the kept account while its token has more than two minutes left and a session is expected", () => {
    const now = Date.now();
    note(now + 10 * 60_000);
    expect(keptTokenUid(now)).toBeUndefined(); // no session hint: signed out on this browser
    setSessionHint(true);
    expect(keptTokenUid(now)).toBe("anna");
    expect(keptTokenUid(now + 9 * 60_000)).toBeUndefined();
  });

  it("reads nothing from a broken note", () => {
    setSessionHint(true);
    localStorage.setItem(DEVICE_STORAGE_KEYS.deviceSession, "{");
    expect(keptTokenUid()).toBeUndefined();
  });
});
