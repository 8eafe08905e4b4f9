import { z } from "zod";
import { idSchema, optionalText } from "../core/fields.ts";
import {
  REQUEST_LIFETIME_MS,
  REQUEST_RENEW_AFTER_MS,
  REQUEST_RENEW_BEFORE_MS,
  SHORT_TEXT_MAX_LENGTH,
} from "../core/limits.ts";
import { expiredOn, expiresInDays, REQUEST_LIFE_MESSAGES } from "./request-life-messages.ts";
import {
  isActiveRequest,
  isExpiredRequest,
  normalizeRequestStatus,
  type RequestStatusInput,
  requestStatusSchema,
  requestTransitionRefusal,
} from "./state-machine.ts";

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

/** The reasons a buyer picks from when cancelling an accepted deal (the shop reads the one chosen). */
export const DEAL_CANCEL_REASONS = [
  "Il negozio non ha più il prodotto",
  "Ho trovato altrove",
  "Il negozio non risponde",
  "Non mi serve più",
  "Altro",
] as const;
export const dealCancelReasonSchema = z.enum(DEAL_CANCEL_REASONS, {
  error: REQUEST_LIFE_MESSAGES.cancelDealReasonNeeded,
});
export type DealCancelReason = z.infer<typeof dealCancelReasonSchema>;

// Callables (functions/src/requests/*, functions/src/deals/cancel-deal.ts, functions/src/offers/withdraw-offer.ts)
export const closeRequestInputSchema = z.object({
  requestId: idSchema,
  reason: optionalText(SHORT_TEXT_MAX_LENGTH),
});
export type CloseRequestInput = z.infer<typeof closeRequestInputSchema>;
export const renewRequestInputSchema = z.object({ requestId: idSchema });
export type RenewRequestInput = z.infer<typeof renewRequestInputSchema>;
/** What closeRequest, renewRequest and cancelDeal answer: the request's new status (and expiry, ISO). */
export const requestLifeOutputSchema = z.object({
  requestId: idSchema,
  status: requestStatusSchema,
  expiresAt: z.string().optional(),
});
export type RequestLifeOutput = z.infer<typeof requestLifeOutputSchema>;
export const cancelDealInputSchema = z.object({ requestId: idSchema, reason: dealCancelReasonSchema });
export type CancelDealInput = z.infer<typeof cancelDealInputSchema>;
export const withdrawOfferInputSchema = z.object({ offerId: idSchema });
export type WithdrawOfferInput = z.infer<typeof withdrawOfferInputSchema>;
export const withdrawOfferOutputSchema = z.object({ offerId: idSchema });
export type WithdrawOfferOutput = z.infer<typeof withdrawOfferOutputSchema>;

/** A refusal; `transitionRefused` when the request's status allows no renewal at all (the state machine's). */
export type RenewCheck = { ok: true } | { ok: false; message: string; transitionRefused?: true };

/**
 * May the buyer renew now: an active request in its last REQUEST_RENEW_BEFORE_MS, or an expired one
 * within REQUEST_RENEW_AFTER_MS of its expiry (later: publish anew). Other statuses: the state machine's
 * refusal. Renewing sets expiresAt = now + the lifetime.
 */
export function renewCheck(
  request: { status: RequestStatusInput; createdAt: Date; expiresAt?: Date | undefined },
  now: Date,
): RenewCheck {
  const expiry = effectiveExpiresAt(request).getTime();
  if (isActiveRequest(request.status)) {
    return expiry - now.getTime() <= REQUEST_RENEW_BEFORE_MS
      ? { ok: true }
      : { ok: false, message: REQUEST_LIFE_MESSAGES.renewTooEarly };
  }
  // Only a renewal is expired → active (in_progress → active is cancelDeal's).
  if (!isExpiredRequest(request.status)) {
    const message = requestTransitionRefusal(normalizeRequestStatus(request.status));
    return { ok: false, message, transitionRefused: true };
  }
  return now.getTime() - expiry <= REQUEST_RENEW_AFTER_MS
    ? { ok: true }
    : { ok: false, message: REQUEST_LIFE_MESSAGES.renewTooLate };
}

/** Whether the buyer's card offers 'Rinnova' (same rule as the callable). */
export function canRenewRequest(
  request: { status: RequestStatusInput; createdAt: Date; expiresAt?: Date | undefined },
  now: Date,
): boolean {
  return renewCheck(request, now).ok;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The card's expiry line: 'Scaduta il 3 dicembre 2026' for an expired request; for an active one within
 * its renewal window 'Scade oggi' / 'Scade domani' / 'Scade tra 2 giorni'; nothing otherwise.
 */
export function expiryNote(
  request: { status: RequestStatusInput; createdAt: Date; expiresAt?: Date | undefined },
  now: Date,
): string | undefined {
  const expiry = effectiveExpiresAt(request);
  if (isExpiredRequest(request.status)) return expiredOn(expiry);
  if (!isActiveRequest(request.status)) return undefined;
  const left = expiry.getTime() - now.getTime();
  if (left > REQUEST_RENEW_BEFORE_MS) return undefined;
  const days = Math.ceil(left / DAY_MS);
  if (days <= 0) return REQUEST_LIFE_MESSAGES.expiresToday;
  if (days === 1) return REQUEST_LIFE_MESSAGES.expiresTomorrow;
  return expiresInDays(days);
}
