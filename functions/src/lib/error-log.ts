import * as logger from "firebase-functions/logger";
import {
  browserLabel,
  CLIENT_ERROR_SERVICE,
  type ClientErrorReport,
  clientErrorEventMessage,
  scrubPersonalData,
  thrownText,
} from "@/domain/boundary/client-error";

/**
 * Every unexpected error, the functions' own and the browser's (POST /api/client-error), is logged as
 * one JSON line in the form Cloud Error Reporting groups: severity ERROR, `@type` ReportedErrorEvent,
 * `message` holding the JavaScript stack (header line, then frames, causes after), `serviceContext`
 * naming the service and its version, and `context` with the request and the user (a uid at most).
 * Cloud Run functions send stdout/stderr JSON lines to Cloud Logging as structured entries; locally the
 * Functions emulator prints them in the stack's output. Stacks are scrubbed of e-mail addresses, query
 * strings, tokens and long numbers (src/domain/boundary/client-error.ts): an SMTP refusal names its recipient.
 */
export const REPORTED_ERROR_EVENT_TYPE =
  "type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent";

export interface ErrorEventContext {
  httpRequest?: { method?: string; url?: string; userAgent?: string };
  /** A uid, never an e-mail or a name. */
  user?: string;
}

export interface ErrorEventEntry {
  severity: "ERROR";
  "@type": typeof REPORTED_ERROR_EVENT_TYPE;
  message: string;
  serviceContext: { service: string; version: string };
  context?: ErrorEventContext;
  [detail: string]: unknown;
}

/** Plain values that may go with an error: ids, counts, outcomes (never personal data). */
export type ErrorDetails = Record<string, string | number | boolean | null | undefined>;

export type LogWriter = (entry: ErrorEventEntry) => void;

const writeToLog: LogWriter = (entry) => logger.write(entry);

/** The functions' service and version: Cloud Run's service and revision, the emulator's function locally. */
export function functionsServiceContext(
  env: NodeJS.ProcessEnv = process.env,
): ErrorEventEntry["serviceContext"] {
  return {
    service: env.K_SERVICE ?? env.FUNCTION_TARGET ?? "vicino-functions",
    version: env.K_REVISION ?? "local",
  };
}

function withoutUndefined(details: ErrorDetails): Record<string, string | number | boolean | null> {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | number | boolean | null
  >;
}

/**
 * Logs an error nobody expected, with its stack: `where` names what failed ('algoChat failed'), `error`
 * is what was caught (none for a state found wrong, e.g. a document that does not match its schema),
 * `details` a uid and ids. Callables then answer `internal` with the domain's Italian message as before.
 */
export function logUnexpectedError(
  where: string,
  error?: unknown,
  details: ErrorDetails & { uid?: string } = {},
  write: LogWriter = writeToLog,
): void {
  const { uid, ...rest } = details;
  // Something to read a stack from, also when nothing was thrown or a plain value was.
  const thrown =
    error instanceof Error
      ? error
      : new Error(error === undefined ? where : `${where}: ${thrownText(error)}`);
  write({
    ...withoutUndefined(rest),
    where,
    severity: "ERROR",
    "@type": REPORTED_ERROR_EVENT_TYPE,
    message: scrubPersonalData(thrownText(thrown)),
    serviceContext: functionsServiceContext(),
    ...(uid ? { context: { user: uid } } : {}),
  });
}

/** Logs a browser's report (already validated and scrubbed), with the uid of a verified ID token if any. */
export function logClientError(
  report: ClientErrorReport,
  uid: string | undefined,
  write: LogWriter = writeToLog,
): void {
  write({
    kind: report.kind,
    severity: "ERROR",
    "@type": REPORTED_ERROR_EVENT_TYPE,
    message: clientErrorEventMessage(report),
    serviceContext: { service: CLIENT_ERROR_SERVICE, version: report.release },
    context: {
      httpRequest: { url: report.path, userAgent: browserLabel(report.browser) },
      ...(uid ? { user: uid } : {}),
    },
  });
}
