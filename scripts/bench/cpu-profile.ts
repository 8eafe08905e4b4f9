import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chromium } from "playwright-core";
import { LOCAL_HOST } from "../stack/ports";

// BENCH_LH_PROFILE=DIR: after a page's Lighthouse runs, one more cold load of it with a V8 CPU profile
// (the run's calibrated CPU slowdown, as Lighthouse simulates: ./cpu-calibration.ts), summarised by self time per function and per script:
// where the main thread's time goes, which Lighthouse's traces do not say ("Unattributable", "index.js").

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const SETTLE_MS = 8_000;

function shortUrl(url: string): string {
  if (!url) return "(native)";
  return url.replace(/^https?:\/\/[^/]+/, "");
}

/**
 * The original source of a built position (node_modules package or src/ file), through the build's
 * source maps in `distDir` (vite.config.ts writes them), or undefined when there is none.
 */
export function sourceMapper(distDir: string | undefined) {
  const maps = new Map<string, TraceMap | null>();
  return (url: string, line: number, column: number): string | undefined => {
    if (!distDir) return undefined;
    const path = shortUrl(url);
    if (!path.startsWith("/assets/")) return undefined;
    if (!maps.has(path)) {
      const file = join(distDir, `${path}.map`);
      maps.set(path, existsSync(file) ? new TraceMap(readFileSync(file, "utf8")) : null);
    }
    const map = maps.get(path);
    if (!map) return undefined;
    const source = originalPositionFor(map, { line: line + 1, column }).source;
    if (!source) return undefined;
    const inModules = source.lastIndexOf("node_modules/");
    if (inModules >= 0) {
      const parts = source.slice(inModules + "node_modules/".length).split("/");
      return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
    }
    return source.replace(/^.*?\/src\//, "src/");
  };
}

/** A sample's weight and whether a gap came before it (see `sampleWeights`). */
export type SampleWeight = { ms: number; afterGap: boolean };

/**
 * What each sample of a profile weighs: the time since the sample before it (`timeDeltas`, µs), except
 * after a gap. When the thread sleeps, V8 may record nothing for seconds, and the next sample would carry
 * all of it (a page idle from 2 s to 6 s read as 5.5 s of react-dom): a delta over 10 usual intervals
 * (at least 5 ms) marks a gap, and that sample weighs one usual interval.
 */
export function sampleWeights(timeDeltas: readonly number[]): SampleWeight[] {
  const sorted = timeDeltas.map((delta) => delta / 1000).sort((a, b) => a - b);
  const usualMs = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const gapMs = Math.max(5, 10 * usualMs);
  return timeDeltas.map((delta) => {
    const ms = delta / 1000;
    return ms > gapMs ? { ms: usualMs, afterGap: true } : { ms, afterGap: false };
  });
}

/**
 * Self time (ms) per script, per original source (npm package or src/ file, when the build's source
 * maps are in `distDir`) and per function over the profile.
 */
export function summarise(profile: CpuProfile, distDir?: string, top = 25): string[] {
  const sourceOf = sourceMapper(distDir);
  const perSource = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const perFunction = new Map<string, number>();
  const perScript = new Map<string, number>();
  const weights = sampleWeights(profile.timeDeltas);
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = weights[index]?.ms ?? 0;
    if (!node) return;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") return;
    const key = `${functionName || "(anonymous)"} ${shortUrl(url)}:${lineNumber + 1}:${columnNumber + 1}`;
    perFunction.set(key, (perFunction.get(key) ?? 0) + delta);
    const script = shortUrl(url) || functionName;
    perScript.set(script, (perScript.get(script) ?? 0) + delta);
    const source = sourceOf(url, lineNumber, columnNumber) ?? script;
    perSource.set(source, (perSource.get(source) ?? 0) + delta);
  });
  const lines = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${key}`);
  return [
    "  per script:",
    ...lines(perScript, 12),
    "  per source:",
    ...lines(perSource, 20),
    "  per function:",
    ...lines(perFunction, top),
  ];
}

export async function profilePage(
  devtoolsPort: number,
  url: string,
  outDir: string,
  id: string,
  slowdown: number,
  distDir?: string,
) {
  const browser = await chromium.connectOverCDP(`http://${LOCAL_HOST}:${devtoolsPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    try {
      await page.setViewportSize({ width: 412, height: 823 });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.clearBrowserCache");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
      await cdp.send("Profiler.start");
      await page.goto(url, { waitUntil: "load" });
      await page.waitForTimeout(SETTLE_MS);
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
      writeFileSync(join(outDir, `${id}.cpuprofile`), JSON.stringify(profile));
      const lines = summarise(profile, distDir);
      writeFileSync(join(outDir, `${id}.profile.txt`), `${url}\n${lines.join("\n")}\n`);
      console.log(`  ${url} CPU profile (${slowdown}× slowdown, ${SETTLE_MS / 1000} s after load):`);
      for (const line of lines.slice(0, 35)) console.log(line);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
