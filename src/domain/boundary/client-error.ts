import { z } from "zod";
import {
  CLIENT_ERROR_MESSAGE_MAX_CHARS,
  CLIENT_ERROR_PATH_MAX_CHARS,
  CLIENT_ERROR_STACK_MAX_CHARS,
} from "../core/limits.ts";
import { errorCode } from "../people/auth-errors.ts";
import { CALLABLE_ERROR_CODES, isRefusal } from "./errors.ts";

/**
 * A browser error, as the page reports it to POST /api/client-error (functions/src/http/client-error.ts)
 * and the endpoint logs it for Cloud Error Reporting. A report carries what helps find the bug and
 * nothing that says who had it: the error's message and stack with e-mail addresses, query strings,
 * tokens and long numbers taken out, the page's path without its query or ids, the release, the
 * browser's family. The signed-in user's uid is added by the server from a verified ID token, never
 * read from the report. The page scrubs before sending and the server scrubs again.
 */

/** Where the page caught it: an uncaught error or rejection, the error boundary, a failed query or mutation. */
export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection", "boundary", "query", "mutation"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const BROWSER_FAMILIES = ["chrome", "edge", "firefox", "safari", "samsung", "opera", "other"] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];

/** The Error Reporting service name of the web app (the functions report as themselves). */
export const CLIENT_ERROR_SERVICE = "vicino-web";

