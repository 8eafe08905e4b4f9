export function splitByWeight(
  files: string[],
  secondsOf: Record<string, number>,
  startTotals: number[],
): string[][];
export function testSeconds(rootDir: string): {
  journeys: Record<string, number>;
};
export function journeyShards(rootDir: string, startTotals: number[]): string[][];
