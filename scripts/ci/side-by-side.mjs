// `npm test`'s layers that need a stack, as vitest processes running side by side on these 2-core
// machines, each with its own stack (started by its global setup, tests/support/global-setup.ts, on free
// ports) and, for the journeys, its own Chromium:
//
//   node scripts/ci/side-by-side.mjs server   `rules` beside `integration` in two halves (npm run test:server)
//   node scripts/ci/side-by-side.mjs e2e      the journeys in two halves (npm run test:e2e)
//
// Why processes: vitest runs every project whose files must go one at a time (fileParallelism: false: a
// layer's tests share one emulator's data) in one queue, even in one process; and a journey or an
// integration test leaves a core half idle while it waits on the browser and the emulators (integration
// alone, after rules ended, left the machine 30-87 % idle). A split layer's halves end together
// (scripts/ci/shards.mjs). Output lines are prefixed with their process; the exit
// code is the first failure's. Extra arguments go to every process. (Running the journeys' halves beside
// the server layers instead of after them was measured slower: 840 s against 219 s + 467 s; and `unit`
// with `ui` then `rules`, beside `integration`, no faster: 448 s against 152 s + 303 s, the cores full.)

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { layerShards } from "./shards.mjs";

const rootDir = fileURLToPath(new URL("../..", import.meta.url));

const layer = (name) => ({ name, args: ["--project", name] });
/** A layer's files in two processes, each with its own stack. */
const halves = (name) =>
  layerShards(rootDir, name, [0, 0]).map((files, index) => ({
    name: `${name} ${index + 1}`,
    args: ["--project", name, ...files],
  }));

/** Each group: the vitest processes it runs side by side. */
const GROUPS = {
  server: () => [layer("rules"), ...halves("integration")],
  e2e: () => halves("e2e"),
};

const [group, ...extra] = process.argv.slice(2);
if (!group || !(group in GROUPS)) {
  console.error(
    `Uso: node scripts/ci/side-by-side.mjs ${Object.keys(GROUPS).join("|")} [argomenti di vitest]`,
  );
  process.exit(2);
}
const processes = GROUPS[group]();
const results = [];

/** Runs one vitest process; resolves with its exit code. */
function run(step) {
  const started = Date.now();
  const child = spawn("npx", ["vitest", "run", ...step.args, ...extra], {
    cwd: rootDir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${step.name}] ${line}`));
  }
  return new Promise((resolve) =>
    child.on("close", (code) => {
      results.push({ name: step.name, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
      resolve(code ?? 1);
    }),
  );
}

const started = Date.now();
await Promise.all(processes.map(run));
for (const { name, code, seconds } of results) {
  console.log(`${name}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s`);
}
console.log(
  `${processes.map((step) => step.name).join(" | ")}: ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(results.find((result) => result.code !== 0)?.code ?? 0);
