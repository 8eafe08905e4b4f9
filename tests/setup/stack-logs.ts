import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, inject } from "vitest";
import { takeConsoleLines } from "../support/browser";

/**
 * The stack's services stay quiet in test output (no Functions emulator DEBUG lines, no Firestore
 * request log); when a test fails, the last lines of each service's log are printed under it.
 * Firestore's log is mostly one routine line per connection: only what says something is kept
 * (denials, errors, warnings).
 */
const TAIL_LINES = 40;

const routine: Record<string, RegExp> = {
  firestore: /Detected non-HTTP\/2 connection|HttpVersionRoutingHandler channelRead|^\s+at /,
  firebase: /"severity":"DEBUG"/,
};

beforeEach(() => {
  takeConsoleLines();
});

afterEach(({ task }) => {
  const consoleLines = takeConsoleLines();
  if (task.result?.state !== "fail") return;
  if (consoleLines.length > 0) {
    process.stderr.write(
      `\n--- browser console (${consoleLines.length} messages) ---\n${consoleLines.join("\n")}\n`,
    );
  }
  const logDir = inject("vicinoStack")?.logDir;
  if (!logDir) return;
  for (const service of ["firebase", "firestore"]) {
    const file = join(logDir, `${service}.log`);
    if (!existsSync(file)) continue;
    const noise = routine[service];
    const lines = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .filter((line) => !noise?.test(line))
      .filter(
        (line, index, all) =>
          !/^\w{3} \d{1,2}, \d{4} /.test(line) || !/^\w{3} \d{1,2}, \d{4} /.test(all[index + 1] ?? "x"),
      )
      .slice(-TAIL_LINES);
    process.stderr.write(
      `\n--- ${service}: last ${lines.length} lines of ${file} ---\n${lines.join("\n")}\n`,
    );
  }
});
