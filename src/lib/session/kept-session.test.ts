import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "@/data/auth";
import { keepDeviceSession } from "@/data/device-session";
import { stubMemoryLocalStorage } from "@/testing/memory-storage";
import { keptSession } from "./kept-session";
import { setSessionHint } from "./session-hint";
import { writeUserCopy } from "./user-copy";

// The session a page opens on before Firebase Auth has answered: only this device's valid token for
// an account whose profile it kept, checked with the domain's schema.

const anna = { uid: "anna", email: "anna@example.it", displayName: "Anna" } as AuthUser;
const profile = {
  id: "anna",
  uid: "anna",
  email: "anna@example.it",
  displayName: "Anna Neri",
  userType: "merchant",
  createdAt: new Date("2026-01-10T09:00:00Z"),
};

beforeEach(() => {
  stubMemoryLocalStorage();
  setSessionHint(true);
  keepDeviceSession(anna, "id-token", Date.now() + 3_600_000);
});
afterEach(() => vi.unstubAllGlobals());

describe("keptSession", () => {
  it("is the account and its kept profile, marked provisional, with the role's home", async () => {
    writeUserCopy("anna", profile);
    await expect(keptSession()).resolves.toMatchObject({
      loading: false,
      provisional: true,
      user: { uid: "anna" },
      userData: { displayName: "Anna Neri", userType: "merchant", isFallback: false },
      homePath: "/merchant",
    });
  });

  it("is nothing without the profile, with another account's, or with one the schema refuses", async () => {
    await expect(keptSession()).resolves.toBeNull();
    writeUserCopy("bea", { ...profile, id: "bea", uid: "bea" });
    await expect(keptSession()).resolves.toBeNull();
    writeUserCopy("anna", { ...profile, userType: "admin" });
    await expect(keptSession()).resolves.toBeNull();
  });

  it("is nothing once the browser has no session hint (signed out here)", async () => {
    writeUserCopy("anna", profile);
    setSessionHint(false);
    await expect(keptSession()).resolves.toBeNull();
  });
});
