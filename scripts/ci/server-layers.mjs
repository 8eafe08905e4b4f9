// `npm run test:server`, `npm test`'s middle step: the two server layers, `rules` and `integration`, side by side.
//
// vitest runs projects whose files must go one at a time (fileParallelism: false) one after another,
// even in one process. The two layers share nothing (each has its own stack, started by its global
// setup: tests/support/global-setup.ts), so they run as two vitest processes at once, which on 2 cores
// takes about as long as the longer of the two instead of their sum (docs/testing.md). Their output is
// prefixed with the layer's name; the exit code is the first failure's. Extra arguments go to both.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const LAYERS = ["rules", "integration"];

/** Runs one layer; resolves with its exit code. */
function run(layer) {
  const child = spawn("npx", ["vitest", "run", "--project", layer, ...process.argv.slice(2)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${layer}] ${line}`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const started = Date.now();
const codes = await Promise.all(LAYERS.map(run));
const seconds = Math.round((Date.now() - started) / 1000);
LAYERS.forEach((layer, index) => {
  console.log(`${layer}: ${codes[index] === 0 ? "passed" : `failed (exit ${codes[index]})`}`);
});
console.log(`rules and integration side by side: ${seconds} s`);
process.exit(codes.find((code) => code !== 0) ?? 0);
