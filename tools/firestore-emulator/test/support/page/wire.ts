// Builders for the special `Wire` values the test page understands, and readers for what it returns.
// The page turns these into real SDK values (`serverTimestamp()`, `Timestamp`, `doc()`, ...).

import type { Wire } from "./protocol.ts";

export const sentinel = {
  serverTimestamp: (): Wire => ({ $serverTimestamp: true }),
  increment: (n: number): Wire => ({ $increment: n }),
  maximum: (n: number): Wire => ({ $maximum: n }),
  minimum: (n: number): Wire => ({ $minimum: n }),
  arrayUnion: (...values: Wire[]): Wire => ({ $arrayUnion: values }),
  arrayRemove: (...values: Wire[]): Wire => ({ $arrayRemove: values }),
  deleteField: (): Wire => ({ $deleteField: true }),
};

export const value = {
  timestamp: (date: Date): Wire => {
    const ms = date.getTime();
    const seconds = Math.floor(ms / 1000);
    return { $timestamp: { seconds, nanoseconds: (ms - seconds * 1000) * 1e6 } };
  },
  timestampParts: (seconds: number, nanoseconds: number): Wire => ({ $timestamp: { seconds, nanoseconds } }),
  ref: (path: string): Wire => ({ $ref: path }),
  geo: (latitude: number, longitude: number): Wire => ({ $geo: { latitude, longitude } }),
  bytes: (base64: string): Wire => ({ $bytes: base64 }),
};

function single(w: Wire | undefined, key: string): Wire | undefined {
  if (w === null || w === undefined || typeof w !== "object" || Array.isArray(w)) return undefined;
  return Object.keys(w).length === 1 ? w[key] : undefined;
}

export function isTimestamp(w: Wire | undefined): boolean {
  return single(w, "$timestamp") !== undefined;
}

/** Milliseconds since the epoch of a `$timestamp` wire value; throws if it is not one. */
export function timestampMillis(w: Wire | undefined): number {
  const t = single(w, "$timestamp");
  if (t === undefined || t === null || typeof t !== "object" || Array.isArray(t)) {
    throw new Error(`not a timestamp: ${JSON.stringify(w)}`);
  }
  const { seconds, nanoseconds } = t;
  if (typeof seconds !== "number" || typeof nanoseconds !== "number") {
    throw new Error(`bad timestamp: ${JSON.stringify(w)}`);
  }
  return seconds * 1000 + nanoseconds / 1e6;
}

/** `{ seconds, nanoseconds }` of a `$timestamp` wire value; throws if it is not one. */
export function timestampParts(w: Wire | undefined): { seconds: number; nanoseconds: number } {
  const t = single(w, "$timestamp");
  if (t === undefined || t === null || typeof t !== "object" || Array.isArray(t)) {
    throw new Error(`not a timestamp: ${JSON.stringify(w)}`);
  }
  return { seconds: Number(t.seconds), nanoseconds: Number(t.nanoseconds) };
}

export function refPath(w: Wire | undefined): string {
  const p = single(w, "$ref");
  if (typeof p !== "string") throw new Error(`not a reference: ${JSON.stringify(w)}`);
  return p;
}
