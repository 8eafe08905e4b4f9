import { median, type PageResult } from "./lighthouse-budget";

// Every page's TBT beside the reference's (`/` signed out, measured first and again at the end of the
// same run, scripts/bench/lighthouse-pages.ts REFERENCE_PAGE): a slow host shows as a slow reference.
// And beside what the page's main thread blocked from its tasks' wall time and from their CPU time
// (./main-thread-time.ts): a host that kept the page's thread off the CPU shows as the gap between them.

const ms = (value: number) => `${Math.round(value)} ms`;
const tbtMedian = (page: PageResult) => median(page.runs.map((run) => run.values.tbt));
const loads = (page: PageResult) => page.runs.map((run) => run.load);

/** "wall · CPU" medians of the runs' main-thread blocking, or "—" when no run's trace had it. */
function blockingCell(page: PageResult): string {
  const measured = page.runs.flatMap((run) => (run.blocking ? [run.blocking] : []));
  if (measured.length === 0) return "—";
  const wall = median(measured.map((blocking) => blocking.fromWallTime));
  const cpu = median(measured.map((blocking) => blocking.fromCpuTime));
  return `${ms(wall)} · ${ms(cpu)}`;
}

export const REFERENCE_HEADER = [
  "Page",
  "TBT (median)",
  "Reference TBT: start · end",
  "Load during the page",
  "Blocking from wall · CPU time",
];

/**
 * One row per measured page (the reference's own first measurement included), with the reference's
 * median TBT at the start and at the end of the run; "—" where the run has no end measurement.
 */
export function referenceRows(pages: readonly PageResult[], end: PageResult | undefined): string[][] {
  const start = pages[0];
  if (!start) return [];
  const reference = `${ms(tbtMedian(start))} · ${end ? ms(tbtMedian(end)) : "—"}`;
  return pages.map((page) => {
    const load = loads(page);
    return [
      page.path,
      ms(tbtMedian(page)),
      reference,
      `${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`,
      blockingCell(page),
    ];
  });
}

/** The rows as aligned text for the console. */
export function referenceText(rows: readonly string[][]): string {
  const lines = [REFERENCE_HEADER, ...rows];
  const widths = REFERENCE_HEADER.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? "").length)));
  return lines.map((line) => line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")).join("\n");
}

/**
 * docs/lighthouse.md's one line on the host (the table beside it stays on the console): the reference's
 * median TBT at the start and at the end of the run, and the machine's load over every page's runs.
 */
export function hostLine(pages: readonly PageResult[], end: PageResult | undefined): string {
  const start = pages[0];
  if (!start) return "";
  const load = pages.flatMap(loads);
  return (
    `Reference \`/\` (signed out: no data, no session) TBT at the run's start · end: ` +
    `${ms(tbtMedian(start))} · ${end ? ms(tbtMedian(end)) : "—"}; machine load average ` +
    `${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} during the runs. A slow host shows as ` +
    "a slow reference."
  );
}
