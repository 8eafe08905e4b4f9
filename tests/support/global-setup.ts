import type { TestProject } from "vitest/node";
import { launchStack } from "./stack";

/**
 * Optional vitest globalSetup for the `integration` / `e2e` projects: one stack for the whole
 * run instead of one per test file. Test files keep calling startStack()/stopStack().
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await launchStack();
  project.provide("vicinoStack", stack.info);
  return () => stack.stop();
}
