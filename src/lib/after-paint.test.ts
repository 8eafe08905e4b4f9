// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterNextPaint } from "./after-paint";

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
