import { median as medianOfRuns } from "./lighthouse-budget";
import { markdownTable } from "./markdown-table";

// The pure part of `npm run bench:content`: medians, the budget verdict and the table.

/** Time until the page's own data is on screen, ms: warm (HTTP cache primed) and cold (empty cache). */
export const CONTENT_BUDGET_MS = { warm: 1_500, cold: 3_000 } as const;
/**
 * The same times against the reference `/` of the same run (architecture §8): a host twice as slow
 * doubles both, so the ratio is the verdict that holds on every machine.
 */
export const CONTENT_RATIO_BUDGET = { warm: 2, cold: 1.6 } as const;

/** The reference's medians in this run, ms (`/` signed out, to its main heading). */
export interface ReferenceTimes {
  cold: number;
  warm: number;
}

export interface ContentBudget {
  ms: { warm: number; cold: number };
  ratio: { warm: number; cold: number };
}
export const CONTENT_BUDGET: ContentBudget = { ms: CONTENT_BUDGET_MS, ratio: CONTENT_RATIO_BUDGET };

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

/** `value` as a multiple of the reference's, to two decimals. */
export const ratioTo = (value: number, reference: number) => Math.round((value / reference) * 100) / 100;

/**
 * A page is unmeasured when any run failed or none completed: it never gets a number. It is within
 * budget when both medians are within their absolute limits and within their ratio to the reference.
 */
export function pageStatus(
  result: ContentResult,
  reference: ReferenceTimes,
  budget = CONTENT_BUDGET,
): ContentStatus {
  const cold = median(result.cold);
  const warm = median(result.warm);
  if (result.failure !== undefined || cold === undefined || warm === undefined) return "unmeasured";
  const absolute = cold <= budget.ms.cold && warm <= budget.ms.warm;
  const relative =
    ratioTo(cold, reference.cold) <= budget.ratio.cold && ratioTo(warm, reference.warm) <= budget.ratio.warm;
  return absolute && relative ? "ok" : "over";
}

/** The budget in words, for the verdict line and the docs. */
export const budgetText = (budget = CONTENT_BUDGET) =>
  `cold ≤ ${seconds(budget.ms.cold)} and ≤ ${budget.ratio.cold} × /, warm ≤ ${seconds(budget.ms.warm)} and ≤ ${budget.ratio.warm} × /`;

export interface ContentVerdict {
  ok: boolean;
  over: string[];
  unmeasured: string[];
  /** The output's last line: `content: OK …` or `content: OVER BUDGET …` / `content: NOT MEASURED …`. */
  line: string;
}

export function verdict(
  results: readonly ContentResult[],
  reference: ReferenceTimes,
  budget = CONTENT_BUDGET,
): ContentVerdict {
  const over = results.filter((r) => pageStatus(r, reference, budget) === "over").map((r) => r.page);
  const unmeasured = results
    .filter((r) => pageStatus(r, reference, budget) === "unmeasured")
    .map((r) => r.page);
  const limits = `${budgetText(budget)}; / cold ${seconds(reference.cold)}, warm ${seconds(reference.warm)}`;
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

/** The Markdown table: page, data, cold and warm medians each with its ratio to `/`, runs, budget ok. */
export function contentTable(
  results: readonly ContentResult[],
  runs: number,
  reference: ReferenceTimes,
  budget = CONTENT_BUDGET,
): string {
  const rows = results.map((result) => {
    const status = pageStatus(result, reference, budget);
    // No number for a page that was not measured on every run: a partial median is not its time.
    const cell = (values: readonly number[], against: number) => {
      const value = median(values);
      if (status === "unmeasured" || value === undefined) return "—";
      return `${seconds(value)} (${ratioTo(value, against).toFixed(2)} ×)`;
    };
    const done = status === "unmeasured" ? 0 : Math.min(result.cold.length, result.warm.length);
    return [
      result.page,
      result.data,
      cell(result.cold, reference.cold),
      cell(result.warm, reference.warm),
      `${done}/${runs}`,
      STATUS_CELL[status],
    ];
  });
  return markdownTable(
    ["Page", "Data on screen", "Cold (× /)", "Warm (× /)", "Runs", "Budget ok"],
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
