import { RELEASE } from "@/config/release";
import { postClientErrorReport } from "@/data/client-errors";
import {
  buildClientErrorReport,
  type ClientErrorKind,
  type ClientErrorReport,
  clientErrorFingerprint,
  isExpectedFailure,
} from "@/domain/boundary/client-error";
import { CLIENT_ERROR_REPORTS_PER_PAGE } from "@/domain/core/limits";

/**
 * Turns an error into a report (src/domain/boundary/client-error.ts: scrubbed on this device, so nothing personal
 * leaves it) and sends it. One page load sends each error once and at most
 * CLIENT_ERROR_REPORTS_PER_PAGE reports: a loop that fails every frame costs one report, not thousands.
 * Failures the product expects (a callable's refusal, a wrong password, the network) are not reported.
 */
export interface ErrorReporterDeps {
  send(report: ClientErrorReport): Promise<void>;
  release: string;
  pathname(): string;
  userAgent(): string;
  /** false when the device is offline: a report could not leave anyway. */
  online(): boolean;
  maxReports?: number;
}

/** Uncaught errors and the error boundary are bugs by definition; the others may be expected refusals. */
const ALWAYS_REPORTED: ReadonlySet<ClientErrorKind> = new Set(["error", "boundary"]);

export function createErrorReporter(
  deps: ErrorReporterDeps,
): (error: unknown, kind: ClientErrorKind) => void {
  const max = deps.maxReports ?? CLIENT_ERROR_REPORTS_PER_PAGE;
  const seen = new Set<string>();
  return (error, kind) => {
    try {
      if (seen.size >= max || !deps.online()) return;
      if (!ALWAYS_REPORTED.has(kind) && isExpectedFailure(error)) return;
      const report = buildClientErrorReport({
        kind,
        error,
        pathname: deps.pathname(),
        release: deps.release,
        userAgent: deps.userAgent(),
      });
      if (!report) return;
      const fingerprint = clientErrorFingerprint(report);
      if (seen.has(fingerprint)) return;
      seen.add(fingerprint);
      deps.send(report).catch(() => {
        // A report that could not leave is dropped: reporting it would be a loop.
      });
    } catch {
      // Never let reporting throw into the page.
    }
  };
}

export const reportClientError = createErrorReporter({
  send: postClientErrorReport,
  release: RELEASE,
  pathname: () => window.location.pathname,
  userAgent: () => navigator.userAgent,
  online: () => navigator.onLine !== false,
});
