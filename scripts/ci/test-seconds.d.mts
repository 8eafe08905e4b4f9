export function secondsFromLog(text: string): Record<string, Record<string, number>>;
