import { randomUUID } from "node:crypto";
import { FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { z } from "zod";
import { COLLECTIONS } from "@/domain/core/collections";
import { SMOKE_RUN_TTL_MS } from "@/domain/core/limits";
import { ACCOUNT_GUARD } from "@/domain/people/account-standing";
import { guardedCall, guardedTask, taskUid } from "../lib/account-guard";
import { adminDb } from "../lib/admin";
import { callableOptions, region } from "../lib/global-options";
import { sized } from "../lib/sizing";
import { requireAdmin } from "../moderation/admin-claim";
import { cloudTaskQueue, type TaskQueue, taskIdFor } from "../tasks/task-queue";

/**
 * The deploy smoke test's server half (scripts/smoke): an admin's `startSmokeRun` writes smokeRuns/{runId}
 * and queues `runSmokeTask`, which stamps the run when Cloud Tasks delivers it. `npm run smoke` then reads
 * the stamp: the callable passed App Check and the account guard, the runtime's service account may enqueue,
 * Cloud Tasks exists in the region and may invoke the task function. Nothing else is touched.
 */
export const SMOKE_TASK_FUNCTION = "runSmokeTask";

export const smokeTaskSchema = z.object({ uid: z.string().min(1).max(128), runId: z.string().uuid() });
export type SmokeTask = z.infer<typeof smokeTaskSchema>;

/** Writes the run and queues its task; the run id goes back to the caller. */
export async function startRun(
  db: Firestore,
  queue: TaskQueue<SmokeTask>,
  uid: string,
  now = Date.now(),
): Promise<{ runId: string }> {
  const runId = randomUUID();
  await db
    .collection(COLLECTIONS.smokeRuns)
    .doc(runId)
    .set({
      queuedAt: FieldValue.serverTimestamp(),
      expiresAt: Timestamp.fromMillis(now + SMOKE_RUN_TTL_MS),
    });
  await queue.enqueue({ uid, runId }, { id: taskIdFor(`smoke#${runId}`) });
  return { runId };
}

/** Stamps the run; a run that does not exist (deleted, or a forged id) is left alone. */
export async function stampRun(db: Firestore, runId: string): Promise<"stamped" | "missing"> {
  const ref = db.collection(COLLECTIONS.smokeRuns).doc(runId);
  try {
    await ref.update({ ranAt: FieldValue.serverTimestamp() });
    return "stamped";
  } catch (error) {
    if ((error as { code?: unknown }).code === 5) return "missing";
    throw error;
  }
}

let queue: TaskQueue<SmokeTask> | undefined;

export const startSmokeRun = guardedCall(
  ACCOUNT_GUARD.admin,
  sized("startSmokeRun", callableOptions),
  (request) => {
    const uid = requireAdmin(request);
    queue ??= cloudTaskQueue<SmokeTask>(SMOKE_TASK_FUNCTION);
    return startRun(adminDb(), queue, uid);
  },
);

export const runSmokeTask = guardedTask<SmokeTask>(
  ACCOUNT_GUARD.admin,
  sized("runSmokeTask", {
    region,
    retryConfig: { maxAttempts: 3, minBackoffSeconds: 10 },
    rateLimits: { maxConcurrentDispatches: 2, maxDispatchesPerSecond: 1 },
  }),
  taskUid,
  async (request) => {
    const task = smokeTaskSchema.safeParse(request.data);
    if (!task.success) {
      logger.warn("runSmokeTask: malformed task dropped", { issues: task.error.issues.length });
      return;
    }
    logger.info("Smoke run", { outcome: await stampRun(adminDb(), task.data.runId) });
  },
);
