import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import type { DemoSummary } from "../../scripts/seed/demo-scenario";
import { clearEmulatorData } from "../../scripts/seed/seed";
import { seedOrRestore } from "../../scripts/seed/snapshot";
import { runScheduledFunction } from "../../scripts/stack/scheduled-functions";
import { freeStackPorts, stackLogDir, startStack as startLocalStack } from "../../scripts/stack/stack";
import { webEnv } from "../../scripts/stack/stack-env";
import {
  ALL_SERVICES,
  FUNCTIONS_REGION,
  type RunningStack,
  type StackPorts,
  type StackService,
  type StackUrls,
  stackUrls,
} from "../../scripts/stack/stack-options";
import { functionsWork, waitForFunctionsIdle } from "./functions-log";
import { MailInbox } from "./inbox";

/**
 * The end-to-end harness: the same stack as `npm start` (Google's Firestore emulator with the
 * rules loaded, Auth + Functions emulators, MailDev, the SPA) on free ports, so it never collides with a developer's
 * running `npm start`. The SPA is built for these ports and served by `vite preview`
 * (SPA fallback and the /api proxy included) — see docs/local-stack.md for why.
 *
 * Use it from the `integration` and `e2e` vitest projects:
 *   beforeAll(async () => { stack = await startStack(); });
 *   afterAll(() => stopStack());
 *   beforeEach(() => stack.resetData());   // or stack.seed()
 * With tests/support/global-setup.ts in the project's globalSetup, one stack serves the whole
 * run and these calls just attach to it.
 */

export const TEST_PROJECT_ID = "demo-vicino";

/** Plain data describing a running stack (what globalSetup hands to the test files). */
export interface StackInfo {
  projectId: string;
  ports: StackPorts;
  urls: StackUrls;
  /** The VITE_* variables the SPA was built with. */
  webEnv: Record<string, string>;
  /** Every service's full output, `{service}.log` (printed when a test fails). */
  logDir: string;
  /** The stack's own folder, removed when it stops (the seed snapshot lives there). */
  dataDir: string;
  /** The servers this stack runs. */
  services: readonly StackService[];
  /** A recording proxy sits on the Firestore port (the index and document-limit checks). */
  recordsFirestore: boolean;
}

export interface TestStack extends StackInfo {
  hosts: { firestore: string; auth: string; functions: string };
  inbox: MailInbox;
  /** URL of an HTTPS function on the Functions emulator. */
  functionUrl(name: string): string;
  /** Runs a scheduled function now on the Functions emulator, as Cloud Scheduler would. */
  runScheduled(name: string, at?: Date): Promise<void>;
  /** Empties Firestore, the Auth accounts and the inbox. */
  resetData(): Promise<void>;
  /** Resets, then loads the demo marketplace (the same data as `npm start`). */
  seed(): Promise<DemoSummary>;
}

export type WebMode = "preview" | "dev" | "none";

export interface StartOptions {
  /** How the SPA is served (default: built + `vite preview`). */
  web?: WebMode;
  /** Print every service's output (also VICINO_STACK_VERBOSE=1). */
  verbose?: boolean;
  /** The servers to run (default: all); the data-layer tests need only Firestore and Auth. */
  services?: readonly StackService[];
  /** Record the queries and writes Firestore receives (scripts/firestore-limits/). */
  recordFirestore?: boolean;
}

/** What the data-layer and function tests need: Google's Firestore emulator (rules loaded) and the Auth emulator. */
export const DATA_LAYER: StartOptions = { web: "none", services: ["firestore", "auth"] };

declare module "vitest" {
  export interface ProvidedContext {
    vicinoStack?: StackInfo;
  }
}

const rootDir = fileURLToPath(new URL("../..", import.meta.url));

/** Per stack (its log folder): executions begun and never logged as finished, which no wait should hold for. */
const stuckExecutions = new Map<string, number>();

