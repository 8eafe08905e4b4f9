// Per-file setup for the browser conformance suite: one harness per file (the Auth emulator alone costs
// ~10-15 s of CPU), two signed-in users, listeners off and data cleared after every test.

import { afterAll, afterEach, beforeAll } from "vitest";
import { type BrowserHarness, startBrowserHarness } from "../../support/browser-harness.ts";
import type { FirestoreBrowserClient } from "../../support/firestore-client.ts";
import type { Transport } from "../../support/page/protocol.ts";

export interface BrowserSuite {
  readonly h: BrowserHarness;
  /** User A (alice), SDK default transport. */
  readonly alice: FirestoreBrowserClient;
  /** User B (bruno), SDK default transport, separate browser context. */
  readonly bruno: FirestoreBrowserClient;
}

export function useBrowserSuite(options: { transport?: Transport } = {}): BrowserSuite {
  let h: BrowserHarness | undefined;
  let alice: FirestoreBrowserClient | undefined;
  let bruno: FirestoreBrowserClient | undefined;

  beforeAll(async () => {
    h = await startBrowserHarness();
    const transport = options.transport ?? "auto";
    [alice, bruno] = await Promise.all([
      h.openClient({ user: h.user("a"), transport, name: "alice" }),
      h.openClient({ user: h.user("b"), transport, name: "bruno" }),
    ]);
  });
  afterEach(async () => {
    await h?.reset();
  });
  afterAll(async () => {
    await h?.stop();
  });

  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`${what} is not ready (did beforeAll fail?)`);
    return v;
  };
  return {
    get h() {
      return need(h, "harness");
    },
    get alice() {
      return need(alice, "alice");
    },
    get bruno() {
      return need(bruno, "bruno");
    },
  };
}

/** Sorted copy, for comparing id sets. */
export const sorted = (xs: string[]): string[] => [...xs].sort();
