import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import type { Browser } from "playwright-core";
import { median } from "./lighthouse-budget";

// One phone on every host: the CPU slowdown the benches apply, calibrated once per run.
//
// A fixed 4× slowdown emulates a different phone on every machine: Lighthouse's simulation and
// DevTools' throttle both multiply the host's own CPU time. Lighthouse's docs/throttling.md
// ("Calibrating the CPU slowdown") says to measure the host's BenchmarkIndex (the benchmark
// Lighthouse runs before each report, `environment.benchmarkIndex`) and pick the multiplier that
// brings the host down to the target device; DevTools' CPU calibration uses the same benchmark with a
// mid-tier phone (Pixel 5) at 1,000 and a low-tier one at 264. The index is iterations per second, so
// a host at 3,000 slowed 3× runs the benchmark as a phone at 1,000 does.

export interface TargetPhone {
  label: string;
  benchmarkIndex: number;
}

/** DevTools' mid-tier calibration target (front_end/panels/mobile_throttling/CalibrationController.ts). */
export const MID_TIER_PHONE: TargetPhone = { label: "mid-tier phone (Pixel 5 class)", benchmarkIndex: 1_000 };

/** The slowdown is never below 1× (a host slower than the phone is measured as it is) nor above 20×. */
const SLOWDOWN_RANGE = { min: 1, max: 20 } as const;
/** One warm-up run, then this many measured ones; each takes about a second. */
const SAMPLES = 3;

export interface CpuCalibration {
  /** The host's BenchmarkIndex, median of the samples. */
  hostIndex: number;
  samples: number[];
  target: TargetPhone;
  /** The multiplier Lighthouse's simulation and DevTools' throttle apply this run. */
  slowdown: number;
  /** Set when BENCH_CPU_SLOWDOWN fixed the multiplier instead of the calibration. */
  fixed: boolean;
}

/** The multiplier that brings a host at `hostIndex` to `target`, to one decimal, within 1-20×. */
export function slowdownFor(hostIndex: number, target: TargetPhone = MID_TIER_PHONE): number {
  if (!Number.isFinite(hostIndex) || hostIndex <= 0) {
    throw new Error(`Invalid host BenchmarkIndex: ${hostIndex}`);
  }
  const ratio = Math.round((hostIndex / target.benchmarkIndex) * 10) / 10;
  return Math.min(SLOWDOWN_RANGE.max, Math.max(SLOWDOWN_RANGE.min, ratio));
}

/** BENCH_CPU_SLOWDOWN=4 fixes the multiplier (to compare with a run made before calibration). */
export function fixedSlowdown(value = process.env.BENCH_CPU_SLOWDOWN): number | undefined {
  if (value === undefined || value === "") return undefined;
  const slowdown = Number(value);
  if (!Number.isFinite(slowdown) || slowdown < 1) throw new Error(`Invalid BENCH_CPU_SLOWDOWN: ${value}`);
  return slowdown;
}

/** Runs Lighthouse's own benchmark in a blank tab of `browser`, unthrottled, and calibrates. */
export async function calibrateCpu(
  browser: Browser,
  target: TargetPhone = MID_TIER_PHONE,
): Promise<CpuCalibration> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const samples: number[] = [];
    for (let run = 0; run <= SAMPLES; run += 1) {
      const index = await tab.evaluate(pageFunctions.computeBenchmarkIndex);
      if (run > 0) samples.push(index);
    }
    const hostIndex = median(samples);
    const fixed = fixedSlowdown();
    return {
      hostIndex,
      samples,
      target,
      slowdown: fixed ?? slowdownFor(hostIndex, target),
      fixed: fixed !== undefined,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** The line every bench prints: the host's index, the multiplier and what it emulates. */
export function calibrationText(calibration: CpuCalibration): string {
  const index = Math.round(calibration.hostIndex).toLocaleString("en-US");
  const how = calibration.fixed
    ? "fixed by BENCH_CPU_SLOWDOWN"
    : `to a ${calibration.target.label} at ${calibration.target.benchmarkIndex.toLocaleString("en-US")}`;
  return `host BenchmarkIndex ${index}, CPU slowdown ${calibration.slowdown}× (${how})`;
}