const PAGE_PATH = /^\/[^?#\s]*$/;
const RELEASE = /^[\w.+-]{1,40}$/;

export const browserInfoSchema = z.strictObject({
  family: z.enum(BROWSER_FAMILIES),
  major: z.number().int().min(0).max(9999).optional(),
  mobile: z.boolean(),
});
export type BrowserInfo = z.infer<typeof browserInfoSchema>;

export const clientErrorReportSchema = z.strictObject({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(CLIENT_ERROR_MESSAGE_MAX_CHARS),
  stack: z.string().max(CLIENT_ERROR_STACK_MAX_CHARS).optional(),
  path: z.string().max(CLIENT_ERROR_PATH_MAX_CHARS).regex(PAGE_PATH),
  release: z.string().regex(RELEASE),
  browser: browserInfoSchema,
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

// --- Taking out what is personal ---------------------------------------------------------------

const EMAIL = /[\w.%+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/g;
/** A URL or a path with a query or fragment; a stack frame's `:line:col` after it is kept. */
const URL_WITH_QUERY = /((?:[a-z][\w+.-]*:\/\/|\/)[^\s?#'"()<>`]*)[?#][^\s'"()<>`]*/gi;
const LINE_AND_COLUMN = /:\d+:\d+$/;
/** Long runs of letters and digits: ID tokens, API keys, reset codes (a uid is 28). */
const TOKEN = /[\w-]{32,}(?:\.[\w-]{8,}){0,2}/g;
/** Nine digits or more, spaces and dashes allowed: phone numbers, tax numbers, card numbers. */
const LONG_NUMBER = /\+?\d[\d \t-]{7,}\d/g;

/** Free text with e-mail addresses, query strings, tokens and long numbers replaced. */
export function scrubPersonalData(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(URL_WITH_QUERY, (_match, base: string, offset: number, whole: string) => {
      const rest = whole.slice(offset + base.length).match(/^[?#][^\s'"()<>`]*/)?.[0] ?? "";
      return base + (rest.match(LINE_AND_COLUMN)?.[0] ?? "");
    })
    .replace(TOKEN, (run) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? "[token]" : run))
    .replace(LONG_NUMBER, (run) => (run.replace(/\D/g, "").length >= 9 ? "[number]" : run));
}

/** Cut at `max` characters, at the last line break before it when there is one. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastLine = cut.lastIndexOf("\n");
  return lastLine > max / 2 ? cut.slice(0, lastLine) : cut;
}

/** A segment that names a document or a person rather than a page: long and with digits, or an address. */
const isIdSegment = (segment: string) =>
  segment.includes("@") || segment.includes("%40") || (segment.length >= 16 && /\d/.test(segment));

/** The page's path as a report keeps it: no query or fragment, ids as `:id` (they also group better). */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/[?#].*$/s, "").replace(/\s/g, "");
  const masked = path
    .split("/")
    .map((segment) => (isIdSegment(segment) ? ":id" : segment))
    .join("/");
  const bounded = truncate(masked.startsWith("/") ? masked : `/${masked}`, CLIENT_ERROR_PATH_MAX_CHARS);
  return PAGE_PATH.test(bounded) ? bounded : "/";
}

// --- The browser --------------------------------------------------------------------------------

const BROWSER_PATTERNS: readonly [BrowserFamily, RegExp][] = [
  ["edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["samsung", /\bSamsungBrowser\/(\d+)/],
  ["opera", /\b(?:OPR|OPiOS)\/(\d+)/],
  ["firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["chrome", /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ["safari", /\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

/** The browser's family, major version and whether it is a phone or tablet: all a report keeps of the user agent. */
export function browserInfo(userAgent: string): BrowserInfo {
  const mobile = /Mobi|Android|iPhone|iPad/.test(userAgent);
  for (const [family, pattern] of BROWSER_PATTERNS) {
    const major = pattern.exec(userAgent)?.[1];
    if (major) return { family, major: Math.min(Number(major), 9999), mobile };
  }
  return { family: "other", mobile };
}

/** 'chrome 131 mobile': what the log shows as the request's user agent. */
export function browserLabel(browser: BrowserInfo): string {
  return [browser.family, browser.major, browser.mobile ? "mobile" : undefined]
    .filter((part) => part !== undefined)
    .join(" ");
}

// --- The error ----------------------------------------------------------------------------------

const MAX_CAUSES = 3;

function errorHeader(error: Error): string {
  return error.message ? `${error.name}: ${error.message}` : error.name;
}

/** A thrown value as text: an Error's header (name and message), anything else as it prints. */
function describeValue(value: unknown): string {
  if (value instanceof Error) return errorHeader(value);
  if (typeof value === "string") return value;
  try {
    return `Non-Error thrown: ${JSON.stringify(value) ?? String(value)}`;
  } catch {
    return `Non-Error thrown: ${Object.prototype.toString.call(value)}`;
  }
}

/** The stack, with each cause's after it (a screen's error wraps the SDK's as `cause`: src/lib/app-error.ts). */
function stackWithCauses(error: Error): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSES && current !== undefined && current !== null; depth += 1) {
    const header = describeValue(current);
    const stack = current instanceof Error && current.stack ? current.stack : "";
    // V8 starts a stack with the header; Firefox and Safari list only the frames.
    const text = (stack.includes(header) ? stack : [header, stack].filter(Boolean).join("\n")).trimEnd();
    parts.push(depth === 0 ? text : `Caused by: ${text}`);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join("\n");
}

/**
 * A thrown value as Error Reporting reads it: an Error's stack (header line, then frames) with its
 * causes after it, anything else as text. Not yet scrubbed.
 */
export function thrownText(error: unknown): string {
  return error instanceof Error ? stackWithCauses(error) : describeValue(error);
}

export interface ClientErrorInput {
  kind: ClientErrorKind;
  error: unknown;
  /** `location.pathname` (its query, if any, is dropped). */
  pathname: string;
  release: string;
  userAgent: string;
}

/**
 * The report for a thrown value, scrubbed and cut to the limits, or null for what carries nothing to
 * act on: a cross-origin script's 'Script error.' (the browser hides its details).
 */
export function buildClientErrorReport(input: ClientErrorInput): ClientErrorReport | null {
  const message = describeValue(input.error).trim();
  if (message === "" || /^Script error\.?$/.test(message)) return null;
  const stack = input.error instanceof Error ? stackWithCauses(input.error) : message;
  return sanitizeClientErrorReport({
    kind: input.kind,
    message,
    ...(stack !== message ? { stack } : {}),
    path: input.pathname,
    release: RELEASE.test(input.release) ? input.release : "unknown",
    browser: browserInfo(input.userAgent),
  });
}

/** Scrubs and bounds every free-text field; the server runs it again on what it received. */
export function sanitizeClientErrorReport(report: ClientErrorReport): ClientErrorReport {
  const stack = report.stack ? truncate(scrubPersonalData(report.stack), CLIENT_ERROR_STACK_MAX_CHARS) : "";
  return {
    kind: report.kind,
    message: truncate(scrubPersonalData(report.message), CLIENT_ERROR_MESSAGE_MAX_CHARS) || "Error",
    ...(stack ? { stack } : {}),
    path: pagePath(report.path),
    release: report.release,
    browser: report.browser,
  };
}

/** What makes two reports the same error for one page load (the page sends it once). */
export function clientErrorFingerprint(report: ClientErrorReport): string {
  const firstFrame = report.stack?.split("\n").find((line) => /^\s*at\s|@/.test(line)) ?? "";
  return [report.kind, report.message, firstFrame.trim()].join("|");
}

/**
 * The text Error Reporting reads: a JavaScript stack as V8 prints it (header line, then frames), so it
 * parses and groups the event; the message alone when there is no stack.
 */
export function clientErrorEventMessage(report: ClientErrorReport): string {
  if (!report.stack) return report.message;
  return report.stack.startsWith(report.message) ? report.stack : `${report.message}\n${report.stack}`;
}

// --- Expected failures --------------------------------------------------------------------------

/** Refusals a callable answers by design (the user is told why), and the network's. */
const EXPECTED_FUNCTIONS_CODES: ReadonlySet<string> = new Set(
  CALLABLE_ERROR_CODES.filter(
    (code) => !["unknown", "internal", "data-loss", "unimplemented"].includes(code),
  ),
);
/**
 * Firestore's: the network and contention. A rules refusal (`permission-denied`), a missing index
 * (`failed-precondition`) or a bad argument is the app asking for something it should not: a bug.
 */
const EXPECTED_FIRESTORE_CODES: ReadonlySet<string> = new Set([
  "cancelled",
  "deadline-exceeded",
  "unavailable",
  "aborted",
  "resource-exhausted",
  "not-found",
  "already-exists",
  "unauthenticated",
]);
/** Auth's failures that are not the user's: configuration and the SDK itself. */
const UNEXPECTED_AUTH_CODES: ReadonlySet<string> = new Set([
  "auth/internal-error",
  "auth/invalid-api-key",
  "auth/app-not-authorized",
  "auth/unauthorized-domain",
  "auth/operation-not-allowed",
  "auth/argument-error",
  "auth/firebase-app-check-token-is-invalid",
]);
const NETWORK_FAILURE =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/;

/** true/false when this error itself says; undefined when its cause has to tell. */
function expectedByItself(error: unknown): boolean | undefined {
  const code = errorCode(error);
  if (code?.startsWith("functions/")) return EXPECTED_FUNCTIONS_CODES.has(code.slice("functions/".length));
  if (code?.startsWith("auth/")) return !UNEXPECTED_AUTH_CODES.has(code);
  const bare = code?.replace(/^firestore\//, "");
  if (bare && (CALLABLE_ERROR_CODES as readonly string[]).includes(bare)) {
    return EXPECTED_FIRESTORE_CODES.has(bare);
  }
  const status =
    typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  // Our HTTP endpoints' answers (e.g. /api/send-email): a 4xx is a refusal, a 5xx a failure.
  if (typeof status === "number" && status >= 400) return status < 500;
  if (error instanceof Error && error.name === "AbortError") return true;
  if (error instanceof TypeError && NETWORK_FAILURE.test(error.message)) return true;
  return undefined;
}

/**
 * True for the failures the product expects and explains to the user (a callable's refusal, a wrong
 * password, the network going away), which are not worth a report; false for the rest (bugs). A screen's
 * error that wraps another (`cause`) is judged by what it wraps; one that wraps nothing is expected only
 * as the app's own Refusal (errors.ts), whatever its text.
 */
export function isExpectedFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSES && current !== undefined && current !== null; depth += 1) {
    const verdict = expectedByItself(current);
    if (verdict !== undefined) return verdict;
    const cause = current instanceof Error ? current.cause : undefined;
    if (cause === undefined || cause === null) {
      return isRefusal(current) && depth === 0;
    }
    current = cause;
  }
  return false;
}
