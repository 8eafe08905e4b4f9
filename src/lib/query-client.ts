import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from "@/domain/limits";

/**
 * The app's QueryClient. Every failed query or mutation is reported to `onError` once (the app turns
 * it into the destructive 'Errore' toast and reports the unexpected ones), so features do not each
 * catch and show errors.
 */
export function createQueryClient({
  onError,
}: {
  onError?: (error: unknown, source: "query" | "mutation") => void;
} = {}): QueryClient {
  return new QueryClient({
    // A query marked `meta: { quiet: true }` is not reported (a background read another path retries).
    queryCache: new QueryCache({
      onError: (error, query) => (query.meta?.quiet === true ? undefined : onError?.(error, "query")),
    }),
    mutationCache: new MutationCache({ onError: (error) => onError?.(error, "mutation") }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS },
    },
  });
}
