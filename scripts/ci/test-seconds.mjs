// Refreshes scripts/ci/test-seconds.json, the seconds by which scripts/ci/shards.mjs splits a layer's
// files, from the output of a run (`.ci/run`, `npm test` or `npm run test:e2e`, colours and all):
//
//   node scripts/ci/test-seconds.mjs < ci.log
//
// Only the split layers' files that passed in that output are updated; the others keep their seconds.

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

const runAsScript = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (runAsScript) {
  const found = secondsFromLog(readFileSync(0, "utf8"));
  const current = JSON.parse(readFileSync(file, "utf8"));
  for (const [layer, seconds] of Object.entries(found)) {
    current[layer] = Object.fromEntries(
      Object.entries({ ...current[layer], ...seconds }).sort(([, a], [, b]) => b - a),
    );
    console.log(`${layer}: ${Object.keys(seconds).length} file aggiornati`);
  }
  writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
}
