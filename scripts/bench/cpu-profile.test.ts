import { describe, expect, it } from "vitest";
import { sampleWeights } from "./cpu-profile";

describe("sampleWeights", () => {
  it("weighs each sample by the time since the one before it", () => {
    expect(sampleWeights([100, 120, 90])).toEqual([
      { ms: 0.1, afterGap: false },
      { ms: 0.12, afterGap: false },
      { ms: 0.09, afterGap: false },
    ]);
  });

  it("counts a sample after seconds without any as one usual interval, after a gap", () => {
    // A page busy, then asleep for 4 s, then busy again: the sample after the gap is not 4 s of work.
    expect(sampleWeights([100, 100, 4_000_000, 100])).toEqual([
      { ms: 0.1, afterGap: false },
      { ms: 0.1, afterGap: false },
      { ms: 0.1, afterGap: true },
      { ms: 0.1, afterGap: false },
    ]);
  });

  it("takes no delta under 5 ms for a gap, however regular the sampling", () => {
    expect(sampleWeights([100, 100, 4_000]).map((weight) => weight.afterGap)).toEqual([false, false, false]);
    expect(sampleWeights([])).toEqual([]);
  });
});
