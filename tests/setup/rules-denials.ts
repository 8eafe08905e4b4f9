import { afterEach, beforeEach, inject } from "vitest";
import {
  denialsAllowed,
  denialsSince,
  firestoreLogFile,
  flushFirestoreLog,
  logSize,
  resetDenialsAllowed,
  takeBrowserDenials,
} from "../support/rules-denials";

// A request the rules refuse fails the test that made it (see tests/support/rules-denials.ts).
let offset = 0;

beforeEach(() => {
  resetDenialsAllowed();
  takeBrowserDenials();
  const logDir = inject("vicinoStack")?.logDir;
  offset = logDir ? logSize(firestoreLogFile(logDir)) : 0;
});

afterEach(async ({ task }) => {
  const stack = inject("vicinoStack");
  if (!stack) return;
  const file = firestoreLogFile(stack.logDir);
  // Flushed even when this test's refusals are expected or it failed: the emulator writes its log a
  // little late, and refusals logged after the next test's beforeEach would be charged to that test.
  const failed = task.result?.state === "fail";
  const flushed = flushFirestoreLog(stack.urls.firestore, file, offset);
  // A failed test keeps its own error, not a slow log's.
  await (failed ? flushed.catch(() => undefined) : flushed);
  if (denialsAllowed() || failed) return;
  const denials = [...denialsSince(file, offset), ...takeBrowserDenials()];
  if (denials.length > 0) {
    throw new Error(
      `firestore.rules refused ${denials.length} request(s) this test made; production would refuse them too:\n` +
        denials.map((denial) => `  - ${denial}`).join("\n"),
    );
  }
});
