import { ERROR_MESSAGES } from "../core/common-messages.ts";
import { AUTH_ERROR_MESSAGES, authErrorMessage, errorCode, isAuthErrorCode } from "../people/auth-errors.ts";
import { isKnownMessage } from "./known-messages.ts";

/**
 * One mapping from thrown errors to the Italian text a toast shows (style.md: Errors).
 * Our callables throw `HttpsError` with a standard code and the spec's Italian message; that message
 * is shown when it is one of the catalogue's texts. Anything else (SDK internals in English, network)
 * is mapped by code, and otherwise the caller's fallback (e.g. ERROR_MESSAGES.sendOffer) is used.
 */

export const CALLABLE_ERROR_CODES = [
  "cancelled",
  "unknown",
  "invalid-argument",
  "deadline-exceeded",
  "not-found",
  "already-exists",
  "permission-denied",
  "resource-exhausted",
  "failed-precondition",
  "aborted",
  "out-of-range",
  "unimplemented",
  "internal",
  "unavailable",
  "data-loss",
  "unauthenticated",
] as const;
export type CallableErrorCode = (typeof CALLABLE_ERROR_CODES)[number];

/**
 * Refusals the app acts on (not only shows): the function sends the reason as the HttpsError's details
 * (`{ reason }`), and the app tells them apart by it, never by their Italian text, which may change.
 */
export const FAILURE_REASONS = {
  /** The shop's plan gives no access now (functions/src/billing/plan-gate.ts): /abbonamento. */
  planRequired: "plan-required",
  /** The state machine's refusal (state-machine.ts), worded from the status: shown as the function sent it. */
  transitionRefused: "transition-refused",
  /** Algo's conversation was published already: the chat says so, not 'Errore nella comunicazione'. */
  algoConversationClosed: "algo-conversation-closed",
  /** Algo's conversation is not this buyer's (or is gone): said as such. */
  algoConversationNotFound: "algo-conversation-not-found",
} as const;
export type FailureReason = (typeof FAILURE_REASONS)[keyof typeof FAILURE_REASONS];

/** The HttpsError details a function sends with a refusal the app acts on. */
export const failureDetails = (reason: FailureReason) => ({ reason });

/**
 * The reason a callable's refusal carries (FAILURE_REASONS), if any: on the error itself or on the one
 * it wraps (`cause`, as the app's failWith keeps it).
 */
export function failureReason(error: unknown, depth = 3): FailureReason | undefined {
  const failure = error as { details?: unknown; cause?: unknown } | null | undefined;
  const reason = (failure?.details as { reason?: unknown } | null | undefined)?.reason;
  if ((Object.values(FAILURE_REASONS) as readonly unknown[]).includes(reason)) return reason as FailureReason;
  return depth > 0 && failure?.cause !== undefined ? failureReason(failure.cause, depth - 1) : undefined;
}

const REFUSAL = "Refusal";

/**
 * A refusal the app raises itself, with a catalogue text and no failure behind it (no tokens left, the
 * link not sent): expected, so never reported as a bug (client-error.ts isExpectedFailure), told by its
 * class and name, not by its text.
 */
export class Refusal extends Error {
  override name = REFUSAL;
}

/** Whether `error` is the app's own Refusal (by name too: a copy of this module is still one). */
export const isRefusal = (error: unknown): error is Refusal =>
  error instanceof Error && error.name === REFUSAL;

/** A refusal a function turns into `new HttpsError(code, message)`. */
export type DomainFailure = { code: CallableErrorCode; message: string };

/** Standard code of a Functions (`functions/x`) or Firestore (`x`, `firestore/x`) error. */
export function callableErrorCode(code: unknown): CallableErrorCode | undefined {
  if (typeof code !== "string") return undefined;
  const bare = code.replace(/^(functions|firestore)\//, "");
  return (CALLABLE_ERROR_CODES as readonly string[]).includes(bare) ? (bare as CallableErrorCode) : undefined;
}

const AUTH_TEXTS: ReadonlySet<string> = new Set(Object.values(AUTH_ERROR_MESSAGES));

/** Texts safe to show as they are: the catalogue's and Auth's, each exactly. */
export function isDisplayableMessage(message: unknown): message is string {
  return typeof message === "string" && (isKnownMessage(message) || AUTH_TEXTS.has(message));
}

const CODE_MESSAGES: Partial<Record<CallableErrorCode, string>> = {
  unauthenticated: ERROR_MESSAGES.unauthenticated,
  "permission-denied": ERROR_MESSAGES.permissionDenied,
  unavailable: AUTH_ERROR_MESSAGES["network-request-failed"],
  "deadline-exceeded": AUTH_ERROR_MESSAGES["network-request-failed"],
  "resource-exhausted": AUTH_ERROR_MESSAGES["too-many-requests"],
};

/** Message for a callable / HttpsError / Firestore error, else `fallback`. */
export function callableErrorMessage(error: unknown, fallback: string = ERROR_MESSAGES.generic): string {
  const raw = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : error;
  // firebase/functions 12 appends the HTTP status to the server's text ('Token non valido o scaduto [400]').
  const message = typeof raw === "string" ? raw.replace(/ \[\d{3}\]$/, "") : raw;
  if (isDisplayableMessage(message)) return message;
  // Told by its code on this very error (not on one it wraps, whose text this is not).
  if (typeof message === "string" && failureReason(error, 0) === FAILURE_REASONS.transitionRefused) {
    return message;
  }
  const code = callableErrorCode(errorCode(error));
  return (code && CODE_MESSAGES[code]) ?? fallback;
}

/** Any thrown value → Italian text: Auth codes through authErrorMessage, the rest as callables. */
export function errorMessage(error: unknown, fallback: string = ERROR_MESSAGES.generic): string {
  const code = errorCode(error);
  if (isAuthErrorCode(code)) return authErrorMessage(code);
  return callableErrorMessage(error, fallback);
}
