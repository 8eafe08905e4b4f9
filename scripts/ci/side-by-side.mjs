// `npm test`'s steps that run several vitest processes at once, each with its own stack (started by its
// global setup, tests/support/global-setup.ts, on free ports), on these 2-core machines:
//
//   node scripts/ci/side-by-side.mjs server   the two server layers, `rules` and `integration`
//   node scripts/ci/side-by-side.mjs e2e      the journeys, split in two (scripts/ci/journey-shards.mjs)
//
// Why processes: vitest runs every project whose files must go one at a time (fileParallelism: false: a
// layer's tests share one emulator's data) in one queue, even in one process; and the journeys leave a
// core half idle while they wait on the browser and the emulators (docs/testing.md#times). Each process's
// output is prefixed with its name; the exit code is the first failure's. Extra arguments go to each.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { journeyShards } from "./journey-shards.mjs";

const rootDir = fileURLToPath(new URL("../..", import.meta.url));

const GROUPS = {
  server: () => [
    { name: "rules", args: ["--project", "rules"] },
    { name: "integration", args: ["--project", "integration"] },
  ],
  e2e: () =>
    journeyShards(rootDir, 2).map((files, index) => ({
      name: `e2e ${index + 1}`,
      args: ["--project", "e2e", ...files],
    })),
};

const [group, ...extra] = process.argv.slice(2);
if (!group || !(group in GROUPS)) {
  console.error(
    `Uso: node scripts/ci/side-by-side.mjs ${Object.keys(GROUPS).join("|")} [argomenti di vitest]`,
  );
  process.exit(2);
}
const jobs = GROUPS[group]();

/** Runs one vitest process; resolves with its exit code. */
function run(job) {
  const child = spawn("npx", ["vitest", "run", ...job.args, ...extra], {
    cwd: rootDir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${job.name}] ${line}`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const started = Date.now();
const codes = await Promise.all(jobs.map(run));
const seconds = Math.round((Date.now() - started) / 1000);
jobs.forEach((job, index) => {
  console.log(`${job.name}: ${codes[index] === 0 ? "passed" : `failed (exit ${codes[index]})`}`);
});
console.log(`${jobs.map((job) => job.name).join(" and ")} side by side: ${seconds} s`);
process.exit(codes.find((code) => code !== 0) ?? 0);
