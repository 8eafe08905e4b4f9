import { describe, expect, it } from "vitest";
import { MID_TIER_PHONE } from "./cpu-calibration";
import type { PageResult, Run } from "./lighthouse-budget";
import {
  details,
  docText,
  PAGE_HEADER,
  pageRows,
  shownPath,
  tableRows,
  warningLines,
} from "./lighthouse-report";

function run(score: number, lcp: number, tbt: number, cls: number, warnings: string[] = []): Run {
  return {
    values: { score, lcp, tbt, cls },
    fcp: 1400,
    speedIndex: 1400,
    lcpElement: "h1",
    benchmarkIndex: 3600,
    finalUrl: "https://127.0.0.1/customer",
    load: 1.2,
    warnings,
  };
}

const INDEXEDDB_WARNING =
  "There may be stored data affecting loading performance in this location: IndexedDB. Audit this page in an incognito window to prevent those resources from affecting your scores.";

describe("the doc's Lighthouse table (docs/lighthouse.md)", () => {
  it("gives each page one row: every metric's median with the runs' range, and the page's verdict", () => {
    const pages: PageResult[] = [
      {
        path: "/customer",
        note: "signed in",
        runs: [run(100, 1350, 0, 0.001), run(99, 1400, 44, 0.021), run(100, 1450, 9, 0.001)],
      },
      {
        path: "/merchant",
        note: "signed in",
        runs: [run(94, 1400, 160, 0), run(96, 1420, 170, 0), run(99, 1410, 50, 0)],
      },
    ];
    expect(PAGE_HEADER).toEqual([
      "Page",
      "Performance (≥ 95)",
      "LCP (≤ 2.00 s)",
      "TBT (≤ 150 ms)",
      "CLS (≤ 0.050)",
      "Result",
    ]);
    expect(pageRows(pages)).toEqual([
      [
        "/customer",
        "100 (99–100)",
        "1.40 s (1.35 s–1.45 s)",
        "9 ms (0 ms–44 ms)",
        "0.001 (0.001–0.021)",
        "PASS",
      ],
      [
        "/merchant",
        "96 (94–99)",
        "1.41 s (1.40 s–1.42 s)",
        "160 ms (50 ms–170 ms)",
        "0.000 (0.000–0.000)",
        "FAIL",
      ],
    ]);
  });

  it("names a conversation by its route, not its demo id", () => {
    expect(shownPath("/messages/demo-req-caricatore_demo-negozio-1")).toBe("/messages/:id");
    expect(shownPath("/messages")).toBe("/messages");
    expect(shownPath("/")).toBe("/");
  });

  it("leaves out the IndexedDB warning every signed-in run gets, and keeps any other", () => {
    const page: PageResult = {
      path: "/messages",
      note: "signed in",
      runs: [run(100, 1400, 0, 0, [INDEXEDDB_WARNING, "The page loaded too slowly."]), run(100, 1400, 0, 0)],
    };
    const [line] = details([page]);
    expect(line).toContain('Lighthouse warned: "The page loaded too slowly."');
    expect(line).not.toContain("IndexedDB");
    expect(
      warningLines([page, { ...page, path: "/browse", runs: [run(100, 1400, 0, 0, [INDEXEDDB_WARNING])] }]),
    ).toEqual(['Lighthouse warned on `/messages`: "The page loaded too slowly."']);
  });

  it("writes the budget table and the host's line, and leaves the per-page details to the console", () => {
    const pages: PageResult[] = [
      { path: "/", note: "signed out", runs: [run(100, 1400, 0, 0)] },
      {
        path: "/messages",
        note: "signed in",
        runs: [run(100, 1400, 20, 0, ["The page loaded too slowly."])],
      },
    ];
    const calibration = {
      hostIndex: 3000,
      samples: [3000],
      target: MID_TIER_PHONE,
      slowdown: 3,
      fixed: false,
    };
    const text = docText(pages, tableRows(pages), "156.0", "HOST LINE", calibration);
    expect(text).toContain("| /messages |");
    expect(text).toContain(
      '\nHOST LINE\nLighthouse warned on `/messages`: "The page loaded too slowly."\n\n## Method',
    );
    expect(text).not.toContain("LCP element h1");
    expect(text).not.toContain("Reference TBT: start · end");
  });
});
