import { vi } from "vitest";

/**
 * Replaces `localStorage` with an empty in-memory one for the test (undone by `vi.unstubAllGlobals`):
 * the device's notes (session hint, token note, user copy) start from nothing in each test.
 */
export function stubMemoryLocalStorage(): void {
  const items = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
}
