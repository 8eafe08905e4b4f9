import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from "@/domain/limits";

/**
 * Where a failure is shown: the app's destructive 'Errore' toast, or the screen itself (a form that
 * shows its own error by the field or the button: the same words twice would be noise).
 */
export type ErrorDisplay = "toast" | "inline";

/** Mark a mutation whose screen shows its error itself: reported, but no toast. */
export const INLINE_ERROR_META = { inline: true } as const;

/**
 * The app's QueryClient. Every failed query or mutation is reported to `onError` once (the app turns
 * it into the destructive 'Errore' toast unless `display` is "inline", and reports the unexpected
 * ones), so features do not each catch and show errors.
 */
export function createQueryClient({
  onError,
}: {
  onError?: (error: unknown, source: "query" | "mutation", display: ErrorDisplay) => void;
} = {}): QueryClient {
  return new QueryClient({
    // A query marked `meta: { quiet: true }` is not reported (a background read another path retries).
    queryCache: new QueryCache({
      onError: (error, query) =>
        query.meta?.quiet === true ? undefined : onError?.(error, "query", "toast"),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        onError?.(error, "mutation", mutation.meta?.inline === true ? "inline" : "toast"),
    }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS },
    },
  });
}
