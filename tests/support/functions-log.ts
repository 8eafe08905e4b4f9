import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import type { StackInfo } from "./stack";

/**
 * What the functions logged on the test stack: the Functions emulator prints each structured log line
 * of a function as `>  {json}` in firebase.log (the stack's output, `npm start` shows the same lines).
 */
export type FunctionLogEntry = Record<string, unknown>;

export function functionLogEntries(
  stack: Pick<StackInfo, "logDir">,
): { raw: string; entry: FunctionLogEntry }[] {
  const file = join(stack.logDir, "firebase.log");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      const json = /^>\s+(\{.*\})\s*$/.exec(line)?.[1];
      if (!json) return [];
      try {
        return [{ raw: json, entry: JSON.parse(json) as FunctionLogEntry }];
      } catch {
        return [];
      }
    });
}

/** The log entries matching `predicate`, once there are `count` of them (polls firebase.log). */
export async function waitForFunctionLog(
  stack: Pick<StackInfo, "logDir">,
  predicate: (entry: FunctionLogEntry) => boolean,
  { count = 1, timeoutMs = 60_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<{ raw: string; entry: FunctionLogEntry }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = functionLogEntries(stack).filter(({ entry }) => predicate(entry));
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(`firebase.log: ${found.length} of ${count} matching log lines after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The Functions emulator's own debug log (its working folder is the stack's: a generated firebase.json). */
const DEBUG_LOG = "firebase-debug.log";
/** How much of the debug log's end is read for its last work-queue line (it grows to megabytes). */
const DEBUG_TAIL_BYTES = 256 * 1024;
const WORK_QUEUE_LINE = /\[work-queue\] (\{.*\})\s*$/;

/** The last work-queue state in the log's last `tailBytes` (the whole log when it is not there). */
function lastWorkQueueLine(file: string, tailBytes = DEBUG_TAIL_BYTES): string | undefined {
  const size = statSync(file).size;
  const length = Math.min(size, tailBytes);
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, "r");
  try {
    readSync(fd, buffer, 0, length, size - length);
  } finally {
    closeSync(fd);
  }
  const lines = buffer.toString("utf8").split("\n");
  for (let index = lines.length - 1; index >= 0; index--) {
    const json = WORK_QUEUE_LINE.exec(lines[index] ?? "")?.[1];
    if (json) return json;
  }
  return length < size ? lastWorkQueueLine(file, size) : undefined;
}

/**
 * What the Functions emulator is doing: the executions queued and running, from the last state its work
 * queue logged (at debug level, in the stack's firebase-debug.log), with that line as `mark` (it changes
 * with every execution queued, begun or ended): it also sees work queued behind a busy worker, which
 * firebase.log's "Beginning execution" lines do not. Without a debug log (a stack in the repository's
 * folder), the begun and finished lines of firebase.log are counted.
 */
export function functionsWork(stack: Pick<StackInfo, "logDir" | "dataDir">): { busy: number; mark: string } {
  const debugLog = join(stack.dataDir, DEBUG_LOG);
  const line = existsSync(debugLog) ? lastWorkQueueLine(debugLog) : undefined;
  if (line !== undefined) {
    const state = JSON.parse(line) as { queueLength?: number; workRunningCount?: number };
    return { busy: (state.queueLength ?? 0) + (state.workRunningCount ?? 0), mark: line };
  }
  const busy = runningExecutions(stack);
  return { busy, mark: String(busy) };
}

/** Executions the Functions emulator has begun and not yet finished, from firebase.log. */
export function runningExecutions(stack: Pick<StackInfo, "logDir">): number {
  const file = join(stack.logDir, "firebase.log");
  if (!existsSync(file)) return 0;
  const log = readFileSync(file, "utf8");
  const begun = log.match(/functions: Beginning execution of "/g)?.length ?? 0;
  const finished = log.match(/functions: Finished "/g)?.length ?? 0;
  return begun - finished;
}

/**
 * Waits (up to `timeoutMs`, then goes on) until the functions have finished what they began, with no new
 * execution for `quietMs` (a trigger's write starts the next one a moment after it ends): after the demo
 * seed (the shop index, the market rollups, the fan-out of a recent request), and before a restore, so that
 * nothing a journey set going writes over the restored data. `alreadyRunning`: executions not to wait for
 * (one that never logs its end). Returns whether the functions went idle in time.
 */
export async function waitForFunctionsIdle(
  stack: Pick<StackInfo, "logDir" | "dataDir">,
  {
    alreadyRunning = 0,
    timeoutMs = 15_000,
    quietMs = 500,
  }: { alreadyRunning?: number; timeoutMs?: number; quietMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let idleSince: number | undefined;
  let lastMark: string | undefined;
  while (Date.now() < deadline) {
    const { busy, mark } = functionsWork(stack);
    // Idle: nothing queued or running beyond the stuck ones, and no execution queued, begun or ended since.
    if (busy > alreadyRunning) idleSince = undefined;
    else if (mark !== lastMark) idleSince = Date.now();
    else idleSince ??= Date.now();
    lastMark = mark;
    if (idleSince !== undefined && Date.now() - idleSince >= quietMs) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
