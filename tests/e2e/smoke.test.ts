import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localSmokeTarget } from "../../scripts/smoke/local-target";
import { runSmoke, SMOKE_SCHEDULED_JOB, smokeReport } from "../../scripts/smoke/smoke-checks";
import type { SmokeTarget } from "../../scripts/smoke/smoke-target";
import { COLLECTIONS } from "../../src/domain/core/collections";
import { expectRulesDenials } from "../support/rules-denials";
import { startStack, stopStack, type TestStack } from "../support/stack";

// `npm run smoke` is the first deploy's check (docs/operations.md); here it runs against the emulators,
// every check as it runs after a deploy, so the script stays true.

let stack: TestStack;
let target: SmokeTarget;

beforeAll(async () => {
  stack = await startStack();
  target = await localSmokeTarget({ projectId: stack.projectId, hosts: stack.hosts });
});

afterAll(async () => {
  await target?.close();
  await stopStack();
});

describe("npm run smoke against the emulators", () => {
  it("passes every check and leaves neither its account nor its run behind", async () => {
    // The smoke test's own rules refusal (a signed-in read of smokeRuns) is one of its checks.
    expectRulesDenials();
    const results = await runSmoke(target);
    const report = smokeReport(target.label, results);
    expect(report.lines.at(-1), report.lines.join("\n")).toBe("smoke: OK");
    expect(results.map((result) => result.check)).toEqual([
      "account",
      "callable without App Check is refused",
      "callable through App Check",
      "rules refuse a signed-in read of a closed collection",
      "queued task ran",
      `scheduled job ${SMOKE_SCHEDULED_JOB} run on demand`,
      "Hosting headers",
    ]);
    const uid = results[0]?.detail.split(" ")[2] ?? "";
    await expect(target.adminAuth.getUser(uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
    expect((await target.adminDb.collection(COLLECTIONS.smokeRuns).limit(1).get()).empty).toBe(true);
  });
});
