// How a layer's files are split between processes that run side by side (scripts/ci/side-by-side.mjs):
// longest first, each to the process with the least work so far, by the seconds each file took in a recent
// run (scripts/ci/test-seconds.json, by layer; a file not listed there counts as the median of those that
// are). A process may start with work already given to it. vitest's own --shard splits by a hash of the
// path, which on 25 journeys of 4 to 90 s left one process with minutes more work than the other.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Splits `files` into `startTotals.length` lists so that each list's seconds plus its start total come out
 * near equal (greedy: heaviest first, to the lightest list). Each list keeps the files' alphabetical order.
 */
export function splitByWeight(files, secondsOf, startTotals) {
  const known = files.map((file) => secondsOf[file]).filter((seconds) => typeof seconds === "number");
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)] : 1;
  const weight = (file) => secondsOf[file] ?? median;
  const shards = startTotals.map((total) => ({ files: [], total }));
  const heaviestFirst = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of heaviestFirst) {
    const lightest = shards.reduce((best, shard) => (shard.total < best.total ? shard : best));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return shards.map((shard) => shard.files.sort());
}

/** The layers split this way, and the folder of each one's test files. */
export const SPLIT_LAYERS = { e2e: "tests/e2e", integration: "tests/integration" };

/** The seconds of scripts/ci/test-seconds.json: by layer, then by file. */
export function testSeconds(rootDir) {
  return JSON.parse(readFileSync(join(rootDir, "scripts/ci/test-seconds.json"), "utf8"));
}

/** The test files of a layer (a key of SPLIT_LAYERS), relative to `rootDir`. */
export function layerFiles(rootDir, layer) {
  const folder = SPLIT_LAYERS[layer];
  return readdirSync(join(rootDir, folder))
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => `${folder}/${name}`);
}

/** A layer's files, split for processes that start with `startTotals` seconds of other work. */
export function layerShards(rootDir, layer, startTotals) {
  return splitByWeight(layerFiles(rootDir, layer), testSeconds(rootDir)[layer] ?? {}, startTotals);
}
