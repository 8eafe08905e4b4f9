import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CpuCalibration, calibrationText } from "./cpu-calibration";
import { budgetText, METRICS, median, type PageResult, passes } from "./lighthouse-budget";
import { DOC, MAX_WAIT_FOR_LOAD_MS, NOTES_MARKER, RUNS, root, SERVER } from "./lighthouse-options";
import { ACCOUNT_BY_ROLE } from "./lighthouse-pages";
import { markdownTable } from "./markdown-table";

// The results: the console table, the per-page details and docs/lighthouse.md.

export interface Row {
  cells: string[];
  ok: boolean;
}

export function tableRows(pages: readonly PageResult[]): Row[] {
  const rows: Row[] = [];
  for (const page of pages) {
    for (const metric of METRICS) {
      const values = page.runs.map((run) => run.values[metric.id]);
      const mid = median(values);
      const ok = passes(metric, mid);
      rows.push({
        cells: [
          page.path,
          metric.label,
          values.map(metric.format).join(" · "),
          metric.format(mid),
          budgetText(metric),
          ok ? "PASS" : "FAIL",
        ],
        ok,
      });
    }
  }
  return rows;
}

const HEADER = ["Page", "Metric", `Runs (${RUNS})`, "Median", "Budget", "Result"];

export function textTable(rows: readonly Row[]): string {
  const lines = [HEADER, ...rows.map((row) => row.cells)];
  const widths = HEADER.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)));
  const format = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  return [
    format(HEADER),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map((r) => format(r.cells)),
  ].join("\n");
}

/** A page as the doc names it: a document's id in the path as `:id` (`/messages/:id`); the console prints it whole. */
export function shownPath(path: string): string {
  return path.replace(/^(\/[^/]+)\/[^/]+$/, "$1/:id");
}

/** The doc's table: one row per page, each metric as its median with the runs' range. */
export const PAGE_HEADER = [
  "Page",
  ...METRICS.map((metric) => `${metric.label} (${budgetText(metric)})`),
  "Result",
];
const PAGE_RIGHT_ALIGNED = new Set(METRICS.map((_, i) => i + 1));

export function pageRows(pages: readonly PageResult[]): string[][] {
  return pages.map((page) => {
    let ok = true;
    const cells = METRICS.map((metric) => {
      const values = page.runs.map((run) => run.values[metric.id]);
      const mid = median(values);
      ok &&= passes(metric, mid);
      const range = `${metric.format(Math.min(...values))}–${metric.format(Math.max(...values))}`;
      return `${metric.format(mid)} (${range})`;
    });
    return [shownPath(page.path), ...cells, ok ? "PASS" : "FAIL"];
  });
}

/**
 * Lighthouse's note that IndexedDB holds data: every signed-in run says it, since the bench keeps the
 * session there on purpose (Method), so the details leave it out.
 */
const KEPT_SESSION_WARNING = /stored data affecting loading performance/;

const warningsOf = (page: PageResult) =>
  [...new Set(page.runs.flatMap((run) => run.warnings))].filter(
    (warning) => !KEPT_SESSION_WARNING.test(warning),
  );

/** The console's line per page: FCP, Speed Index, LCP element, load and Lighthouse's warnings. */
export function details(pages: readonly PageResult[]): string[] {
  return pages.map((page) => {
    const fcp = median(page.runs.map((run) => run.fcp));
    const si = median(page.runs.map((run) => run.speedIndex));
    const elements = [...new Set(page.runs.map((run) => run.lcpElement))].join("; ");
    const loads = page.runs.map((run) => run.load);
    const warnings = warningsOf(page);
    return (
      `- \`${page.path}\` (${page.note}): median FCP ${(fcp / 1000).toFixed(2)} s, Speed Index ` +
      `${(si / 1000).toFixed(2)} s; LCP element ${elements}; machine load average ` +
      `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the runs.` +
      (warnings.length > 0 ? ` Lighthouse warned: ${warnings.map((w) => `"${w}"`).join(", ")}` : "")
    );
  });
}

/** The doc keeps only the pages Lighthouse warned about (a warning may mean an incomplete result). */
export function warningLines(pages: readonly PageResult[]): string[] {
  return pages.flatMap((page) => {
    const warnings = warningsOf(page);
    return warnings.length > 0
      ? [`Lighthouse warned on \`${shownPath(page.path)}\`: ${warnings.map((w) => `"${w}"`).join(", ")}`]
      : [];
  });
}

