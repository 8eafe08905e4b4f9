import { describe, expect, it } from "vitest";
import { descendantsOf, threadsOf } from "./quiet-stack";

describe("descendantsOf", () => {
  it("finds children and grandchildren, not the root, its parent or unrelated processes", () => {
    // 1 → 10 (the bench) → 20 (firebase) → 21 (java), 22; 10 → 30 (maildev); 1 → 40 (unrelated).
    const parentOf = new Map([
      [10, 1],
      [20, 10],
      [21, 20],
      [22, 20],
      [30, 10],
      [40, 1],
    ]);
    expect(descendantsOf(10, parentOf).sort((a, b) => a - b)).toEqual([20, 21, 22, 30]);
    expect(descendantsOf(21, parentOf)).toEqual([]);
  });
});

describe("threadsOf", () => {
  it("lists every thread of a process, and the process alone where they cannot be listed", () => {
    const tasks = (dir: string) => {
      if (dir === "/proc/21/task") return ["21", "23", "24"];
      throw new Error("ENOENT");
    };
    expect(threadsOf(21, tasks)).toEqual([21, 23, 24]);
    expect(threadsOf(30, tasks)).toEqual([30]);
  });

  it("finds this process's own threads on Linux", () => {
    // Node runs a few threads of its own (V8's platform workers), besides the main one.
    if (process.platform !== "linux") return;
    const threads = threadsOf(process.pid);
    expect(threads).toContain(process.pid);
    expect(threads.length).toBeGreaterThan(1);
  });
});
