import { describe, expect, it } from "vitest";
import { pickupTallyText, readPickupTally } from "./pickup-record";

describe("the buyer's pickup record", () => {
  it("is a plain count of the holds collected, nothing before the first", () => {
    expect(pickupTallyText({ collected: 3, missed: 0 })).toBe("3 ritiri su 3");
    expect(pickupTallyText({ collected: 1, missed: 1 })).toBe("1 ritiro su 2");
    expect(pickupTallyText({ collected: 0, missed: 0 })).toBeNull();
    expect(pickupTallyText(undefined)).toBeNull();
    expect(readPickupTally(undefined)).toEqual({ collected: 0, missed: 0 });
    expect(readPickupTally({ collected: 2, missed: "x" })).toEqual({ collected: 2, missed: 0 });
  });
});