function testStack(info: StackInfo): TestStack {
  const hostOf = (url: string) => url.replace(/^http:\/\//, "");
  const hosts = {
    firestore: hostOf(info.urls.firestore),
    auth: hostOf(info.urls.auth),
    functions: hostOf(info.urls.functions),
  };
  const inbox = new MailInbox(info.urls.inbox);
  const target = { projectId: info.projectId, firestoreHost: hosts.firestore, authHost: hosts.auth };
  const settle = async () => {
    if (!info.services.includes("functions")) return;
    const alreadyRunning = stuckExecutions.get(info.logDir) ?? 0;
    // Up to a minute: right after a full seed, on two busy cores, the functions take tens of seconds to
    // run what ~120 writes triggered, and a journey started in the middle of that waits on them.
    if (!(await waitForFunctionsIdle(info, { alreadyRunning, timeoutMs: 60_000 }))) {
      stuckExecutions.set(info.logDir, functionsWork(info).busy);
    }
  };
  const clearInbox = () => (info.services.includes("mail") ? inbox.clear() : Promise.resolve());
  return {
    ...info,
    hosts,
    inbox,
    functionUrl: (name) => `${info.urls.functions}/${info.projectId}/${FUNCTIONS_REGION}/${name}`,
    runScheduled: (name, at) =>
      runScheduledFunction({ functionsUrl: info.urls.functions, projectId: info.projectId }, name, at),
    resetData: async () => {
      await Promise.all([clearEmulatorData(target), clearInbox()]);
    },
    seed: async () => {
      await clearInbox();
      return seedOrRestore(target, join(info.dataDir, "seed"), settle);
    },
  };
}

export interface OwnedStack {
  info: StackInfo;
  stop(): Promise<void>;
}

/** Starts a private stack on free ports (used by startStack and by the global setup). */
export async function launchStack(options: StartOptions = {}): Promise<OwnedStack> {
  const dataDir = mkdtempSync(join(tmpdir(), "vicino-stack-"));
  const { ports, firebaseSupportPorts } = await freeStackPorts();
  const mode = options.web ?? "preview";
  const verbose = options.verbose ?? process.env.VICINO_STACK_VERBOSE === "1";
  let running: RunningStack;
  try {
    running = await startLocalStack({
      rootDir,
      projectId: TEST_PROJECT_ID,
      ...(options.services ? { services: options.services } : {}),
      ports,
      firebaseSupportPorts,
      dataDir,
      web:
        mode === "preview"
          ? { kind: "vite-preview", outDir: join(dataDir, "dist") }
          : mode === "dev"
            ? { kind: "vite-dev" }
            : { kind: "none" },
      verbose,
      recordFirestore: options.recordFirestore ?? false,
      // Quiet: the services' lines (the functions' logs of expected failures included) stay in their
      // log files, whose tails tests/setup/stack-logs.ts prints under a failing test.
      ...(verbose ? {} : { print: () => undefined }),
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    info: {
      projectId: TEST_PROJECT_ID,
      ports,
      urls: stackUrls(ports),
      webEnv: webEnv({ projectId: TEST_PROJECT_ID, ports }),
      logDir: stackLogDir(dataDir),
      dataDir,
      services: options.services ?? ALL_SERVICES,
      recordsFirestore: options.recordFirestore ?? false,
    },
    stop: async () => {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let current: Promise<{ stack: OwnedStack; test: TestStack }> | undefined;

/**
 * The stack for this test file: the run-wide one from the global setup if there is one,
 * otherwise a private one started now (and reused by later calls in the same file).
 */
export async function startStack(options: StartOptions = {}): Promise<TestStack> {
  const provided = inject("vicinoStack");
  if (provided) return testStack(provided);
  current ??= launchStack(options).then((stack) => ({ stack, test: testStack(stack.info) }));
  return (await current).test;
}

/** Stops what startStack started in this file (a run-wide stack is left to the global setup). */
export async function stopStack(): Promise<void> {
  const pending = current;
  current = undefined;
  const started = await pending?.catch(() => undefined);
  await started?.stack.stop();
}
