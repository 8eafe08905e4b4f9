/**
 * What the long tasks of a page load are made of: reads a CPU profile written by
 * `BENCH_LH_PROFILE=DIR npm run bench:lighthouse` (DIR/<page>.cpuprofile, recorded at the run's calibrated CPU slowdown)
 * and the build kept next to it (DIR/dist, with source maps), splits the samples into busy stretches
 * (no idle sample and no gap without samples: `sampleWeights`), and for each stretch longer than 50 ms prints where its time went:
 * self time per original source and the source files on the stack (inclusive).
 *
 *   node --import tsx scripts/bench/long-tasks.ts DIR create
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sampleWeights, sourceMapper } from "./cpu-profile";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

const [dir, page] = process.argv.slice(2);
if (!dir || !page) throw new Error("usage: long-tasks.ts DIR PAGE");
const profile = JSON.parse(readFileSync(join(dir, `${page}.cpuprofile`), "utf8")) as Profile;
const dist = join(dir, "dist");

const sourceOf = sourceMapper(dist);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (node: Node) => {
  const { url, lineNumber, columnNumber, functionName } = node.callFrame;
  return sourceOf(url, lineNumber, columnNumber) ?? (functionName || url || "(anonymous)");
};

type Stretch = { start: number; end: number; samples: { id: number; ms: number }[] };
const stretches: Stretch[] = [];
let time = profile.startTime;
let current: Stretch | null = null;
// A gap without samples (the thread slept) ends a stretch too (sampleWeights, ./cpu-profile.ts).
const weights = sampleWeights(profile.timeDeltas);
profile.samples.forEach((id, index) => {
  time += profile.timeDeltas[index] ?? 0;
  const { ms, afterGap: gap } = weights[index] ?? { ms: 0, afterGap: false };
  const name = byId.get(id)?.callFrame.functionName;
  const idle = name === "(idle)";
  if (idle || gap) {
    if (current) stretches.push(current);
    current = null;
    if (idle) return;
  }
  current ??= { start: time, end: time, samples: [] };
  current.end = time;
  current.samples.push({ id, ms });
});
if (current) stretches.push(current);

for (const stretch of stretches) {
  const total = stretch.samples.reduce((sum, sample) => sum + sample.ms, 0);
  if (total < 50) continue;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const sample of stretch.samples) {
    const node = byId.get(sample.id);
    if (!node) continue;
    self.set(label(node), (self.get(label(node)) ?? 0) + sample.ms);
    const seen = new Set<string>();
    for (let id: number | undefined = sample.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id);
      if (!frame) break;
      const key = label(frame);
      if (!key.startsWith("src/") || seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + sample.ms);
    }
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `${ms.toFixed(0)} ${key}`)
      .join(" · ");
  console.log(`\n${((stretch.start - profile.startTime) / 1000).toFixed(0)} ms: busy ${total.toFixed(0)} ms`);
  console.log(`  self: ${top(self, 8)}`);
  console.log(`  src on the stack: ${top(inclusive, 10)}`);
}
