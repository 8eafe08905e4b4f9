import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { limitProblemsSince, startLimitChecks } from "../support/firestore-limits";

// Production's limits on what each test sent the emulator (tests/support/firestore-limits.ts): a query
// without its index or a document over 1 MiB or 40,000 index entries fails the test that was running
// (a trigger's late work lands on the next check), and what came after the last test fails the file.

const stack = () => {
  const info = inject("vicinoStack");
  return info?.recordsFirestore ? info : undefined;
};

const fail = (problems: string[], when: string) => {
  if (problems.length === 0) return;
  throw new Error(
    `Production would refuse what ${when} sent Firestore (the emulator does not check):\n` +
      problems.map((problem) => `  - ${problem}`).join("\n"),
  );
};

beforeAll(async () => {
  const info = stack();
  if (info) await startLimitChecks(info);
});

afterEach(async ({ task }) => {
  const info = stack();
  if (!info) return;
  const problems = await limitProblemsSince(info);
  if (task.result?.state !== "fail") fail(problems, "this test");
});

afterAll(async () => {
  const info = stack();
  if (info) fail(await limitProblemsSince(info), "this file (after its last test)");
});
