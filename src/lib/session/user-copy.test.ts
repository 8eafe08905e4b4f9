import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEVICE_STORAGE_KEYS } from "@/domain/core/device-storage";
import { keepUserCopyOf, readUserCopy, writeUserCopy } from "./user-copy";

/** A local storage for the node test environment. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("localStorage", storage);
});
afterEach(() => vi.unstubAllGlobals());

describe("the user document kept on this device", () => {
  it("gives back what was kept, dates as dates and date-like text as text", () => {
    const createdAt = new Date("2026-11-02T10:20:30.456Z");
    writeUserCopy("anna", { displayName: "2026-11-02T10:20:30.456Z", createdAt, tokens: { balance: 5 } });
    expect(readUserCopy("anna")).toEqual({
      displayName: "2026-11-02T10:20:30.456Z",
      createdAt,
      tokens: { balance: 5 },
    });
  });

  it("is one account's only: another uid reads nothing, and sign-out or another account drops it", () => {
    writeUserCopy("anna", { displayName: "Anna" });
    expect(readUserCopy("bruno")).toBeNull();
    keepUserCopyOf("anna");
    expect(readUserCopy("anna")).toEqual({ displayName: "Anna" });
    keepUserCopyOf("bruno");
    expect(readUserCopy("anna")).toBeNull();
    writeUserCopy("anna", { displayName: "Anna" });
    keepUserCopyOf(null);
    expect(storage.items.size).toBe(0);
  });

  it("reads nothing from a damaged or foreign value, and a failing storage only loses the copy", () => {
    storage.setItem(DEVICE_STORAGE_KEYS.userCopy, "{not json");
    expect(readUserCopy("anna")).toBeNull();
    storage.setItem(DEVICE_STORAGE_KEYS.userCopy, JSON.stringify({ doc: {} }));
    expect(readUserCopy("anna")).toBeNull();
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    });
    expect(() => writeUserCopy("anna", { displayName: "Anna" })).not.toThrow();
    expect(readUserCopy("anna")).toBeNull();
    expect(() => keepUserCopyOf(null)).not.toThrow();
  });
});
