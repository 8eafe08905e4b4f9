// How `npm run test:e2e` splits the journey files between its processes: longest first, each to the
// process with the least work so far (by the seconds each file took in a recent run, in
// tests/e2e/journey-seconds.json; a file not listed there counts as the median of those that are).
// vitest's own --shard splits by a hash of the path, which on 25 files of 3 to 85 s leaves one process
// with minutes more work than the other.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Splits `files` into `count` lists of near-equal total weight (greedy: heaviest first, to the lightest
 * list). Each list keeps the files' alphabetical order; no list is empty while a file is left over.
 */
export function splitByWeight(files, secondsOf, count) {
  const known = files.map((file) => secondsOf[file]).filter((seconds) => typeof seconds === "number");
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)] : 1;
  const weight = (file) => secondsOf[file] ?? median;
  const shards = Array.from({ length: count }, () => ({ files: [], total: 0 }));
  const heaviestFirst = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of heaviestFirst) {
    const lightest = shards.reduce((best, shard) => (shard.total < best.total ? shard : best));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return shards.filter((shard) => shard.files.length > 0).map((shard) => shard.files.sort());
}

/** The journey files of `rootDir`/tests/e2e, split in `count` for as many processes. */
export function journeyShards(rootDir, count) {
  const dir = join(rootDir, "tests/e2e");
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => `tests/e2e/${name}`);
  const secondsOf = JSON.parse(readFileSync(join(dir, "journey-seconds.json"), "utf8"));
  return splitByWeight(files, secondsOf, count);
}
