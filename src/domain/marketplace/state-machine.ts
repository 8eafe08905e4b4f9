import { z } from "zod";
import { REQUEST_STATUS } from "./request-status.ts";

/**
 * The request/offer state machine of architecture §2, as data. Functions refuse every transition the
 * tables do not list. The spec's `matched` is only a display alias of `in_progress`: old documents
 * holding it are read as `in_progress` (the spec's UI waited for `matched` and never offered completion).
 */

export { REQUEST_STATUS } from "./request-status.ts";

export const REQUEST_STATUSES = [
  REQUEST_STATUS.active,
  REQUEST_STATUS.inProgress,
  REQUEST_STATUS.completed,
  REQUEST_STATUS.cancelled,
  REQUEST_STATUS.expired,
  REQUEST_STATUS.awaitingEmail,
  REQUEST_STATUS.suspended,
] as const;
export const requestStatusSchema = z.enum(REQUEST_STATUSES, { error: "Stato della richiesta non valido" });
export type RequestStatus = z.infer<typeof requestStatusSchema>;

export const LEGACY_MATCHED_STATUS = "matched";
export type RequestStatusInput = RequestStatus | typeof LEGACY_MATCHED_STATUS;

/** `matched` ≡ `in_progress`; every other status is returned as it is. */
export function normalizeRequestStatus(status: RequestStatusInput): RequestStatus {
  return status === LEGACY_MATCHED_STATUS ? REQUEST_STATUS.inProgress : status;
}

/** The values a status may be stored as: `in_progress` also as the legacy `matched` (for queries). */
export function storedRequestStatuses(status: RequestStatus): readonly RequestStatusInput[] {
  return status === REQUEST_STATUS.inProgress ? [status, LEGACY_MATCHED_STATUS] : [status];
}

/** Reads a stored status (legacy `matched` included) into a canonical one. */
export const storedRequestStatusSchema = z
  .enum([...REQUEST_STATUSES, LEGACY_MATCHED_STATUS], { error: "Stato della richiesta non valido" })
  .transform(normalizeRequestStatus);

/** Offer statuses by name, for code that sets or queries one (`OFFER_STATUS.pending`). */
export const OFFER_STATUS = {
  pending: "pending",
  accepted: "accepted",
  rejected: "rejected",
  /** Still pending when its request expired, was closed or was completed with another shop. */
  expired: "expired",
  /** The shop took back its pending offer ('Ritirata'). */
  withdrawn: "withdrawn",
  /** Accepted, then the buyer called the deal off with a reason ('Annullata'); the request reopens. */
  cancelled: "cancelled",
} as const;
export const OFFER_STATUSES = [
  OFFER_STATUS.pending,
  OFFER_STATUS.accepted,
  OFFER_STATUS.rejected,
  OFFER_STATUS.expired,
  OFFER_STATUS.withdrawn,
  OFFER_STATUS.cancelled,
] as const;
export const offerStatusSchema = z.enum(OFFER_STATUSES, { error: "Stato dell'offerta non valido" });
export type OfferStatus = z.infer<typeof offerStatusSchema>;

/**
 * A conversation is active while its deal is open; `closed` is set by a function when an admin closes
 * it or a participant deletes their account (its closedBy says which); the rules refuse messages then.
 */
export const CONVERSATION_STATUS = { active: "active", closed: "closed" } as const;
export const CONVERSATION_STATUSES = [CONVERSATION_STATUS.active, CONVERSATION_STATUS.closed] as const;
export const conversationStatusSchema = z.enum(CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

/** Allowed moves; a status missing from a list may not be reached from that key. */
/**
 * Allowed moves; a status missing from a list may not be reached from that key. in_progress → active
 * is the buyer cancelling the deal or the shop marking a no-show (the request reopens); in_progress →
 * expired is a deal closed unverified after DEAL_OPEN_MS (closeDeals, deal-end.ts); expired → active is a
 * renewal (renewing an active request only moves its expiresAt: no status change).
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  active: ["in_progress", "cancelled", "expired", "suspended"],
  in_progress: ["completed", "active", "expired"],
  completed: [],
  cancelled: [],
  expired: ["active"],
  // Proven e-mail → active (released to shops); the buyer may close it before. It never expires while
  // held: its 7 days start when shops can see it.
  awaiting_email: ["active", "cancelled"],
  // The buyer's suspension holds it; lifting it releases it; deleting the account cancels it.
  suspended: ["active", "cancelled"],
};

/**
 * accepted → expired is a deal closed unverified after DEAL_OPEN_MS (closeDeals); expired → pending is
 * the shop offering again once the buyer renewed the request (submitOffer replaces the expired offer:
 * mayOfferAgain); every other end is final.
 */
export const OFFER_TRANSITIONS: Readonly<Record<OfferStatus, readonly OfferStatus[]>> = {
  pending: ["accepted", "rejected", "expired", "withdrawn"],
  accepted: ["cancelled", "expired"],
  rejected: [],
  expired: ["pending"],
  withdrawn: [],
  cancelled: [],
};

/** Status given at creation. */
export const INITIAL_REQUEST_STATUS: RequestStatus = REQUEST_STATUS.active;
export const INITIAL_OFFER_STATUS: OfferStatus = OFFER_STATUS.pending;

export function canTransitionRequest(from: RequestStatusInput, to: RequestStatusInput): boolean {
  return REQUEST_TRANSITIONS[normalizeRequestStatus(from)].includes(normalizeRequestStatus(to));
}

export function canTransitionOffer(from: OfferStatus, to: OfferStatus): boolean {
  return OFFER_TRANSITIONS[from].includes(to);
}

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  active: "Attiva",
  in_progress: "In trattativa",
  completed: "Completata",
  cancelled: "Annullata",
  expired: "Scaduta",
  awaiting_email: "In attesa di conferma e-mail",
  suspended: "Sospesa",
};

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: "In attesa",
  accepted: "Accettata",
  rejected: "Rifiutata",
  expired: "Scaduta",
  withdrawn: "Ritirata",
  cancelled: "Annullata",
};

