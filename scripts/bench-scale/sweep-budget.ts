// The sweeps' bill and its budget (docs/scale.md, "Sweeps"): a scheduled job's reads follow what is due,
// not the size of its collections. For each job, the same due items beside few and many documents not
// due: the reads per due item at the largest size within SWEEP_READS_TOLERANCE of the smallest, every due
// item handled, and a second run at once (nothing left to do) reads at most SWEEP_RERUN_READS_PER_QUERY
// per query the job makes (an empty page is billed one read).

export const SWEEP_READS_TOLERANCE = 0.1;
export const SWEEP_RERUN_READS_PER_QUERY = 2;

/** One job's run at one size. */
export interface SweepRow {
  job: string;
  /** Documents due (each one the job has something to do for). */
  due: number;
  /** Documents beside them that the job must leave alone. */
  notDue: number;
  /** Due items the job reported handled. */
  handled: number;
  reads: number;
  writes: number;
  /** Reads of a second run at once, which has nothing to do. */
  rerunReads: number;
  /** Queries the job's run makes (its rerun budget is SWEEP_RERUN_READS_PER_QUERY each). */
  queries: number;
  ms: number;
}

export const readsPerDue = (row: SweepRow): number => row.reads / Math.max(1, row.due);

/** What is over budget for one job across the sizes (empty: within). */
export function sweepMisses(rows: readonly SweepRow[]): string[] {
  const sorted = [...rows].sort((a, b) => a.notDue - b.notDue);
  const small = sorted[0];
  const large = sorted.at(-1);
  if (!small || !large) return [];
  const misses: string[] = [];
  const growth = readsPerDue(small) > 0 ? readsPerDue(large) / readsPerDue(small) - 1 : 0;
  if (growth > SWEEP_READS_TOLERANCE) {
    misses.push(
      `reads/due ${readsPerDue(small).toFixed(1)} → ${readsPerDue(large).toFixed(1)} ` +
        `(+${(growth * 100).toFixed(0)} %, budget ≤ ${SWEEP_READS_TOLERANCE * 100} %)`,
    );
  }
  for (const row of sorted) {
    if (row.handled !== row.due)
      misses.push(`handled ${row.handled} of ${row.due} due (${row.notDue} not due)`);
    const rerunBudget = SWEEP_RERUN_READS_PER_QUERY * row.queries;
    if (row.rerunReads > rerunBudget) {
      misses.push(`rerun read ${row.rerunReads} beside ${row.notDue} not due (budget ≤ ${rerunBudget})`);
    }
  }
  return misses;
}

/** The verdict over every job: each job's misses, and a one-line summary for the `scale:` line. */
export function sweepVerdict(rows: readonly SweepRow[]): {
  ok: boolean;
  over: Array<{ job: string; misses: string[] }>;
  summary: string;
} {
  const jobs = [...new Set(rows.map((row) => row.job))];
  const over = jobs
    .map((job) => ({ job, misses: sweepMisses(rows.filter((row) => row.job === job)) }))
    .filter((entry) => entry.misses.length > 0);
  const sizes = [...new Set(rows.map((row) => row.notDue))].sort((a, b) => a - b);
  const summary =
    over.length === 0
      ? `${jobs.length} sweeps read per due item the same beside ${sizes.join(" and ")} not due (≤ ${SWEEP_READS_TOLERANCE * 100} %), reruns ≤ ${SWEEP_RERUN_READS_PER_QUERY} reads a query`
      : `sweeps over budget: ${over.map((entry) => `${entry.job} (${entry.misses.join("; ")})`).join(", ")}`;
  return { ok: over.length === 0, over, summary };
}

/** A Markdown table of one size's rows. */
export function sweepTable(rows: readonly SweepRow[]): string[] {
  return [
    "| job | due | not due | handled | reads | writes | reads/due | rerun reads | ms |",
    "| --- | --: | --: | --: | --: | --: | --: | --: | --: |",
    ...rows.map(
      (row) =>
        `| ${row.job} | ${row.due} | ${row.notDue} | ${row.handled} | ${row.reads} | ${row.writes} | ` +
        `${readsPerDue(row).toFixed(1)} | ${row.rerunReads} | ${row.ms.toFixed(0)} |`,
    ),
  ];
}
