/**
 * Versions are microseconds since the epoch (safe integers until year 2255).
 * The clock is strictly increasing for commits and never goes backwards for reads.
 */
import { invalidArgument } from "./errors.ts";

export type Micros = number;

export class Clock {
  private last: Micros = 0;
  /** Wall clock in microseconds (ms precision plus a sub-ms part from the monotonic clock). */
  private wall(): Micros {
    const ms = Date.now();
    const frac = Math.floor((performance.now() % 1) * 1000);
    return ms * 1000 + frac;
  }
  /** A new version strictly greater than any version or read time issued before. */
  tick(): Micros {
    const now = this.wall();
    this.last = now > this.last ? now : this.last + 1;
    return this.last;
  }
  /** A read time: ≥ every version issued so far; the next tick is strictly greater. */
  peek(): Micros {
    const now = this.wall();
    if (now > this.last) this.last = now;
    return this.last;
  }
  /** Makes sure later versions are greater than `v` (after loading a snapshot). */
  observe(v: Micros): void {
    if (v > this.last) this.last = v;
  }
}

export interface Timestamp {
  seconds: number;
  nanos: number;
}

export function microsToTimestamp(us: Micros): Timestamp {
  const seconds = Math.floor(us / 1_000_000);
  return { seconds, nanos: (us - seconds * 1_000_000) * 1000 };
}

/** Exact micros if the timestamp falls on a microsecond, else null. */
export function timestampToMicros(ts: Timestamp): Micros | null {
  if (ts.nanos % 1000 !== 0) return null;
  return ts.seconds * 1_000_000 + ts.nanos / 1000;
}

const MIN_SECONDS = -62135596800; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253402300799; // 9999-12-31T23:59:59Z

/** RFC 3339 in UTC with 0, 3, 6 or 9 fraction digits, always ending in Z. */
export function formatTimestamp(ts: Timestamp): string {
  const iso = new Date(ts.seconds * 1000).toISOString(); // YYYY-MM-DDTHH:MM:SS.000Z
  const base = iso.slice(0, 19);
  if (ts.nanos === 0) return `${base}Z`;
  let frac = String(ts.nanos).padStart(9, "0");
  while (frac.length > 3 && frac.endsWith("000")) frac = frac.slice(0, -3);
  return `${base}.${frac}Z`;
}

export function formatMicros(us: Micros): string {
  return formatTimestamp(microsToTimestamp(us));
}

const TS_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** Parses proto3 JSON timestamps (RFC 3339 string) and the `{seconds, nanos}` object form. */
export function parseTimestamp(value: unknown, what: string): Timestamp {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const o = value as { seconds?: unknown; nanos?: unknown };
    const seconds = typeof o.seconds === "string" ? Number(o.seconds) : (o.seconds ?? 0);
    const nanos = typeof o.nanos === "string" ? Number(o.nanos) : (o.nanos ?? 0);
    if (typeof seconds !== "number" || !Number.isInteger(seconds) || typeof nanos !== "number") {
      throw invalidArgument(`${what} is not a valid timestamp.`);
    }
    return checkRange({ seconds, nanos }, what);
  }
  if (typeof value !== "string") throw invalidArgument(`${what} must be an RFC 3339 timestamp string.`);
  const m = TS_RE.exec(value);
  if (!m) throw invalidArgument(`${what} is not a valid RFC 3339 timestamp: ${JSON.stringify(value)}.`);
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number(y) < 100) {
    const dt = new Date(ms);
    dt.setUTCFullYear(Number(y));
    ms = dt.getTime();
  }
  if (Number.isNaN(ms)) throw invalidArgument(`${what} is not a valid timestamp: ${JSON.stringify(value)}.`);
  let seconds = ms / 1000;
  if (zone && zone !== "Z" && zone !== "z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    seconds -= sign * (oh * 3600 + om * 60);
  }
  const nanos = frac ? Number(frac.padEnd(9, "0")) : 0;
  return checkRange({ seconds, nanos }, what);
}

function checkRange(ts: Timestamp, what: string): Timestamp {
  if (ts.nanos < 0 || ts.nanos > 999_999_999 || !Number.isInteger(ts.nanos)) {
    throw invalidArgument(`${what} has invalid nanos ${ts.nanos}.`);
  }
  if (ts.seconds < MIN_SECONDS || ts.seconds > MAX_SECONDS) {
    throw invalidArgument(`${what} is out of range (0001-01-01 to 9999-12-31).`);
  }
  return ts;
}
