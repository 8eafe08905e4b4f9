// How much of a page's Total Blocking Time is the page's own work, from the trace of a Lighthouse run.
//
// Lighthouse's simulated throttling takes each main-thread task's duration as observed (wall time) and
// multiplies it by the run's CPU slowdown (./cpu-calibration.ts); a task then blocks for what exceeds 50 ms. On these 2 shared cores the renderer's
// main thread is often off the CPU inside a task (waiting for a core, or for its own helper threads: a
// PrePaint of 57 ms with 0.2 ms of CPU, docs/lighthouse.md), so the same build's TBT varies by hundreds of
// ms between runs. The trace also records each task's thread time (CPU), so the same sum can be taken
// twice: from the tasks' wall time (what Lighthouse sees, before its simulation reorders them) and from
// their CPU time (what the page's code cost). The gap between the two is the host's share.

/** One trace event, as far as this reads it (Chrome's trace event format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** A task blocks the main thread for what it lasts beyond this (TBT's definition). */
const BLOCKING_OVER_MS = 50;

export interface MainThreadBlocking {
  /** Σ max(0, slowdown × wall − 50) over the tasks after the first contentful paint, ms. */
  fromWallTime: number;
  /** The same from each task's CPU time. */
  fromCpuTime: number;
}

const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/** The page's main thread: the renderer main thread with the most events (other renderers are idle). */
function pageMainThread(events: readonly TraceEvent[]): string | undefined {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const counts = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (mainThreads.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The blocking sums of a run's trace at `slowdown`, or undefined when it has no first paint or no main thread. */
export function mainThreadBlocking(
  events: readonly TraceEvent[],
  slowdown: number,
): MainThreadBlocking | undefined {
  const blocking = (ms: number) => Math.max(0, slowdown * ms - BLOCKING_OVER_MS);
  const paints = events.filter((event) => event.name === "firstContentfulPaint").map((event) => event.ts);
  const thread = pageMainThread(events);
  if (paints.length === 0 || !thread) return undefined;
  const firstPaint = Math.min(...paints);
  let fromWallTime = 0;
  let fromCpuTime = 0;
  for (const event of events) {
    if (event.ph !== "X" || !TASK_NAMES.has(event.name) || event.ts < firstPaint) continue;
    if (`${event.pid}:${event.tid}` !== thread) continue;
    const wall = (event.dur ?? 0) / 1000;
    fromWallTime += blocking(wall);
    fromCpuTime += blocking((event.tdur ?? event.dur ?? 0) / 1000);
  }
  return { fromWallTime, fromCpuTime };
}
