import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { journeyShards, splitByWeight } from "./journey-shards.mjs";

const root = resolve(import.meta.dirname, "../..");

describe("splitByWeight", () => {
  it("balances the seconds rather than the number of files", () => {
    const seconds = { a: 80, b: 50, c: 40, d: 30, e: 10 };
    expect(splitByWeight(Object.keys(seconds), seconds, 2)).toEqual([
      ["a", "d"],
      ["b", "c", "e"],
    ]);
  });

  it("counts a file it has no time for as the median of the others", () => {
    expect(splitByWeight(["a", "b", "c", "new"], { a: 30, b: 20, c: 10 }, 2)).toEqual([
      ["a", "c"],
      ["b", "new"],
    ]);
  });

  it("leaves no list empty and no file out", () => {
    expect(splitByWeight(["only"], {}, 2)).toEqual([["only"]]);
  });
});

describe("the journeys' split", () => {
  it("runs every journey file exactly once, the two halves within a minute of each other", () => {
    const shards = journeyShards(root, 2);
    const files = readdirSync(resolve(root, "tests/e2e"))
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => `tests/e2e/${name}`);
    expect(shards.flat().sort()).toEqual(files.sort());
    const seconds: Record<string, number> = JSON.parse(
      readFileSync(resolve(root, "tests/e2e/journey-seconds.json"), "utf8"),
    );
    const totals = shards.map((shard) => shard.reduce((sum, file) => sum + (seconds[file] ?? 0), 0));
    expect(Math.abs((totals[0] ?? 0) - (totals[1] ?? 0))).toBeLessThan(60);
  });
});
