import type { TestProject } from "vitest/node";
import { launchChromiumServer } from "./browser";
import { DATA_LAYER, launchStack, type OwnedStack, type StartOptions } from "./stack";

declare module "vitest" {
  export interface ProvidedContext {
    vicinoChromium?: string;
  }
}

/**
 * What each project needs of the stack. `rules` and `integration` share one: Google's Firestore emulator
 * (firestore.rules loaded) and Auth, each layer in its own project id (the rules suite's
 * tests/rules/environment.ts, the data layer's TEST_PROJECT_ID), so `npm test` runs the two side by side
 * against one emulator.
 */
const STACKS: Record<string, { key: string; options: StartOptions }> = {
  rules: { key: "server", options: DATA_LAYER },
  integration: { key: "server", options: DATA_LAYER },
  // The journeys: everything, the SPA built and served.
  e2e: { key: "e2e", options: {} },
};

/** The stacks this vitest run started, by key, with how many projects still use each. */
const running = new Map<string, { stack: Promise<OwnedStack>; users: number }>();

function acquire(key: string, options: StartOptions): Promise<OwnedStack> {
  const entry = running.get(key) ?? { stack: launchStack(options), users: 0 };
  entry.users += 1;
  running.set(key, entry);
  return entry.stack;
}

async function release(key: string): Promise<void> {
  const entry = running.get(key);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  running.delete(key);
  await (await entry.stack).stop();
}

/**
 * vitest globalSetup for the `rules`, `integration` and `e2e` projects: one stack for the whole run
 * instead of one per test file (one for the two server layers together); test files keep calling
 * startStack()/stopStack().
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { key, options } = STACKS[project.name] ?? { key: project.name, options: {} };
  const [stack, browser] = await Promise.all([
    acquire(key, options),
    // The journeys share one Chromium for the run (tests/support/browser.ts testChromium).
    project.name === "e2e" ? launchChromiumServer() : undefined,
  ]);
  project.provide("vicinoStack", stack.info);
  if (browser) project.provide("vicinoChromium", browser.wsEndpoint);
  return async () => {
    await browser?.close();
    await release(key);
  };
}
