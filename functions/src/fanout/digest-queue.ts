import { z } from "zod";
import { type RequestCategory, requestCategorySchema } from "@/domain/core/enums";
import { cloudTaskQueue, type TaskQueue, taskIdFor } from "../tasks/task-queue";

/**
 * The fan-out's tasks, on one queue (the sendShopDigest function): at the hour's end one task per cell,
 * category and hour a request reached (cell-digest.ts: which of the cell's shops hear of something), and
 * then one digest per shop and hour (digest-task.ts). Their Cloud Tasks ids make a second enqueue a no-op.
 */
export const DIGEST_TASK_FUNCTION = "sendShopDigest";

const windowKey = z.string().length(13);
export const cellTaskSchema = z.object({
  cell: z.string().min(3).max(5),
  category: requestCategorySchema,
  windowKey,
  /** A push task: this one request, at once, to the cell's shops that hear of it (request-push.ts). */
  requestId: z.string().min(1).max(128).optional(),
});
export type CellTask = z.infer<typeof cellTaskSchema>;
export const shopDigestTaskSchema = z.object({ uid: z.string().min(1).max(128), windowKey });
export type ShopDigestTask = z.infer<typeof shopDigestTaskSchema>;
/** A closed shop's summary of the requests it heard of, due when it opens (request-push.ts). */
export const openingTaskSchema = z.object({
  uid: z.string().min(1).max(128),
  opening: z.string().length(13),
});
export type OpeningTask = z.infer<typeof openingTaskSchema>;
/** A cell task first: a shop digest's payload has no cell; an opening's has no windowKey. */
export const digestTaskSchema = z.union([cellTaskSchema, openingTaskSchema, shopDigestTaskSchema]);
export type DigestTask = z.infer<typeof digestTaskSchema>;

export interface DigestQueue {
  /** One task per cell, category and hour, due when the hour ends. */
  cells(
    cells: readonly string[],
    category: RequestCategory,
    window: { key: string; sendAt: Date },
  ): Promise<void>;
  /** One digest per shop and hour, due now (its hour has ended). */
  shops(uids: readonly string[], windowKey: string): Promise<void>;
  /** One push task per cell of a request just published, due now. */
  pushes(
    cells: readonly string[],
    category: RequestCategory,
    windowKey: string,
    requestId: string,
  ): Promise<void>;
  /** One summary per closed shop and opening, due at the opening. */
  opening(uid: string, opening: { key: string; at: Date }): Promise<void>;
}

/** Seconds after the hour's end the cell tasks wait, so the hour's last fan-outs have landed. */
const DIGEST_GRACE_SECONDS = 60;

/** A DigestQueue over any task queue. */
export function digestQueueOver(
  queue: TaskQueue<DigestTask>,
  now: () => Date = () => new Date(),
): DigestQueue {
  return {
    async cells(cells, category, window) {
      const delay =
        Math.max(0, Math.ceil((window.sendAt.getTime() - now().getTime()) / 1000)) + DIGEST_GRACE_SECONDS;
      await Promise.all(
        cells.map((cell) =>
          queue.enqueue(
            { cell, category, windowKey: window.key },
            { id: taskIdFor(`cell:${cell}:${category}:${window.key}`), scheduleDelaySeconds: delay },
          ),
        ),
      );
    },
    async shops(uids, key) {
      await Promise.all(
        uids.map((uid) => queue.enqueue({ uid, windowKey: key }, { id: taskIdFor(`digest:${uid}:${key}`) })),
      );
    },
    async pushes(cells, category, key, requestId) {
      await Promise.all(
        cells.map((cell) =>
          queue.enqueue(
            { cell, category, windowKey: key, requestId },
            { id: taskIdFor(`push:${cell}:${category}:${requestId}`) },
          ),
        ),
      );
    },
    async opening(uid, opening) {
      const delay = Math.max(0, Math.ceil((opening.at.getTime() - now().getTime()) / 1000));
      await queue.enqueue(
        { uid, opening: opening.key },
        { id: taskIdFor(`opening:${uid}:${opening.key}`), scheduleDelaySeconds: delay },
      );
    },
  };
}

let cloudQueue: DigestQueue | undefined;

export function cloudDigestQueue(): DigestQueue {
  cloudQueue ??= digestQueueOver(cloudTaskQueue<DigestTask>(DIGEST_TASK_FUNCTION));
  return cloudQueue;
}
