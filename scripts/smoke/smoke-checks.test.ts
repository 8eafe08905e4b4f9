import { describe, expect, it } from "vitest";
import { headerMismatches, smokeReport } from "./smoke-checks";

describe("the smoke test's verdict", () => {
  it("names each header Hosting lacks or sends with another value", () => {
    expect(
      headerMismatches(
        { "content-security-policy": "default-src 'self'", "x-content-type-options": "nosniff" },
        { "content-security-policy": "default-src *" },
      ),
    ).toEqual([
      `content-security-policy is "default-src *", firebase.json says "default-src 'self'"`,
      "x-content-type-options missing",
    ]);
    expect(headerMismatches({ a: "1" }, { a: "1", b: "2" })).toEqual([]);
  });

  it("fails when any check failed, and when no check ran", () => {
    const passed = { check: "account", ok: true, detail: "ok" };
    const failed = { check: "queued task ran", ok: false, detail: "not stamped" };
    expect(smokeReport("x", [passed]).ok).toBe(true);
    expect(smokeReport("x", [passed]).lines.at(-1)).toBe("smoke: OK");
    const report = smokeReport("x", [passed, failed]);
    expect(report.ok).toBe(false);
    expect(report.lines).toContain("  ✖ queued task ran: not stamped");
    expect(report.lines.at(-1)).toBe("smoke: FAILED");
    expect(smokeReport("x", []).ok).toBe(false);
  });
});
