export function splitByWeight(
  files: string[],
  secondsOf: Record<string, number>,
  startTotals: number[],
): string[][];
export const SPLIT_LAYERS: { e2e: string; integration: string };
export type SplitLayer = keyof typeof SPLIT_LAYERS;
export function testSeconds(rootDir: string): Record<SplitLayer, Record<string, number>>;
export function layerFiles(rootDir: string, layer: SplitLayer): string[];
export function layerShards(rootDir: string, layer: SplitLayer, startTotals: number[]): string[][];
