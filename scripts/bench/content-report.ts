import { median as medianOfRuns } from "./lighthouse-budget";
import { markdownTable } from "./markdown-table";

// The pure part of `npm run bench:content`: medians, the budget verdict and the table.

/** Time until the page's own data is on screen, ms: warm (HTTP cache primed) and cold (empty cache). */
export const CONTENT_BUDGET_MS = { warm: 1_500, cold: 3_000 } as const;

export interface ContentResult {
  /** The path as shown in the table (`/messages/:id` for the conversation). */
  page: string;
  /** What is waited for, in words (the table's second column). */
  data: string;
  /** One value per completed run, ms. */
  cold: number[];
  warm: number[];
  /** Set when a run could not measure the page (the data never showed up, or the page went elsewhere). */
  failure?: string;
}

/** The benches' one median (lighthouse-budget.ts); undefined for no values: a page without a number. */
export function median(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : medianOfRuns(values);
}

export function seconds(ms: number | undefined): string {
  return ms === undefined ? "—" : `${(ms / 1000).toFixed(2)} s`;
}

export type ContentStatus = "ok" | "over" | "unmeasured";

/** A page is unmeasured when any run failed or none completed: it never gets a number. */
export function pageStatus(result: ContentResult, budget = CONTENT_BUDGET_MS): ContentStatus {
  const cold = median(result.cold);
  const warm = median(result.warm);
  if (result.failure !== undefined || cold === undefined || warm === undefined) return "unmeasured";
  return cold <= budget.cold && warm <= budget.warm ? "ok" : "over";
}

export interface ContentVerdict {
  ok: boolean;
  over: string[];
  unmeasured: string[];
  /** The output's last line: `content: OK …` or `content: OVER BUDGET …` / `content: NOT MEASURED …`. */
  line: string;
}

export function verdict(results: readonly ContentResult[], budget = CONTENT_BUDGET_MS): ContentVerdict {
  const over = results.filter((r) => pageStatus(r, budget) === "over").map((r) => r.page);
  const unmeasured = results.filter((r) => pageStatus(r, budget) === "unmeasured").map((r) => r.page);
  const limits = `warm ≤ ${seconds(budget.warm)}, cold ≤ ${seconds(budget.cold)}`;
  const problems = [
    ...(over.length > 0 ? [`OVER BUDGET (${limits}): ${over.join(", ")}`] : []),
    ...(unmeasured.length > 0 ? [`NOT MEASURED: ${unmeasured.join(", ")}`] : []),
  ];
  const ok = results.length > 0 && problems.length === 0;
  const line = ok
    ? `content: OK, ${results.length} pages within budget (${limits})`
    : `content: ${problems.length > 0 ? problems.join("; ") : "NOT MEASURED: no pages"}`;
  return { ok, over, unmeasured, line };
}

const STATUS_CELL: Record<ContentStatus, string> = { ok: "yes", over: "NO", unmeasured: "NOT MEASURED" };

/** The Markdown table: page, data, cold median, warm median, runs, budget ok. */
export function contentTable(
  results: readonly ContentResult[],
  runs: number,
  budget = CONTENT_BUDGET_MS,
): string {
  const rows = results.map((result) => {
    const status = pageStatus(result, budget);
    // No number for a page that was not measured on every run: a partial median is not its time.
    const cell = (values: readonly number[]) => (status === "unmeasured" ? "—" : seconds(median(values)));
    const done = status === "unmeasured" ? 0 : Math.min(result.cold.length, result.warm.length);
    return [
      result.page,
      result.data,
      cell(result.cold),
      cell(result.warm),
      `${done}/${runs}`,
      STATUS_CELL[status],
    ];
  });
  return markdownTable(
    ["Page", "Data on screen", "Cold (median)", "Warm (median)", "Runs", "Budget ok"],
    rows,
    new Set([2, 3, 4]),
  );
}

/** Each run's numbers, for the lines under the table. */
export function runsLine(result: ContentResult): string {
  const list = (values: readonly number[]) => values.map((v) => seconds(v)).join(" · ") || "—";
  const failure = result.failure ? ` — ${result.failure}` : "";
  return `${result.page}: cold ${list(result.cold)}; warm ${list(result.warm)}${failure}`;
}
