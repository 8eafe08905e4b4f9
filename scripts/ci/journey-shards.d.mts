export function splitByWeight(files: string[], secondsOf: Record<string, number>, count: number): string[][];
export function journeyShards(rootDir: string, count: number): string[][];
