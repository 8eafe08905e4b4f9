// The Lighthouse budget of architecture §8, and what one run and one page measure.

import type { MainThreadBlocking } from "./main-thread-time";

export type MetricId = "score" | "lcp" | "tbt" | "cls";
export interface Metric {
  id: MetricId;
  label: string;
  /** Pass when the median is on the right side of the limit. */
  limit: number;
  atLeast: boolean;
  format(value: number): string;
}
export const METRICS: readonly Metric[] = [
  { id: "score", label: "Performance", limit: 95, atLeast: true, format: (v) => String(Math.round(v)) },
  { id: "lcp", label: "LCP", limit: 2000, atLeast: false, format: (v) => `${(v / 1000).toFixed(2)} s` },
  { id: "tbt", label: "TBT", limit: 150, atLeast: false, format: (v) => `${Math.round(v)} ms` },
  { id: "cls", label: "CLS", limit: 0.05, atLeast: false, format: (v) => v.toFixed(3) },
];
export const budgetText = (metric: Metric) => `${metric.atLeast ? "≥" : "≤"} ${metric.format(metric.limit)}`;
export const passes = (metric: Metric, value: number) =>
  metric.atLeast ? value >= metric.limit : value <= metric.limit;

export interface Run {
  values: Record<MetricId, number>;
  fcp: number;
  speedIndex: number;
  lcpElement: string;
  benchmarkIndex: number;
  finalUrl: string;
  /** The machine's 1-minute load average when the run started (other work on the 2 cores). */
  load: number;
  /** The main thread's blocking from its tasks' wall time and from their CPU time (./main-thread-time.ts). */
  blocking?: MainThreadBlocking;
  warnings: string[];
}

export interface PageResult {
  path: string;
  note: string;
  runs: Run[];
}

/** The median of some runs' values (the mean of the middle two for an even count; 0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
