// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_START_DELAY_MS } from "@/domain/core/limits";

// A fresh module each time: the test setup settles the shared one for the component tests.
const freshModule = async () => {
  vi.resetModules();
  return import("./after-settled");
};

describe("afterSettled", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits for the first touch, click or key", async () => {
    const { afterSettled } = await freshModule();
    const task = vi.fn();
    afterSettled(task);
    await vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS - 100);
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    expect(task).toHaveBeenCalledTimes(1);
    // Once settled, later work runs at once.
    const later = vi.fn();
    afterSettled(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("runs without interaction LIVE_START_DELAY_MS after load, and not when cancelled", async () => {
    const { afterSettled } = await freshModule();
    const task = vi.fn();
    const cancelled = vi.fn();
    afterSettled(task);
    afterSettled(cancelled)();
    await vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS + 1100);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("pointerdown"));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("takes the delay a test harness set before load (the journeys' 0)", async () => {
    (window as { vicinoLiveStartDelayMs?: number }).vicinoLiveStartDelayMs = 0;
    try {
      const { afterSettled } = await freshModule();
      const task = vi.fn();
      afterSettled(task);
      await vi.advanceTimersByTimeAsync(1100);
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      delete (window as { vicinoLiveStartDelayMs?: number }).vicinoLiveStartDelayMs;
    }
  });
});
