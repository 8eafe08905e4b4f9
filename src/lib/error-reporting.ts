import type { ClientErrorKind } from "@/domain/boundary/client-error";

/**
 * The app's way to report an error it did not expect to POST /api/client-error
 * (functions/src/http/client-error.ts; docs/error-reporting.md). This part travels with every page, the marketing ones too, so
 * it is only glue: the reporter (./error-reporter.ts: scrubbing, de-duplication, the cap, the network)
 * is loaded with the first error. Never throws and never waits: reporting must not break or slow the page.
 */
type Reporter = typeof import("./error-reporter");

let loading: Promise<Reporter> | undefined;

export function reportError(error: unknown, kind: ClientErrorKind): void {
  try {
    loading ??= import("./error-reporter");
    loading.then(
      (reporter) => reporter.reportClientError(error, kind),
      () => {
        // Offline or a stale deploy: the chunk did not load; a later error tries again.
        loading = undefined;
      },
    );
  } catch {
    // Reporting is best effort.
  }
}

/** Reports uncaught errors and unhandled promise rejections of the page; returns the way to stop. */
export function watchUncaughtErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportError(event.error ?? event.message, "error");
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason, "unhandledrejection");
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
