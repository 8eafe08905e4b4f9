import type { TestProject } from "vitest/node";
import { launchChromiumServer } from "./browser";
import { reportUnusedIndexes } from "./firestore-limits";
import { DATA_LAYER, launchStack, type StartOptions } from "./stack";

declare module "vitest" {
  export interface ProvidedContext {
    vicinoChromium?: string;
  }
}

/**
 * What each project needs of the stack. `npm test` runs `rules` and `integration` side by side, as two
 * vitest processes (scripts/ci/side-by-side.mjs), each with its own stack: the integration layer fails a
 * test on any refusal in its emulator's log, which does not say which project a refusal was for, so the
 * rules suite's expected refusals must not land there. (Each layer has its own project id too.)
 */
const STACKS: Record<string, StartOptions> = {
  // firestore.rules in Google's Firestore emulator, alone.
  rules: { web: "none", services: ["firestore"] },
  // The data layer and the functions, called in-process: Firestore (rules loaded) and Auth.
  integration: { ...DATA_LAYER, recordFirestore: true },
  // The journeys: everything, the SPA built and served.
  e2e: { recordFirestore: true },
};

/**
 * vitest globalSetup for the `rules`, `integration` and `e2e` projects: one stack for the whole run
 * instead of one per test file; test files keep calling startStack()/stopStack().
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [stack, browser] = await Promise.all([
    launchStack(STACKS[project.name] ?? {}),
    // The journeys share one Chromium for the run (tests/support/browser.ts testChromium).
    project.name === "e2e" ? launchChromiumServer() : undefined,
  ]);
  project.provide("vicinoStack", stack.info);
  if (browser) project.provide("vicinoChromium", browser.wsEndpoint);
  return async () => {
    await browser?.close();
    if (stack.info.recordsFirestore) await reportUnusedIndexes(stack.info.urls.firestore);
    await stack.stop();
  };
}
