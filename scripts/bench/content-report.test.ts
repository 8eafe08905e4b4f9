import { describe, expect, it } from "vitest";
import { type ContentResult, contentTable, median, pageStatus, runsLine, verdict } from "./content-report";

const within: ContentResult = {
  page: "/customer",
  data: "a request title",
  cold: [2_400, 2_100, 2_900],
  warm: [900, 1_100, 1_000],
};
const slowWarm: ContentResult = {
  page: "/messages",
  data: "a conversation row",
  cold: [2_500, 2_600, 2_700],
  warm: [1_400, 1_700, 1_600],
};
const slowCold: ContentResult = {
  page: "/browse",
  data: "a feed card",
  cold: [3_200, 2_800, 3_100],
  warm: [800, 800, 900],
};
const neverShown: ContentResult = {
  page: "/merchant",
  data: "a nearby request",
  cold: [2_000],
  warm: [],
  failure: "run 1 warm: the data was not on screen after 20 s",
};

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeUndefined();
  });
});

describe("the budget (warm ≤ 1.5 s, cold ≤ 3 s, on the medians)", () => {
  it("passes pages whose medians are within both limits, the limits included", () => {
    expect(pageStatus(within)).toBe("ok");
    expect(pageStatus({ ...within, cold: [3_000], warm: [1_500] })).toBe("ok");
    const result = verdict([within]);
    expect(result.ok).toBe(true);
    expect(result.line).toMatch(/^content: OK/);
  });

  it("fails a page over either limit, naming it", () => {
    expect(pageStatus(slowWarm)).toBe("over");
    expect(pageStatus(slowCold)).toBe("over");
    const result = verdict([within, slowWarm, slowCold]);
    expect(result.ok).toBe(false);
    expect(result.over).toEqual(["/messages", "/browse"]);
    expect(result.line).toMatch(/^content: OVER BUDGET .*: \/messages, \/browse$/);
  });

  it("never gives a number to a page that could not be measured, and fails the run", () => {
    expect(pageStatus(neverShown)).toBe("unmeasured");
    const result = verdict([within, neverShown]);
    expect(result.ok).toBe(false);
    expect(result.unmeasured).toEqual(["/merchant"]);
    expect(result.line).toBe("content: NOT MEASURED: /merchant");
    expect(verdict([]).ok).toBe(false);
  });
});

describe("contentTable", () => {
  it("shows the medians, the runs and whether each page is within budget", () => {
    const lines = contentTable([within, slowWarm, neverShown], 3).split("\n");
    expect(lines[0]).toMatch(/^\| Page +\| Data on screen +\| Cold \(median\) \| Warm \(median\) \| Runs \|/);
    expect(lines[2]).toMatch(/\| \/customer .*\| +2\.40 s \| +1\.00 s \| +3\/3 \| yes +\|$/);
    expect(lines[3]).toMatch(/\| \/messages .*\| +2\.60 s \| +1\.60 s \| +3\/3 \| NO +\|$/);
    expect(lines[4]).toMatch(/\| \/merchant .*\| +— \| +— \| +0\/3 \| NOT MEASURED \|$/);
  });

  it("lists every run under the table, with the reason a page was not measured", () => {
    expect(runsLine(neverShown)).toBe(
      "/merchant: cold 2.00 s; warm — — run 1 warm: the data was not on screen after 20 s",
    );
  });
});
