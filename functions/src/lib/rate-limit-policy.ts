import {
  CLIENT_ERROR_IP_WINDOW_MS,
  CLIENT_ERROR_REPORTS_PER_IP,
  PROFILE_SYNC_WINDOW_MS,
  PROFILE_SYNCS_PER_WINDOW,
} from "@/domain/limits";

/**
 * Fixed-window rate limiting, pure: the caller stores the window in Firestore inside a transaction.
 * A window counts the hits since `windowStart`; a new window starts when the old one is over.
 */
export interface RateWindow {
  windowStart: Date;
  count: number;
}

export interface RatePolicy {
  max: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  next: RateWindow;
}

export function decideRate(current: RateWindow | undefined, policy: RatePolicy, now: Date): RateDecision {
  const expired = !current || now.getTime() - current.windowStart.getTime() >= policy.windowMs;
  const window = expired ? { windowStart: now, count: 0 } : current;
  if (window.count >= policy.max) return { allowed: false, next: window };
  return { allowed: true, next: { windowStart: window.windowStart, count: window.count + 1 } };
}

/** Limits of the e-mail sending endpoints (per recipient e-mail and per client IP). */
export const EMAIL_RATE_POLICY: RatePolicy = { max: 5, windowMs: 15 * 60 * 1000 };
export const IP_RATE_POLICY: RatePolicy = { max: 30, windowMs: 60 * 60 * 1000 };
/** Profile rewrites (syncProfile) that change profiles/{uid}, per user; unchanged syncs are free. */
export const PROFILE_SYNC_RATE_POLICY: RatePolicy = {
  max: PROFILE_SYNCS_PER_WINDOW,
  windowMs: PROFILE_SYNC_WINDOW_MS,
};
/** Account reclaims after an e-mail link sign-in (reclaimAccount), per user. */
export const RECLAIM_RATE_POLICY: RatePolicy = { max: 10, windowMs: 15 * 60 * 1000 };
/** Browser error reports (POST /api/client-error), per client address. */
export const CLIENT_ERROR_RATE_POLICY: RatePolicy = {
  max: CLIENT_ERROR_REPORTS_PER_IP,
  windowMs: CLIENT_ERROR_IP_WINDOW_MS,
};
