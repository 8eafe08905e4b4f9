import { describe, expect, it } from "vitest";
import { NIGHT_RUNS, type ReconcilerRow, reconcilerVerdict } from "./reconcilers";

const row = (fields: Partial<ReconcilerRow>): ReconcilerRow => ({
  job: "reconcileMarket",
  unit: "request",
  units: 500,
  reads: 3_000,
  calls: 600,
  lanes: 10,
  ms: 1_000,
  cutRuns: 5,
  sameResult: true,
  nationalUnits: 280_000,
  ...fields,
});

describe("reconcilerVerdict", () => {
  it("projects the national round trips over the job's lanes against the night's runs", () => {
    // 1.2 round trips a request, 10 at once at 50 ms: 280,000 requests take 1,680 s of a 6 × 360 s night.
    const verdict = reconcilerVerdict(row({}));
    expect(verdict.projectedS).toBeCloseTo(1680);
    expect(verdict.nightS).toBe(NIGHT_RUNS * 360);
    expect(verdict.misses).toEqual([]);
  });

  it("fails a night too short, a cut run that lost work, and a budget that never cut", () => {
    expect(reconcilerVerdict(row({ lanes: 5 })).misses).toEqual([
      `national work ~3360 s of round trips, the night has ${NIGHT_RUNS * 360} s`,
    ]);
    expect(reconcilerVerdict(row({ sameResult: false, cutRuns: 1 })).misses).toEqual([
      "the runs cut by their budget did not end with the whole run's documents ()",
      "the budget never cut a run: resumption was not exercised",
    ]);
  });
});
