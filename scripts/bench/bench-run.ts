import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BenchStack, type BenchStackOptions, benchStack } from "./bench-stack";
import type { Chromium } from "./chromium";

/** What a bench's body gets: the stack to start, its data directory, and where to hand its Chromium. */
export interface BenchRun {
  services: BenchStack;
  dataDir: string;
  /** The Chromium the body launched: stopped with everything else. */
  useBrowser(browser: Chromium): void;
}

/**
 * Runs a bench's body beside a bench stack in a temporary directory (`prefix`), and stops everything it
 * started (Chromium, the stack, the directory) when the body ends, fails, or on Ctrl-C / SIGTERM.
 */
export async function runWithBenchStack(
  prefix: string,
  options: Omit<BenchStackOptions, "dataDir">,
  body: (run: BenchRun) => Promise<number>,
): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const services = benchStack({ ...options, dataDir });
  let browser: Chromium | undefined;
  let stopping: Promise<void> | undefined;
  const cleanup = () => {
    stopping ??= (async () => {
      await browser?.stop().catch(() => undefined);
      await services.stop();
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping everything…`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await body({
      services,
      dataDir,
      useBrowser: (launched) => {
        browser = launched;
      },
    });
  } finally {
    await cleanup();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
