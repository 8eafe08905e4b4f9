import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { layerFiles, layerShards, SPLIT_LAYERS, splitByWeight, testSeconds } from "./shards.mjs";

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

describe("each split layer", () => {
  it.each(Object.keys(SPLIT_LAYERS) as (keyof typeof SPLIT_LAYERS)[])(
    "%s: runs every file exactly once, in two halves within 15 % of the layer's seconds of each other",
    (layer) => {
      const seconds = testSeconds(root)[layer];
      const shards = layerShards(root, layer, [0, 0]);
      const files = readdirSync(resolve(root, SPLIT_LAYERS[layer])).filter((name) =>
        name.endsWith(".test.ts"),
      );
      expect(files.length).toBeGreaterThan(5);
      expect(shards.flat().sort()).toEqual(layerFiles(root, layer).sort());
      expect(shards.flat()).toHaveLength(files.length);
      const totals = shards.map((shard) => shard.reduce((sum, file) => sum + (seconds[file] ?? 0), 0));
      const whole = (totals[0] ?? 0) + (totals[1] ?? 0);
      expect(Math.abs((totals[0] ?? 0) - (totals[1] ?? 0))).toBeLessThan(whole * 0.15);
    },
  );
});
