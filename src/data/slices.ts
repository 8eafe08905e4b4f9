/**
 * Reading in slices: a read's parsing runs in tasks of at most SLICE_MS each, with the main thread handed back in between, so a page's
 * reads never make one long task. On Lighthouse's phone (4× slower) a slice stays under the 50 ms that
 * make a task long and count in the Total Blocking Time (docs/lighthouse.md).
 */

/** Main-thread time one slice may take on this device before it yields. */
export const SLICE_MS = 10;

type Scheduler = { yield?: () => Promise<void> };

/** Hands the main thread back (input, paint) and resumes in a new task. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  // A message, not a timer: nested timers are clamped to 4 ms, and fake timers in tests would hold it.
  if (typeof MessageChannel === "function") {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const now = () => (typeof performance === "undefined" ? Date.now() : performance.now());

/**
 * When the current slice began, shared by every read in slices: several reads answering in the same task
 * (a page's queries often do) take turns within one slice instead of each taking a slice of its own. A
 * timer clears it once the task that began it is over, so a read in a later task starts a fresh slice.
 */
let sliceStart: number | null = null;
let clearScheduled = false;

function startSlice(): void {
  sliceStart = now();
  if (clearScheduled) return;
  clearScheduled = true;
  setTimeout(() => {
    clearScheduled = false;
    sliceStart = null;
  }, 0);
}

/** Yields once the current slice has run for SLICE_MS; the next slice starts when this one resumes. */
async function maybeYield(): Promise<void> {
  if (sliceStart === null) {
    startSlice();
    return;
  }
  if (now() - sliceStart < SLICE_MS) return;
  await yieldToMain();
  startSlice();
}

/**
 * Runs `read` on each item, in order, yielding whenever the current task has run for SLICE_MS. Resolves
 * with the results in the items' order; a read that throws rejects it. The first slice starts in a task
 * of its own: an answer often arrives in the task that has just evaluated its parser's module (a chunk
 * of schemas), and the two together would make one long task.
 */
export async function inSlices<S, T>(items: readonly S[], read: (item: S) => T): Promise<T[]> {
  if (sliceStart === null) {
    await yieldToMain();
    if (sliceStart === null) startSlice();
  }
  const results: T[] = [];
  for (const item of items) {
    results.push(read(item));
    await maybeYield();
  }
  return results;
}
