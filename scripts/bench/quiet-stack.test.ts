import { describe, expect, it } from "vitest";
import { descendantsOf } from "./quiet-stack";

describe("descendantsOf", () => {
  it("finds children and grandchildren, not the root, its parent or unrelated processes", () => {
    // 1 → 10 (the bench) → 20 (firebase) → 21 (java), 22; 10 → 30 (maildev); 1 → 40 (unrelated).
    const parentOf = new Map([
      [10, 1],
      [20, 10],
      [21, 20],
      [22, 20],
      [30, 10],
      [40, 1],
    ]);
    expect(descendantsOf(10, parentOf).sort((a, b) => a - b)).toEqual([20, 21, 22, 30]);
    expect(descendantsOf(21, parentOf)).toEqual([]);
  });
});
