import { afterEach, describe, expect, it, vi } from "vitest";

const db = vi.hoisted(() => ({ name: "lite" }));
vi.mock("firebase/firestore/lite", () => ({
  getFirestore: vi.fn(() => db),
  connectFirestoreEmulator: vi.fn(),
}));
vi.mock("./firebase", () => ({
  getFirebaseApp: vi.fn(async () => ({})),
  getReadyAuth: vi.fn(async () => ({})),
}));

const { getLiteDb } = await import("./firestore-lite");
const { getFirestore } = await import("firebase/firestore/lite");

afterEach(() => vi.unstubAllGlobals());

describe("getLiteDb", () => {
  it("builds the instance once and hands it over in a task of its own to each read", async () => {
    const order: string[] = [];
    vi.stubGlobal("scheduler", {
      yield: async () => {
        order.push("yield");
      },
    });
    const reads = ["a", "b", "c"].map((name) =>
      getLiteDb().then((got) => {
        order.push(`read ${name}`);
        return got;
      }),
    );
    const got: unknown[] = await Promise.all(reads);
    expect(got).toEqual([db, db, db]);
    expect(got.every((instance) => instance === db)).toBe(true);
    expect(getFirestore).toHaveBeenCalledTimes(1);
    // Every read waited for a yield of its own.
    expect(order.filter((entry) => entry === "yield")).toHaveLength(3);
    expect(order.indexOf("yield")).toBeLessThan(order.indexOf("read a"));
  });
});
