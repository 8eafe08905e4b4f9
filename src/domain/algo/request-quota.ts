import { MAX_ACTIVE_REQUESTS_PER_BUYER, MAX_REQUESTS_PER_DAY } from "../core/limits.ts";
import { algoUsageDay } from "./algo-usage.ts";

/**
 * Write floods: a buyer has at most MAX_ACTIVE_REQUESTS_PER_BUYER active requests and
 * publishes at most MAX_REQUESTS_PER_DAY a day (Europe/Rome calendar, like Algo's daily turns). Only
 * algoChat publishes, so both are checked in its publishing transaction: the active ones by a query
 * bounded at the cap, the day's by users/{uid}.requestQuota, a field only functions write.
 */
export interface RequestDailyQuota {
  day: string;
  published: number;
}

export type PublishRefusal = "active_requests" | "daily_requests";

/** Today's count from what a users document holds (another day's, or nothing, is a fresh day). */
export function requestQuotaOn(stored: unknown, now: Date): RequestDailyQuota {
  const day = algoUsageDay(now);
  const quota = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const published = quota.published;
  if (quota.day !== day || typeof published !== "number" || !Number.isInteger(published) || published < 0) {
    return { day, published: 0 };
  }
  return { day, published };
}

/** Why one more request may not be published now, if it may not. */
export function publishRefusal(activeRequests: number, quota: RequestDailyQuota): PublishRefusal | undefined {
  if (activeRequests >= MAX_ACTIVE_REQUESTS_PER_BUYER) return "active_requests";
  if (quota.published >= MAX_REQUESTS_PER_DAY) return "daily_requests";
  return undefined;
}

export const withPublished = (quota: RequestDailyQuota): RequestDailyQuota => ({
  ...quota,
  published: quota.published + 1,
});
