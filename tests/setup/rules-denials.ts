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
  if (!stack || denialsAllowed() || task.result?.state === "fail") return;
  const file = firestoreLogFile(stack.logDir);
  await flushFirestoreLog(stack.urls.firestore, file, offset);
  const denials = [...denialsSince(file, offset), ...takeBrowserDenials()];
  if (denials.length > 0) {
    throw new Error(
      `firestore.rules refused ${denials.length} request(s) this test made; production would refuse them too:\n` +
        denials.map((denial) => `  - ${denial}`).join("\n"),
    );
  }
});
