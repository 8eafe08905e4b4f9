import { describe, expect, it } from "vitest";
import type { PageResult, Run } from "./lighthouse-budget";
import { hostLine, referenceRows, referenceText } from "./lighthouse-reference";

function run(tbt: number, load: number, blocking?: Run["blocking"]): Run {
  return {
    ...(blocking ? { blocking } : {}),
    values: { score: 1, lcp: 1500, tbt, cls: 0 },
    fcp: 1400,
    speedIndex: 1400,
    lcpElement: "h1",
    benchmarkIndex: 2800,
    finalUrl: "https://127.0.0.1/",
    load,
    warnings: [],
  };
}

const page = (path: string, tbts: number[], load = 1.5): PageResult => ({
  path,
  note: "signed out",
  runs: tbts.map((tbt, index) =>
    run(tbt, load + index / 10, { fromWallTime: tbt * 2, fromCpuTime: tbt / 5 }),
  ),
});

describe("every page's TBT beside the reference's", () => {
  const home = page("/", [0, 30, 10]);
  const merchant = page("/merchant", [400, 120, 250], 3);
  const end = page("/", [60, 90, 80]);

  it("gives each page its median TBT and the reference's at the start and at the end of the run", () => {
    expect(referenceRows([home, merchant], end)).toEqual([
      ["/", "10 ms", "10 ms · 80 ms", "1.5–1.7", "20 ms · 2 ms"],
      ["/merchant", "250 ms", "10 ms · 80 ms", "3.0–3.2", "500 ms · 50 ms"],
    ]);
  });

  it("puts the medians of the main thread's blocking from wall and CPU time beside them, when the traces had it", () => {
    const untraced: PageResult = { path: "/auth", note: "", runs: [run(90, 1)] };
    const partly: PageResult = {
      path: "/browse",
      note: "",
      runs: [run(90, 1), run(100, 1, { fromWallTime: 300, fromCpuTime: 40 })],
    };
    const rows = referenceRows([home, untraced, partly], end);
    expect(rows[1]?.[4]).toBe("—");
    expect(rows[2]?.[4]).toBe("300 ms · 40 ms");
  });

  it("says when the run has no end measurement, and has no rows without pages", () => {
    expect(referenceRows([home, merchant], undefined)[1]?.[2]).toBe("10 ms · —");
    expect(referenceRows([], end)).toEqual([]);
  });

  it("prints the rows under a header for the console", () => {
    const rows = referenceRows([home, merchant], end);
    expect(referenceText(rows).split("\n")[0]).toMatch(/^Page\s+TBT \(median\)\s+Reference TBT: start · end/);
    expect(referenceText(rows)).toContain("/merchant  250 ms");
  });

  it("gives the doc one line: the reference at the start and the end, and the load over every run", () => {
    expect(hostLine([home, merchant], end)).toBe(
      "Reference `/` (signed out: no data, no session) TBT at the run's start · end: 10 ms · 80 ms; " +
        "machine load average 1.5–3.2 during the runs. A slow host shows as a slow reference.",
    );
    expect(hostLine([home], undefined)).toContain("10 ms · —");
    expect(hostLine([], end)).toBe("");
  });
});
