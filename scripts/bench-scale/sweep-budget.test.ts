import { describe, expect, it } from "vitest";
import { readsPerDue, type SweepRow, sweepMisses, sweepTable, sweepVerdict } from "./sweep-budget";

const row = (fields: Partial<SweepRow>): SweepRow => ({
  job: "expireRequests",
  due: 50,
  notDue: 1000,
  handled: 50,
  reads: 500,
  writes: 150,
  rerunReads: 1,
  queries: 1,
  ms: 900,
  ...fields,
});

describe("sweepMisses", () => {
  it("is empty when the reads per due item stay within 10 % and a rerun reads an empty page", () => {
    expect(sweepMisses([row({}), row({ notDue: 20000, reads: 545, rerunReads: 2 })])).toEqual([]);
  });

  it("fails a job whose reads grow with the documents not due", () => {
    const misses = sweepMisses([row({ notDue: 20000, reads: 2800 }), row({})]);
    expect(misses).toHaveLength(1);
    expect(misses[0]).toMatch(/^reads\/due 10\.0 → 56\.0 \(\+460 %/);
  });

  it("fails a rerun over 2 reads a query, and a due item left unhandled", () => {
    const misses = sweepMisses([
      row({ queries: 2, rerunReads: 4 }),
      row({ notDue: 20000, queries: 2, rerunReads: 2300, handled: 49 }),
    ]);
    expect(misses).toEqual([
      "handled 49 of 50 due (20000 not due)",
      "rerun read 2300 beside 20000 not due (budget ≤ 4)",
    ]);
  });
});

describe("sweepVerdict", () => {
  it("passes every job within budget and names the sizes", () => {
    const verdict = sweepVerdict([
      row({}),
      row({ notDue: 20000 }),
      row({ job: "holdReminders", reads: 200 }),
      row({ job: "holdReminders", notDue: 20000, reads: 200 }),
    ]);
    expect(verdict.ok).toBe(true);
    expect(verdict.over).toEqual([]);
    expect(verdict.summary).toMatch(/^2 sweeps read per due item the same beside 1000 and 20000 not due/);
  });

  it("fails on one job over budget and names it alone", () => {
    const verdict = sweepVerdict([
      row({}),
      row({ notDue: 20000 }),
      row({ job: "planReminders", queries: 2, reads: 300, rerunReads: 150 }),
      row({ job: "planReminders", queries: 2, notDue: 20000, reads: 2600, rerunReads: 2450 }),
    ]);
    expect(verdict.ok).toBe(false);
    expect(verdict.over.map((entry) => entry.job)).toEqual(["planReminders"]);
    expect(verdict.summary).toMatch(/^sweeps over budget: planReminders \(reads\/due 6\.0 → 52\.0/);
  });
});

describe("sweepTable", () => {
  it("prints one Markdown row a job with its reads per due item", () => {
    const [header, , line] = sweepTable([row({ reads: 525 })]);
    expect(header).toMatch(/^\| job \| due \| not due \|/);
    expect(line).toBe("| expireRequests | 50 | 1000 | 50 | 525 | 150 | 10.5 | 1 | 900 |");
    expect(readsPerDue(row({ due: 0, reads: 3 }))).toBe(3);
  });
});
