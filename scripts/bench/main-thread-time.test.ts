import { describe, expect, it } from "vitest";
import { mainThreadBlocking, type TraceEvent } from "./main-thread-time";

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, wallMs: number, cpuMs: number): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  pid,
  tid,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe("mainThreadBlocking", () => {
  it("sums slowdown × task − 50 ms after the first paint, from wall time and from CPU time", () => {
    const events = [
      thread(1, 10, "CrRendererMain"),
      thread(2, 20, "CrRendererMain"), // another renderer, idle
      thread(1, 11, "Compositor"),
      { name: "firstContentfulPaint", ph: "R", pid: 1, tid: 10, ts: 1_000_000 },
      task(1, 10, 500_000, 100, 100), // before the first paint: not counted
      task(1, 10, 1_100_000, 40, 10), // 160 − 50 = 110 from wall; 40 − 50 → 0 from CPU
      task(1, 10, 1_200_000, 30, 20), // 70 from wall; 30 from CPU
      task(1, 10, 1_300_000, 5, 5), // short: nothing
      task(1, 11, 1_300_000, 90, 90), // the compositor thread: not the main thread
      task(2, 20, 1_300_000, 90, 90), // the idle renderer's single task
    ];
    expect(mainThreadBlocking(events, 4)).toEqual({ fromWallTime: 180, fromCpuTime: 30 });
    // At the calibrated 2×: 80 − 50 = 30 and 60 − 50 = 10 from wall; nothing from CPU.
    expect(mainThreadBlocking(events, 2)).toEqual({ fromWallTime: 40, fromCpuTime: 0 });
  });

  it("says nothing without a first paint or a renderer main thread", () => {
    expect(mainThreadBlocking([thread(1, 10, "CrRendererMain"), task(1, 10, 1, 90, 90)], 4)).toBeUndefined();
    expect(
      mainThreadBlocking([{ name: "firstContentfulPaint", ph: "R", pid: 1, tid: 10, ts: 0 }], 4),
    ).toBeUndefined();
  });
});
