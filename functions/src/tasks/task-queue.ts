import { createHash } from "node:crypto";
import { getFunctions } from "firebase-admin/functions";
import { adminApp } from "../lib/admin";
import { region } from "../lib/global-options";

/**
 * The one seam for handing work to Cloud Tasks (firebase-functions `onTaskDispatched` on the other
 * side). Production and the local stack enqueue through firebase-admin, which the Functions emulator
 * points at firebase-tools' Cloud Tasks emulator (CLOUD_TASKS_EMULATOR_HOST); tests inject their own
 * queue. A task's id is derived from what it is about, so enqueuing the same work twice (a retried
 * trigger, a repeated call) is refused by Cloud Tasks and ignored here: at most one task per id.
 */
export interface TaskQueue<T> {
  enqueue(payload: T, options?: { id?: string; scheduleDelaySeconds?: number }): Promise<void>;
}

/** A Cloud Tasks id (letters, digits, '-' and '_') for `key`, stable and short whatever the key. */
export function taskIdFor(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 40);
}

function alreadyQueued(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "functions/task-already-exists" || /already (been )?(queued|exists)/i.test(String(error));
}

/** The queue of the task function `functionName` in Vicino's region. */
export function cloudTaskQueue<T extends Record<string, unknown>>(functionName: string): TaskQueue<T> {
  return {
    async enqueue(payload, options = {}) {
      const queue = getFunctions(adminApp()).taskQueue(`locations/${region}/functions/${functionName}`);
      try {
        await queue.enqueue(payload, {
          ...(options.id ? { id: options.id } : {}),
          ...(options.scheduleDelaySeconds ? { scheduleDelaySeconds: options.scheduleDelaySeconds } : {}),
        });
      } catch (error) {
        if (!alreadyQueued(error)) throw error;
      }
    },
  };
}
