import { REQUEST_LIFETIME_MS } from "./limits.ts";

/**
 * A request's expiry (architecture §2, the request's life): a request takes offers for
 * REQUEST_LIFETIME_MS from its publication or its last renewal, then the daily sweep
 * (functions/src/requests/expire-requests.ts) moves it to `expired`. Every publishing path sets
 * `expiresAt` with requestExpiresAt; documents written before the field existed count from createdAt.
 */

/** When a request published (or renewed) at `from` expires. */
export function requestExpiresAt(from: Date): Date {
  return new Date(from.getTime() + REQUEST_LIFETIME_MS);
}

/** The request's expiry: its `expiresAt`, or createdAt + the lifetime for documents without one. */
export function effectiveExpiresAt(request: { createdAt: Date; expiresAt?: Date | undefined }): Date {
  return request.expiresAt ?? requestExpiresAt(request.createdAt);
}
