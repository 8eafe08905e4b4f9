// Refreshes scripts/ci/test-seconds.json, the seconds by which scripts/ci/shards.mjs splits a layer's
// files, from the output of runs (`.ci/run`, `npm test` or `npm run test:e2e`, colours and all):
//
//   node scripts/ci/test-seconds.mjs < ci.log
//   node scripts/ci/test-seconds.mjs run1.log run2.log run3.log   (each file's mean over the runs)
//
// A journey's time moves by a few seconds from one run to the next, so the mean of several runs splits
// better than one run. Only the split layers' files that passed in that output are updated; the others
// keep their seconds.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SPLIT_LAYERS } from "./shards.mjs";

const file = fileURLToPath(new URL("./test-seconds.json", import.meta.url));

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes, to be removed.
const COLOURS = /\u001b\[[0-9;]*m/g;
/** vitest's line for a file that passed: '✓ <project> <file> (<n> tests) <ms>ms'. */
const FILE_LINE = /✓\s+(\S+)\s+(tests\/\S+\.test\.ts)\s+\(\d+ tests?\)\s+(\d+)ms/;

/** Seconds by layer and file, from a run's output: the split layers only, one decimal. */
export function secondsFromLog(text) {
  const found = {};
  for (const line of text.replace(COLOURS, "").split("\n")) {
    const match = FILE_LINE.exec(line);
    if (!match) continue;
    const [, layer, path, ms] = match;
    if (!(layer in SPLIT_LAYERS) || !path.startsWith(`${SPLIT_LAYERS[layer]}/`)) continue;
    found[layer] ??= {};
    found[layer][path] = Math.round(Number(ms) / 100) / 10;
  }
  return found;
}

/** Each layer's files' mean seconds over the runs that passed them (one decimal). */
export function meanSeconds(runs) {
  const sums = {};
  for (const run of runs) {
    for (const [layer, files] of Object.entries(run)) {
      sums[layer] ??= {};
      for (const [path, seconds] of Object.entries(files)) {
        const sum = sums[layer][path] ?? { total: 0, count: 0 };
        sums[layer][path] = { total: sum.total + seconds, count: sum.count + 1 };
      }
    }
  }
  return Object.fromEntries(
    Object.entries(sums).map(([layer, files]) => [
      layer,
      Object.fromEntries(
        Object.entries(files).map(([path, { total, count }]) => [
          path,
          Math.round((total / count) * 10) / 10,
        ]),
      ),
    ]),
  );
}

const runAsScript = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (runAsScript) {
  const logs = process.argv.slice(2);
  const texts = logs.length > 0 ? logs.map((log) => readFileSync(log, "utf8")) : [readFileSync(0, "utf8")];
  const found = meanSeconds(texts.map(secondsFromLog));
  const current = JSON.parse(readFileSync(file, "utf8"));
  for (const [layer, seconds] of Object.entries(found)) {
    current[layer] = Object.fromEntries(
      Object.entries({ ...current[layer], ...seconds }).sort(([, a], [, b]) => b - a),
    );
    console.log(`${layer}: ${Object.keys(seconds).length} file aggiornati`);
  }
  writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
}
