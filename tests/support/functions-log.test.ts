import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { functionsWork, waitForFunctionsIdle } from "./functions-log";

// The Functions emulator's work queue, as it logs it at debug level in the stack's firebase-debug.log.
const state = (queued: number, running: number) =>
  `[debug] [2026-11-29T21:08:51.287Z] [work-queue] ${JSON.stringify({
    queuedWork: Array.from({ length: queued }, (_, i) => `/f/${i}`),
    queueLength: queued,
    runningWork: Array.from({ length: running }, (_, i) => `/r/${i}`),
    workRunningCount: running,
  })}\n`;

let dataDir: string;
let stack: { dataDir: string; logDir: string };

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "functions-log-"));
  stack = { dataDir, logDir: join(dataDir, "logs") };
  mkdirSync(stack.logDir);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("what the Functions emulator is doing", () => {
  it("reads the last work-queue state of the debug log: queued and running", () => {
    writeFileSync(join(dataDir, "firebase-debug.log"), state(0, 0) + state(2, 1));
    expect(functionsWork(stack).busy).toBe(3);
    appendFileSync(join(dataDir, "firebase-debug.log"), `[debug] something else\n${state(0, 0)}`);
    expect(functionsWork(stack).busy).toBe(0);
  });

  it("finds it at the end of megabytes of debug lines, or behind a megabyte of others", () => {
    const noise = `[debug] ${"x".repeat(200)}\n`.repeat(5_000);
    const log = join(dataDir, "firebase-debug.log");
    writeFileSync(log, `${state(0, 1)}${noise}${noise}${state(4, 1)}`);
    expect(functionsWork(stack).busy).toBe(5);
    appendFileSync(log, noise);
    expect(functionsWork(stack).busy).toBe(5);
  });

  it("without a debug log, counts the executions firebase.log saw begin and not finish", () => {
    writeFileSync(
      join(stack.logDir, "firebase.log"),
      'i  functions: Beginning execution of "a"\ni  functions: Beginning execution of "b"\ni  functions: Finished "a" in 3ms\n',
    );
    expect(functionsWork(stack).busy).toBe(1);
  });

  it("waits while work is queued, and answers once it is done and quiet", async () => {
    const log = join(dataDir, "firebase-debug.log");
    writeFileSync(log, state(3, 1));
    expect(await waitForFunctionsIdle(stack, { timeoutMs: 400, quietMs: 100 })).toBe(false);
    setTimeout(() => appendFileSync(log, state(0, 0)), 200);
    const started = Date.now();
    expect(await waitForFunctionsIdle(stack, { timeoutMs: 3_000, quietMs: 300 })).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });
});
