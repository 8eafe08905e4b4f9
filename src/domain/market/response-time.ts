import { z } from "zod";
import {
  hasOpenDay,
  minutesOf,
  shopClock,
  WEEK_DAYS,
  type WeekDay,
  type WeeklyHours,
} from "../people/opening-hours.ts";
import {
  BUCKET_MINUTES,
  RESPONSE_BUCKETS,
  RESPONSE_TIME_MESSAGES,
  type ResponseBucket,
} from "./response-time-messages.ts";

export { RESPONSE_BUCKETS, RESPONSE_TIME_MESSAGES, type ResponseBucket };

/**
 * 'Di solito risponde entro …': how fast a shop answers the requests that reach it. A response time is
 * the time from the request reaching the shop (its publication or last renewal: the fan-out reaches the
 * shops of its area as it is published) to the shop's offer, counting only the shop's opening hours (all
 * the time for a shop that gave none). submitOffer keeps the last RESPONSE_TIME.keep of them per shop
 * and per area (responseSamples, functions only; no scan), and publishes only a coarse bucket
 * (shopStats/{uid}, areaStats/{cell}), and only from RESPONSE_TIME.minAnswers answers in the last
 * RESPONSE_TIME.days days.
 */
export const RESPONSE_TIME = {
  /** Answers kept per shop (the newest); an area keeps areaKeep. */
  keep: 50,
  areaKeep: 200,
  /** Only answers of the last days count. */
  days: 30,
  /** Fewer answers than this show nothing. */
  minAnswers: 5,
  /** A gap longer than this (in days) is not walked further: the answer is past every bucket anyway. */
  maxWalkDays: 40,
} as const;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/**
 * The minutes between `from` and `to` that fall in the shop's opening hours (Europe/Rome), or all of
 * them when the shop has no hours. Walks day by day from `from` (at most RESPONSE_TIME.maxWalkDays).
 */
export function openMinutesBetween(hours: WeeklyHours | undefined, from: Date, to: Date): number {
  const end = to.getTime();
  let at = from.getTime();
  if (end <= at) return 0;
  if (!hasOpenDay(hours)) return (end - at) / MINUTE_MS;
  let total = 0;
  for (let day = 0; at < end && day <= RESPONSE_TIME.maxWalkDays; day++) {
    const clock = shopClock(new Date(at));
    // Rome's offset is whole hours: the seconds past the minute are the same there.
    const start = clock.minutes + (at % MINUTE_MS) / MINUTE_MS;
    const stop = Math.min(DAY_MINUTES, start + (end - at) / MINUTE_MS);
    for (const range of hours[WEEK_DAYS[clock.dayIndex] as WeekDay] ?? []) {
      total += Math.max(0, Math.min(minutesOf(range.close), stop) - Math.max(minutesOf(range.open), start));
    }
    at += (DAY_MINUTES - start) * MINUTE_MS;
  }
  return total;
}

/** One answer: when the offer went (ms) and its response time in opening minutes. */
export const responseSampleSchema = z.object({ at: z.number(), minutes: z.number().min(0) });
export type ResponseSample = z.infer<typeof responseSampleSchema>;
/** responseSamples/{shop uid | area-cell}: the newest answers (functions only). */
export const responseSamplesSchema = z.object({ samples: z.array(responseSampleSchema).default([]) });

/** The samples with `sample` added, the newest `keep` kept (newest last). */
export function addResponseSample(
  samples: readonly ResponseSample[],
  sample: ResponseSample,
  keep: number,
): ResponseSample[] {
  return [...samples, sample].sort((a, b) => a.at - b.at).slice(-keep);
}

/** The median of the answers of the last RESPONSE_TIME.days days, or null under RESPONSE_TIME.minAnswers. */
export function medianResponseMinutes(samples: readonly ResponseSample[], now: Date): number | null {
  const since = now.getTime() - RESPONSE_TIME.days * DAY_MINUTES * MINUTE_MS;
  const recent = samples
    .filter((sample) => sample.at >= since)
    .map((sample) => sample.minutes)
    .sort((a, b) => a - b);
  if (recent.length < RESPONSE_TIME.minAnswers) return null;
  const middle = Math.floor(recent.length / 2);
  return recent.length % 2 === 1
    ? (recent[middle] ?? 0)
    : ((recent[middle - 1] ?? 0) + (recent[middle] ?? 0)) / 2;
}

/** The coarse bucket of a median, or null (no median, or slower than a day of opening hours). */
export function responseBucket(medianMinutes: number | null): ResponseBucket | null {
  if (medianMinutes === null) return null;
  return RESPONSE_BUCKETS.find((bucket) => medianMinutes <= BUCKET_MINUTES[bucket]) ?? null;
}

/** shopStats/{uid} and areaStats/{cell}: the coarse value anyone signed in reads (functions write). */
export const responseStatsSchema = z.object({
  responseBucket: z.enum(RESPONSE_BUCKETS).nullable(),
  /** The shop's area cell (shopStats only): its areaStats document. */
  area: z.string().optional(),
});
export type ResponseStats = z.infer<typeof responseStatsSchema>;

/** The geohash precision of a shop's area for the dashboard's comparison (about 5 km). */
export const RESPONSE_AREA_PRECISION = 5;
