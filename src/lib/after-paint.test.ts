// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterNextPaint, FIRST_PAINT_REPORT_WAIT_MS, resetFirstPaintReportForTests } from "./after-paint";

describe("afterNextPaint", () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs after the next frame, in a task of its own", () => {
    const task = vi.fn();
    afterNextPaint(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("does not run once cancelled", () => {
    const task = vi.fn();
    afterNextPaint(task)();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(10);
    expect(task).not.toHaveBeenCalled();
  });
});

describe("afterNextPaint on the document's first frame", () => {
  // A browser that reports largest contentful paints: the test plays the report.
  let report: (() => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ["largest-contentful-paint"];
    constructor(callback: () => void) {
      report = callback;
    }
    observe() {}
    disconnect() {
      report = undefined;
    }
  }
  beforeEach(() => {
    resetFirstPaintReportForTests();
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetFirstPaintReportForTests();
  });

  it("waits for the frame's paint to be reported, then runs in a task of its own", async () => {
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(50);
    expect(task).not.toHaveBeenCalled();
    report?.();
    await Promise.resolve();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    // Later frames need no report.
    const next = vi.fn();
    afterNextPaint(next);
    vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(1);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("does not wait for ever when no paint is reported, and runs nothing once cancelled", async () => {
    const task = vi.fn();
    const cancelled = vi.fn();
    afterNextPaint(task);
    const cancel = afterNextPaint(cancelled);
    vi.advanceTimersToNextFrame();
    cancel();
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_REPORT_WAIT_MS + 1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
