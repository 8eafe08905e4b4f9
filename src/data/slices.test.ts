import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inSlices, SLICE_MS, yieldToMain } from "./slices";

// Each test starts in a task of its own, as a page's read does: the slice a previous one began is over.
beforeEach(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The browser's scheduler.yield, recorded: where the slices end is then exact, not a race with a timer. */
function recordYields(order: string[]) {
  vi.stubGlobal("scheduler", {
    yield: async () => {
      order.push("yield");
    },
  });
}

/** A clock that moves `step` ms at each reading. */
function steppingClock(step: number) {
  let time = 0;
  vi.spyOn(performance, "now").mockImplementation(() => {
    time += step;
    return time;
  });
}

describe("inSlices", () => {
  it("reads every item in order", async () => {
    const calls: string[] = [];
    const results = await inSlices(["a", "b", "c"], (item) => {
      calls.push(item);
      return item.toUpperCase();
    });
    expect(results).toEqual(["A", "B", "C"]);
    expect(calls).toEqual(["a", "b", "c"]);
  });

  it("hands the main thread back once a slice has run SLICE_MS, and not before", async () => {
    const order: string[] = [];
    recordYields(order);
    // Each clock reading is half a slice: a yield after every second item.
    steppingClock(SLICE_MS / 2);
    const results = await inSlices([1, 2, 3, 4], (item) => {
      order.push(`read ${item}`);
      return item;
    });
    expect(results).toEqual([1, 2, 3, 4]);
    // The first slice starts in a task of its own (the one that evaluated the parser may be long already).
    expect(order).toEqual(["yield", "read 1", "read 2", "yield", "read 3", "read 4", "yield"]);
  });

  it("shares the slice between reads answering in the same task", async () => {
    const order: string[] = [];
    recordYields(order);
    steppingClock(SLICE_MS / 2);
    const read = (item: string) => {
      order.push(`read ${item}`);
      return item;
    };
    await Promise.all([inSlices(["a1", "a2"], read), inSlices(["b1", "b2"], read)]);
    // One slice holds two reads whichever read they belong to; each read alone would have taken two.
    expect(order.slice(0, 5)).toEqual(["yield", "yield", "read a1", "read b1", "yield"]);
    expect(order.filter((entry) => entry.startsWith("read"))).toHaveLength(4);
  });

  it("without scheduler.yield, resumes in a later task: after every microtask queued before it", async () => {
    vi.stubGlobal("scheduler", undefined);
    let microtasks = 0;
    const chain = (left: number): Promise<void> =>
      left === 0
        ? Promise.resolve()
        : Promise.resolve().then(() => {
            microtasks += 1;
            return chain(left - 1);
          });
    void chain(100);
    await yieldToMain();
    // A microtask (a resolved promise) would have resumed after the chain's first link.
    expect(microtasks).toBe(100);
  });

  it("reads everything in one task while the clock says there is time", async () => {
    steppingClock(0);
    const order: string[] = [];
    const reading = inSlices([1, 2, 3], (item) => {
      order.push(`read ${item}`);
      return item;
    });
    setTimeout(() => order.push("other task"), 0);
    await reading;
    expect(order).toEqual(["read 1", "read 2", "read 3"]);
  });

  it("rejects with the error a read throws", async () => {
    const failing = inSlices([1], () => {
      throw new Error("dati non validi");
    });
    await expect(failing).rejects.toThrow("dati non validi");
  });
});
