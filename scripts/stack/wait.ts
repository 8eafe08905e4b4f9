import { delay, ServiceError, type ServiceProcess } from "./process";

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Fail at once, with its output, if this process exits while we wait. */
  service?: ServiceProcess;
}

/** Polls `probe` until it returns true; the error names `what` and shows the service's last lines. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  options: WaitOptions,
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const interval = options.intervalMs ?? 200;
  for (;;) {
    if (options.service?.hasExited) {
      throw new ServiceError(
        `${what}: the process exited before it was ready`,
        options.service.recentOutput(),
      );
    }
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new ServiceError(
        `${what}: not ready after ${Math.round(options.timeoutMs / 1000)} s`,
        options.service?.recentOutput() ?? [],
      );
    }
    await delay(interval);
  }
}

/** GET `url`; true when the answer satisfies `accept` (default: any 2xx). */
export async function httpAnswers(
  url: string,
  accept: (response: Response) => boolean | Promise<boolean> = (response) => response.ok,
): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  try {
    return await accept(response);
  } finally {
    await response.body?.cancel().catch(() => undefined);
  }
}
