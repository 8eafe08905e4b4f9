import { afterEach, describe, expect, it, vi } from "vitest";
import { buildingSteps, inSlices, SLICE_MS } from "./slices";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A clock that moves `step` ms at each reading. */
function steppingClock(step: number) {
  let time = 0;
  vi.spyOn(performance, "now").mockImplementation(() => {
    time += step;
    return time;
  });
}

describe("inSlices", () => {
  it("runs the steps first, then reads every item in order", async () => {
    const calls: string[] = [];
    const results = await inSlices(
      ["a", "b", "c"],
      (item) => {
        calls.push(item);
        return item.toUpperCase();
      },
      [() => calls.push("step 1"), () => calls.push("step 2")],
    );
    expect(results).toEqual(["A", "B", "C"]);
    expect(calls).toEqual(["step 1", "step 2", "a", "b", "c"]);
  });

  it("hands the main thread back once a slice has run SLICE_MS, and not before", async () => {
    const order: string[] = [];
    // Each clock reading is half a slice: a yield after every second item.
    steppingClock(SLICE_MS / 2);
    const reading = inSlices([1, 2, 3, 4], (item) => {
      order.push(`read ${item}`);
      return item;
    });
    // Work queued now runs in the next task: it lands between the slices, not after all of them.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    order.push("other task");
    expect(await reading).toEqual([1, 2, 3, 4]);
    expect(order.indexOf("other task")).toBeGreaterThan(0);
    expect(order.indexOf("other task")).toBeLessThan(order.length - 1);
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

describe("buildingSteps", () => {
  it("makes one step per schema, each parsing nothing once, in the order given", () => {
    const parsed: string[] = [];
    const schema = (name: string) => ({ safeParse: (value: unknown) => parsed.push(`${name}:${value}`) });
    const steps = buildingSteps(schema("parte"), schema("intero"));
    expect(parsed).toEqual([]);
    for (const step of steps) step();
    expect(parsed).toEqual(["parte:null", "intero:null"]);
  });
});