/** Badge colour intent; components map tones to classes. */
export type BadgeTone = "info" | "success" | "warning" | "danger" | "neutral";

export const REQUEST_STATUS_TONES: Record<RequestStatus, BadgeTone> = {
  active: "success",
  in_progress: "info",
  completed: "neutral",
  cancelled: "danger",
  expired: "neutral",
  awaiting_email: "warning",
  suspended: "danger",
};

export const OFFER_STATUS_TONES: Record<OfferStatus, BadgeTone> = {
  pending: "warning",
  accepted: "success",
  rejected: "danger",
  expired: "neutral",
  withdrawn: "neutral",
  cancelled: "danger",
};

/**
 * The refusal of a request that its status does not let change: 'Operazione non consentita: …'. A
 * function sends it with FAILURE_REASONS.transitionRefused (errors.ts), which lets the app show it.
 */
export const requestTransitionRefusal = (from: RequestStatus) =>
  `Operazione non consentita: la richiesta è ${REQUEST_STATUS_LABELS[from].toLowerCase()}.`;

export const offerTransitionRefusal = (from: OfferStatus) =>
  `Operazione non consentita: l'offerta è ${OFFER_STATUS_LABELS[from].toLowerCase()}.`;

export type TransitionResult<S extends string> =
  | { ok: true; from: S; to: S }
  | { ok: false; from: S; to: S; code: "failed-precondition"; message: string };

/** Checks a request transition; a refusal carries the HttpsError code and an Italian message. */
export function assertRequestTransition(
  from: RequestStatusInput,
  to: RequestStatusInput,
): TransitionResult<RequestStatus> {
  const f = normalizeRequestStatus(from);
  const t = normalizeRequestStatus(to);
  if (canTransitionRequest(f, t)) return { ok: true, from: f, to: t };
  return {
    ok: false,
    from: f,
    to: t,
    code: "failed-precondition",
    message: requestTransitionRefusal(f),
  };
}

export function assertOfferTransition(from: OfferStatus, to: OfferStatus): TransitionResult<OfferStatus> {
  if (canTransitionOffer(from, to)) return { ok: true, from, to };
  return {
    ok: false,
    from,
    to,
    code: "failed-precondition",
    message: offerTransitionRefusal(from),
  };
}

/** Offers may be sent only on an active request. */
export function canReceiveOffers(requestStatus: RequestStatusInput): boolean {
  return isActiveRequest(requestStatus);
}

/** The completion button shows while the request is in progress (the spec's `matched`). */
export function canCompleteRequest(requestStatus: RequestStatusInput): boolean {
  return canTransitionRequest(requestStatus, REQUEST_STATUS.completed);
}

/** Dashboard 'trattative' count: requests in progress (legacy `matched` included). */
export function isNegotiation(requestStatus: RequestStatusInput): boolean {
  return normalizeRequestStatus(requestStatus) === REQUEST_STATUS.inProgress;
}

// Status predicates: code outside this file asks these instead of comparing with a status string.

export function isActiveRequest(status: RequestStatusInput): boolean {
  return normalizeRequestStatus(status) === REQUEST_STATUS.active;
}

export function isCompletedRequest(status: RequestStatusInput): boolean {
  return normalizeRequestStatus(status) === REQUEST_STATUS.completed;
}

export function isCancelledRequest(status: RequestStatusInput): boolean {
  return normalizeRequestStatus(status) === REQUEST_STATUS.cancelled;
}

export function isExpiredRequest(status: RequestStatusInput): boolean {
  return normalizeRequestStatus(status) === REQUEST_STATUS.expired;
}

/** Published, but held from shops until the buyer proves their e-mail address. */
export function isAwaitingEmail(status: RequestStatusInput): boolean {
  return normalizeRequestStatus(status) === REQUEST_STATUS.awaitingEmail;
}

export function isPendingOffer(status: OfferStatus): boolean {
  return status === OFFER_STATUS.pending;
}

/** A shop whose offer expired with the request may offer again once the buyer renewed it. */
export function mayOfferAgain(offerStatus: OfferStatus, requestStatus: RequestStatusInput): boolean {
  return canTransitionOffer(offerStatus, OFFER_STATUS.pending) && canReceiveOffers(requestStatus);
}

export function isAcceptedOffer(status: OfferStatus): boolean {
  return status === OFFER_STATUS.accepted;
}

export function isRejectedOffer(status: OfferStatus): boolean {
  return status === OFFER_STATUS.rejected;
}
