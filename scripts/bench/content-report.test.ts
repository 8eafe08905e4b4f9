import { describe, expect, it } from "vitest";
import {
  type ContentResult,
  contentTable,
  median,
  pageStatus,
  type ReferenceTimes,
  runsLine,
  verdict,
} from "./content-report";

/** `/` in the same run: every page is judged against it too (cold ≤ 1.6 ×, warm ≤ 2 ×). */
const reference: ReferenceTimes = { cold: 1_600, warm: 600 };

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

describe("the budget (cold ≤ 3 s and ≤ 1.6 × /, warm ≤ 1.5 s and ≤ 2 × /, on the medians)", () => {
  it("passes pages whose medians are within every limit, the limits included", () => {
    expect(pageStatus(within, reference)).toBe("ok");
    expect(pageStatus({ ...within, cold: [2_560], warm: [1_200] }, reference)).toBe("ok");
    expect(pageStatus({ ...within, cold: [3_000], warm: [1_500] }, { cold: 2_000, warm: 800 })).toBe("ok");
    const result = verdict([within], reference);
    expect(result.ok).toBe(true);
    expect(result.line).toMatch(/^content: OK, 1 pages within budget \(.*\/ cold 1\.60 s, warm 0\.60 s\)$/);
  });

  it("fails a page over either absolute limit, naming it", () => {
    const slowHost = { cold: 2_500, warm: 1_000 };
    expect(pageStatus(slowWarm, slowHost)).toBe("over");
    expect(pageStatus(slowCold, slowHost)).toBe("over");
    const result = verdict([within, slowWarm, slowCold], slowHost);
    expect(result.ok).toBe(false);
    expect(result.over).toEqual(["/messages", "/browse"]);
    expect(result.line).toMatch(/^content: OVER BUDGET .*: \/messages, \/browse$/);
  });

  it("fails a page within the absolute limits but too slow beside the same run's /", () => {
    // A fast host: / in 1.2 s cold, 0.5 s warm. /customer's 2.40 s cold is 2 × /.
    const fastHost = { cold: 1_200, warm: 500 };
    expect(pageStatus(within, fastHost)).toBe("over");
    expect(pageStatus({ ...within, cold: [1_900] }, fastHost)).toBe("ok");
    expect(pageStatus({ ...within, cold: [1_900], warm: [1_100] }, fastHost)).toBe("over");
    expect(verdict([within], fastHost).over).toEqual(["/customer"]);
  });

  it("never gives a number to a page that could not be measured, and fails the run", () => {
    expect(pageStatus(neverShown, reference)).toBe("unmeasured");
    const result = verdict([within, neverShown], reference);
    expect(result.ok).toBe(false);
    expect(result.unmeasured).toEqual(["/merchant"]);
    expect(result.line).toBe("content: NOT MEASURED: /merchant");
    expect(verdict([], reference).ok).toBe(false);
  });
});

describe("contentTable", () => {
  it("shows the medians, the runs and whether each page is within budget", () => {
    const lines = contentTable([within, slowWarm, neverShown], 3, reference).split("\n");
    expect(lines[0]).toMatch(/^\| Page +\| Data on screen +\| +Cold \(× \/\) \| +Warm \(× \/\) \| Runs \|/);
    expect(lines[2]).toMatch(
      /\| \/customer .*\| +2\.40 s \(1\.50 ×\) \| +1\.00 s \(1\.67 ×\) \| +3\/3 \| yes +\|$/,
    );
    expect(lines[3]).toMatch(
      /\| \/messages .*\| +2\.60 s \(1\.63 ×\) \| +1\.60 s \(2\.67 ×\) \| +3\/3 \| NO +\|$/,
    );
    expect(lines[4]).toMatch(/\| \/merchant .*\| +— \| +— \| +0\/3 \| NOT MEASURED \|$/);
  });

  it("lists every run under the table, with the reason a page was not measured", () => {
    expect(runsLine(neverShown)).toBe(
      "/merchant: cold 2.00 s; warm — — run 1 warm: the data was not on screen after 20 s",
    );
  });
});
