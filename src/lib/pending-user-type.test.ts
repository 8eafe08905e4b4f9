import { afterEach, describe, expect, it, vi } from "vitest";
import { PENDING_USER_TYPE_STORAGE_KEY } from "@/domain/core/user-type";
import { clearPendingUserType, getPendingUserType, setPendingUserType } from "./pending-user-type";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException("Accesso negato", "SecurityError");
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("pending user type", () => {
  it("stores, reads and clears the chosen type under the domain key", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    expect(setPendingUserType("merchant")).toBe(true);
    expect(storage.getItem(PENDING_USER_TYPE_STORAGE_KEY)).toBe("merchant");
    expect(getPendingUserType()).toBe("merchant");
    clearPendingUserType();
    expect(storage.getItem(PENDING_USER_TYPE_STORAGE_KEY)).toBeNull();
  });

  it("defaults to customer when nothing or garbage is stored", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    expect(getPendingUserType()).toBe("customer");
    storage.setItem(PENDING_USER_TYPE_STORAGE_KEY, "admin");
    expect(getPendingUserType()).toBe("customer");
  });

  it("survives a storage that throws (private mode, blocked cookies)", () => {
    vi.stubGlobal("localStorage", throwingStorage());
    expect(setPendingUserType("merchant")).toBe(false);
    expect(getPendingUserType()).toBe("customer");
    expect(() => clearPendingUserType()).not.toThrow();
  });

  it("survives a missing storage", () => {
    vi.stubGlobal("localStorage", undefined);
    expect(setPendingUserType("customer")).toBe(false);
    expect(getPendingUserType()).toBe("customer");
    expect(() => clearPendingUserType()).not.toThrow();
  });

  it("survives a storage whose very access throws", () => {
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("Accesso negato", "SecurityError");
      },
    });
    try {
      expect(setPendingUserType("merchant")).toBe(false);
      expect(getPendingUserType()).toBe("customer");
    } finally {
      Reflect.deleteProperty(globalThis, "localStorage");
    }
  });
});
