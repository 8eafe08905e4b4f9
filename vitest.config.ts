import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

// Node's compile cache (V8 code of every module loaded, kept on disk) for this run and every process it
// starts: the test workers, and the stacks' services, above all the Functions emulator's worker per
// function, each of which loads the whole functions bundle (480 → 340 ms). Set before vitest starts them.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
  new URL("./node_modules/.cache/node-compile", import.meta.url),
);

const UNIT_FILES = [
  "src/**/*.test.ts",
  "functions/src/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/support/**/*.test.ts",
];
/**
 * What a test file does that another file in the same module graph would see: replace a module or a
 * global, spy on a shared object, fake the clock, listen on the process.
 */
const SHARES_BADLY = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|spyOn|useFakeTimers)\(|\bprocess\.on\(/;
/**
 * The unit files that need a module graph of their own, found by their text: a new file that mocks a
 * module lands here by itself. The rest of the unit layer shares one graph per worker (`isolate: false`),
 * which halves its time (29-31 s → 15 s here); shuffled runs proved which files cannot share
 * (`npx vitest run --project unit --sequence.shuffle --sequence.seed=N`).
 */
const rootDir = fileURLToPath(new URL(".", import.meta.url));
const ISOLATED_UNIT_FILES = globSync(UNIT_FILES, {
  cwd: rootDir,
  exclude: (path) => path.includes("node_modules"),
}).filter((path) => SHARES_BADLY.test(readFileSync(join(rootDir, path), "utf8")));

/**
 * `npm test` runs three groups one after another, fast ones first: `unit`, `unit-isolated` and `ui`,
 * then `rules` and `integration` side by side, then `e2e` in two halves side by side (scripts/ci/side-by-side.mjs). Each
 * vitest process that needs servers starts its own stack in the global setup on free ports
 * (tests/support/global-setup.ts): Google's Firestore emulator with firestore.rules loaded, plus what the
 * layer needs; within a process, files run one at a time.
 */
const withStack = {
  environment: "node" as const,
  globalSetup: ["./tests/support/global-setup.ts"],
  setupFiles: ["./tests/setup/stack-logs.ts"],
  fileParallelism: false,
};

export default defineConfig({
  test: {
    // Quiet output: what a test logs (the expected failures' ERROR lines, a journey's page text) is
    // printed only under a test that fails; the stack's services write to their log files
    // (tests/setup/stack-logs.ts prints their tails under a failure).
    silent: "passed-only",
    // vitest leaves a core to itself by default (one worker on these 2-core machines): two workers run
    // unit and ui files two at a time, and the two server layers side by side.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: UNIT_FILES,
          exclude: [...ISOLATED_UNIT_FILES, "**/node_modules/**"],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "unit-isolated",
          environment: "node",
          include: ISOLATED_UNIT_FILES,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: "ui",
          environment: "jsdom",
          // A screen's test clicks through several renders; on 2 busy cores (CI runs unit and ui
          // together) a few take over vitest's default 5 s.
          testTimeout: 15_000,
          include: ["src/**/*.test.tsx"],
          setupFiles: ["./tests/setup/dom.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          ...withStack,
          name: "rules",
          include: ["tests/rules/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          ...withStack,
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: [
            ...withStack.setupFiles,
            "./tests/setup/rules-denials.ts",
            "./tests/setup/firestore-limits.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          ...withStack,
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          setupFiles: [
            ...withStack.setupFiles,
            "./tests/setup/rules-denials.ts",
            "./tests/setup/firestore-limits.ts",
          ],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
