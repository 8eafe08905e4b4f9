import { describe, expect, it } from "vitest";
import { calibrationText, fixedSlowdown, MID_TIER_PHONE, slowdownFor } from "./cpu-calibration";

describe("slowdownFor: the multiplier that brings the host to the target phone", () => {
  it("divides the host's BenchmarkIndex by the phone's, to one decimal", () => {
    // Two hosts: a quiet one and one a third slower; each lands on the same phone.
    expect(slowdownFor(3_668)).toBe(3.7);
    expect(slowdownFor(2_264)).toBe(2.3);
    expect(slowdownFor(1_000)).toBe(1);
    expect(slowdownFor(1_000, { label: "low-tier phone", benchmarkIndex: 264 })).toBe(3.8);
  });

  it("never speeds a slow host up, never slows a fast one past 20×", () => {
    expect(slowdownFor(600)).toBe(1);
    expect(slowdownFor(50_000)).toBe(20);
  });

  it("refuses an index that is no measurement", () => {
    expect(() => slowdownFor(0)).toThrow(/BenchmarkIndex/);
    expect(() => slowdownFor(Number.NaN)).toThrow(/BenchmarkIndex/);
  });
});

describe("fixedSlowdown (BENCH_CPU_SLOWDOWN)", () => {
  it("is unset by default and takes a number of at least 1", () => {
    expect(fixedSlowdown(undefined)).toBeUndefined();
    expect(fixedSlowdown("")).toBeUndefined();
    expect(fixedSlowdown("4")).toBe(4);
    expect(() => fixedSlowdown("0.5")).toThrow(/BENCH_CPU_SLOWDOWN/);
    expect(() => fixedSlowdown("fast")).toThrow(/BENCH_CPU_SLOWDOWN/);
  });
});

describe("calibrationText", () => {
  it("names the host's index, the multiplier and the phone it emulates", () => {
    const calibration = { hostIndex: 2_264.4, samples: [2_264.4], target: MID_TIER_PHONE, slowdown: 2.3 };
    expect(calibrationText({ ...calibration, fixed: false })).toBe(
      "host BenchmarkIndex 2,264, CPU slowdown 2.3× (to a mid-tier phone (Pixel 5 class) at 1,000)",
    );
    expect(calibrationText({ ...calibration, slowdown: 4, fixed: true })).toBe(
      "host BenchmarkIndex 2,264, CPU slowdown 4× (fixed by BENCH_CPU_SLOWDOWN)",
    );
  });
});
