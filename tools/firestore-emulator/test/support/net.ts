// Small networking helpers shared by the test harnesses.

import { createServer } from "node:net";

/** A port that was free on `host` a moment ago (the OS picks it). */
export function getFreePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` with GET until it answers any HTTP status (or `accept(status)` holds).
 * `alive()` lets the caller abort early, e.g. when the process that should serve it has exited.
 */
export async function waitForHttp(
  url: string,
  options: {
    timeoutMs?: number;
    intervalMs?: number;
    alive?: () => string | null;
    accept?: (status: number) => boolean;
  } = {},
): Promise<void> {
  const { timeoutMs = 60_000, intervalMs = 100, alive, accept = () => true } = options;
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    const dead = alive?.();
    if (dead) throw new Error(`${url} will never answer: ${dead}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (accept(res.status)) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = String(e);
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (last: ${last})`);
}

/** Polls `probe` until it returns a value other than undefined, or throws with `describe()` after the timeout. */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  options: { timeoutMs?: number; intervalMs?: number; describe?: () => string | Promise<string> } = {},
): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) {
      const detail = options.describe ? await options.describe() : "";
      throw new Error(`condition not met within ${timeoutMs} ms${detail ? `: ${detail}` : ""}`);
    }
    await sleep(intervalMs);
  }
}