/** The generated part of docs/lighthouse.md (above the notes' marker). */
export function docText(
  pages: readonly PageResult[],
  rows: readonly Row[],
  chromiumVersion: string,
  host: string,
  calibration: CpuCalibration,
): string {
  const ok = rows.every((row) => row.ok);
  const benchmarkIndex = median(pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex)));
  return `# Lighthouse budget

How fast each page paints on a phone, as Lighthouse mobile scores it: the latest run, its method, how to
read and run it, and what a new page does (every budget: architecture §8). This part is rewritten by each
run; earlier runs are in git (\`git log -p -- docs/lighthouse.md\`).

Generated by \`npm run bench:lighthouse\` (scripts/bench/lighthouse.ts) on ${new Date().toISOString().slice(0, 10)}.

Budget (architecture §8): Lighthouse mobile, median of ${RUNS} runs, on every page below, each as the role
that uses it: performance score ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05.

**Result: ${ok ? "every median within budget" : "budget MISSED (see FAIL rows)"}**, at ${calibrationText(calibration)}. Each cell: the median (the runs' range).

${markdownTable(PAGE_HEADER, pageRows(pages), PAGE_RIGHT_ALIGNED)}

${[host, ...warningLines(pages)].join("\n")}

## Method

- The production build for the local emulators (demo data seeded), ${SERVER === "http2" ? "served over HTTP/2 and TLS as Hosting does (scripts/bench/static-h2.ts)" : "served by `vite preview` (HTTP/1.1; Hosting serves HTTP/2)"}
  on 127.0.0.1, the stack at the lowest CPU priority (scripts/bench/quiet-stack.ts).
- Lighthouse ${lighthouseVersion()} default mobile config, simulated throttling (150 ms RTT, 1.6 Mbps, CPU below),
  performance only; each run a cold load. Each metric's median is taken on its own.
- \`/\` and \`/auth\` signed out, then the demo buyer's (\`${ACCOUNT_BY_ROLE.buyer.email}\`) and shop's
  (\`${ACCOUNT_BY_ROLE.merchant.email}\`) pages, signed in through \`/auth\` (the session survives Lighthouse's storage
  reset; each run checks it was not sent to \`/auth\`); ${MAX_WAIT_FOR_LOAD_MS / 1000} s to settle (\`maxWaitForLoad\`). \`/messages/:id\`
  is the buyer's first conversation, painted after the first run from this device's copy (src/lib/chat-preview.ts).
- CPU slowdown: the host's BenchmarkIndex (median of 3 in a blank tab, here ${Math.round(calibration.hostIndex)}) over the
  target phone's (${calibration.target.label}, ${calibration.target.benchmarkIndex}), scripts/bench/cpu-calibration.ts;
  \`BENCH_CPU_SLOWDOWN=4\` fixes it instead.
- The console also prints each page's TBT beside the reference's, its FCP, Speed Index and LCP element,
  and its "blocking from wall · CPU time" (scripts/bench/main-thread-time.ts: slowdown × task − 50 ms
  summed over the main thread's tasks after the first paint; a gap is the host, not the page).
- Machine: 2 shared cores; Chromium ${chromiumVersion}, headless; BenchmarkIndex in the runs (median)
  ${Math.round(benchmarkIndex)}.
`;
}

export function writeDoc(
  pages: readonly PageResult[],
  rows: readonly Row[],
  chromiumVersion: string,
  host: string,
  calibration: CpuCalibration,
): void {
  const text = docText(pages, rows, chromiumVersion, host, calibration);
  // Hand-written findings below the marker survive a new run.
  const previous = existsSync(DOC) ? readFileSync(DOC, "utf8") : "";
  const notes = previous.includes(NOTES_MARKER)
    ? previous.slice(previous.indexOf(NOTES_MARKER))
    : `${NOTES_MARKER}\n`;
  mkdirSync(join(root, "docs"), { recursive: true });
  writeFileSync(DOC, `${text}\n${notes}`);
}

function lighthouseVersion(): string {
  const file = join(root, "node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
