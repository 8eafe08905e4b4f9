export function secondsFromLog(text: string): Record<string, Record<string, number>>;
export function meanSeconds(
  runs: Record<string, Record<string, number>>[],
): Record<string, Record<string, number>>;
