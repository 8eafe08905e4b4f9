import {
  BLOCK_CHANGES_PER_HOUR,
  CLIENT_ERROR_IP_WINDOW_MS,
  CLIENT_ERROR_REPORTS_PER_IP,
  DATA_EXPORTS_PER_HOUR,
  EMAILS_PER_ADDRESS_AND_CLIENT,
  EMAILS_PER_IPV4_PER_HOUR,
  EMAILS_PER_IPV6_PREFIX_PER_HOUR,
  PRICE_GUIDANCE_CALLS_PER_HOUR,
  PROFILE_SYNC_WINDOW_MS,
  PROFILE_SYNCS_PER_WINDOW,
} from "@/domain/core/limits";

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

const HOUR_MS = 60 * 60 * 1000;

/**
 * Limits of the e-mail sending endpoints: per (recipient e-mail, client address), the one that binds a
 * person, and per client address alone, a ceiling against one machine mailing many addresses. The
 * ceiling of an IPv4 address is high: a mobile carrier's CGNAT puts thousands of legitimate users
 * behind one. An IPv6 /64 belongs to one subscriber and keeps a low one.
 */
export const EMAIL_RATE_POLICY: RatePolicy = { max: EMAILS_PER_ADDRESS_AND_CLIENT, windowMs: 15 * 60 * 1000 };
export const IP_RATE_POLICY: RatePolicy = { max: EMAILS_PER_IPV6_PREFIX_PER_HOUR, windowMs: HOUR_MS };
export const IPV4_RATE_POLICY: RatePolicy = { max: EMAILS_PER_IPV4_PER_HOUR, windowMs: HOUR_MS };
/** exportMyData, per user. */
export const EXPORT_RATE_POLICY: RatePolicy = { max: DATA_EXPORTS_PER_HOUR, windowMs: HOUR_MS };
/** setBlock (block and unblock), per user. */
export const BLOCK_RATE_POLICY: RatePolicy = { max: BLOCK_CHANGES_PER_HOUR, windowMs: HOUR_MS };
/** priceGuidance calls, per user: a buyer's products and a shop's prices, not a script's probes. */
export const PRICE_GUIDANCE_RATE_POLICY: RatePolicy = {
  max: PRICE_GUIDANCE_CALLS_PER_HOUR,
  windowMs: HOUR_MS,
};
/** Profile rewrites (syncProfile) that change profiles/{uid}, per user; unchanged syncs are free. */
export const PROFILE_SYNC_RATE_POLICY: RatePolicy = {
  max: PROFILE_SYNCS_PER_WINDOW,
  windowMs: PROFILE_SYNC_WINDOW_MS,
};
/** Account reclaims after an e-mail link sign-in (reclaimAccount), per user. */
export const RECLAIM_RATE_POLICY: RatePolicy = { max: 10, windowMs: 15 * 60 * 1000 };
/**
 * verifyShop calls per user: each one may ask VIES and rewrites the review an admin reads; a shop
 * fixing a typo or changing its categories needs a few.
 */
export const VERIFY_SHOP_RATE_POLICY: RatePolicy = { max: 10, windowMs: 60 * 60 * 1000 };
/** Browser error reports (POST /api/client-error), per client address. */
export const CLIENT_ERROR_RATE_POLICY: RatePolicy = {
  max: CLIENT_ERROR_REPORTS_PER_IP,
  windowMs: CLIENT_ERROR_IP_WINDOW_MS,
};
