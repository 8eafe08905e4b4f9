import { describe, expect, it } from "vitest";
import { formatCappedCount } from "./capped-count.ts";

describe("formatCappedCount", () => {
  it("is exact below the cap and a lower bound from it", () => {
    expect(formatCappedCount(0)).toBe("0");
    expect(formatCappedCount(49)).toBe("49");
    expect(formatCappedCount(50)).toBe("50+");
    expect(formatCappedCount(7, 5)).toBe("5+");
  });
});
