import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { journeyShards, splitByWeight, testSeconds } from "./journey-shards.mjs";

const root = resolve(import.meta.dirname, "../..");

describe("splitByWeight", () => {
  it("balances the seconds rather than the number of files", () => {
    const seconds = { a: 80, b: 50, c: 40, d: 30, e: 10 };
    expect(splitByWeight(Object.keys(seconds), seconds, [0, 0])).toEqual([
      ["a", "d"],
      ["b", "c", "e"],
    ]);
  });

  it("gives less to a process that starts with more work", () => {
    const seconds = { a: 30, b: 20, c: 10 };
    expect(splitByWeight(Object.keys(seconds), seconds, [0, 45])).toEqual([["a", "b"], ["c"]]);
  });

  it("counts a file it has no time for as the median of the others", () => {
    expect(splitByWeight(["a", "b", "c", "new"], { a: 30, b: 20, c: 10 }, [0, 0])).toEqual([
      ["a", "c"],
      ["b", "new"],
    ]);
  });
});

describe("the journeys' split", () => {
  it("runs every journey file exactly once, the two halves within a minute of each other", () => {
    const { journeys } = testSeconds(root);
    const starts = [0, 0];
    const shards = journeyShards(root, starts);
    const files = readdirSync(resolve(root, "tests/e2e"))
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => `tests/e2e/${name}`);
    expect(shards.flat().sort()).toEqual(files.sort());
    const totals = shards.map(
      (shard, index) => (starts[index] ?? 0) + shard.reduce((sum, file) => sum + (journeys[file] ?? 0), 0),
    );
    expect(Math.abs((totals[0] ?? 0) - (totals[1] ?? 0))).toBeLessThan(60);
  });
});
