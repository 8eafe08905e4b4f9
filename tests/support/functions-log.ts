import { existsSync, readFileSync } from "node:fs";
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
  stack: Pick<StackInfo, "logDir">,
  {
    alreadyRunning = 0,
    timeoutMs = 15_000,
    quietMs = 500,
  }: { alreadyRunning?: number; timeoutMs?: number; quietMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let idleSince: number | undefined;
  while (Date.now() < deadline) {
    if (runningExecutions(stack) > alreadyRunning) idleSince = undefined;
    else idleSince ??= Date.now();
    if (idleSince !== undefined && Date.now() - idleSince >= quietMs) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
