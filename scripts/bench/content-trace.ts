import type { Page } from "playwright-core";

// `BENCH_CONTENT_TRACE=1 npm run bench:content`: after each cold load, where its time went, from the
// page's own Resource and Paint Timing (ms from navigation start): what the data waited for.

export const TRACE = process.env.BENCH_CONTENT_TRACE === "1";

/** A step of the load; `kB` is what came over the network (encoded, after Brotli or gzip). */
type Step = { what: string; start: number; end: number; kB?: number };

/** The load's steps: first paint, every request (file name or endpoint), and the data on screen. */
export async function loadSteps(tab: Page): Promise<Step[]> {
  return tab.evaluate(() => {
    const short = (url: string) => {
      const { pathname } = new URL(url);
      const tail = pathname.split("/").filter(Boolean).slice(-1)[0] ?? pathname;
      return tail.length > 48 ? `${tail.slice(0, 48)}…` : tail;
    };
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const steps: Step[] = resources.map((entry) => ({
      what: short(entry.name),
      start: entry.startTime,
      end: entry.responseEnd,
      kB: entry.encodedBodySize / 1000,
    }));
    for (const paint of performance.getEntriesByType("paint")) {
      steps.push({ what: paint.name, start: paint.startTime, end: paint.startTime });
    }
    const at = window.__vicinoContentAt ?? Number.NaN;
    steps.push({ what: "DATA ON SCREEN", start: at, end: at });
    return steps.sort((a, b) => a.start - b.start);
  });
}

export function printSteps(label: string, steps: readonly Step[]): void {
  console.log(`    ${label}, cold (ms from navigation start):`);
  for (const { what, start, end, kB } of steps) {
    const span = end > start ? `${start.toFixed(0)}–${end.toFixed(0)}` : start.toFixed(0);
    const size = kB ? ` (${kB.toFixed(1)} kB)` : "";
    console.log(`      ${span.padStart(11)}  ${what}${size}`);
  }
}
