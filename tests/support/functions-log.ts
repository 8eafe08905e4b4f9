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
