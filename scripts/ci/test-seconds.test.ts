import { describe, expect, it } from "vitest";
import { meanSeconds, secondsFromLog } from "./test-seconds.mjs";

describe("secondsFromLog", () => {
  it("reads each split layer's passed files from a run's output, colours and process prefixes included", () => {
    const log = [
      "[e2e 1] \u001b[32m✓\u001b[39m \u001b[30m\u001b[45m e2e \u001b[49m\u001b[39m tests/e2e/deal.test.ts \u001b[2m(\u001b[22m\u001b[2m1 test\u001b[22m\u001b[2m)\u001b[22m\u001b[33m 39499\u001b[2mms\u001b[22m\u001b[39m",
      "[integration 2]  ✓  integration  tests/integration/tokens.test.ts (7 tests) 12499ms",
      "[rules]  ✓  rules  tests/rules/offers.test.ts (40 tests) 9000ms",
      " ✓  ui  src/features/auth/auth-page.test.tsx (42 tests) 11239ms",
      "[e2e 2]      ✓ a test inside a file  5347ms",
      "[e2e 2]  ❯  e2e  tests/e2e/auth.test.ts (6 tests | 1 failed) 52856ms",
    ].join("\n");
    expect(secondsFromLog(log)).toEqual({
      e2e: { "tests/e2e/deal.test.ts": 39.5 },
      integration: { "tests/integration/tokens.test.ts": 12.5 },
    });
  });
});

describe("meanSeconds", () => {
  it("takes each file's mean over the runs that passed it", () => {
    const runs: Record<string, Record<string, number>>[] = [
      { e2e: { "tests/e2e/deal.test.ts": 30, "tests/e2e/auth.test.ts": 40 } },
      { e2e: { "tests/e2e/deal.test.ts": 41 }, integration: { "tests/integration/tokens.test.ts": 9.9 } },
    ];
    expect(meanSeconds(runs)).toEqual({
      e2e: { "tests/e2e/deal.test.ts": 35.5, "tests/e2e/auth.test.ts": 40 },
      integration: { "tests/integration/tokens.test.ts": 9.9 },
    });
  });
});
