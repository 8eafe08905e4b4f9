import { afterEach, beforeEach } from "vitest";
import { resetAccessibilityReports, takeAccessibilityReports } from "../support/axe";

// A serious or critical axe violation on any page a test opened fails that test (tests/support/axe.ts).
beforeEach(() => {
  resetAccessibilityReports();
});

afterEach(async ({ task }) => {
  const reports = await takeAccessibilityReports();
  if (reports.length === 0 || task.result?.state === "fail") return;
  throw new Error(
    `axe found serious or critical WCAG 2 A/AA violations on the pages of this test:\n${reports.join("\n")}`,
  );
});
