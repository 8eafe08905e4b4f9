import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from "@/domain/limits";

/**
 * The app's QueryClient. Every failed query or mutation is reported to `onError` once (the app turns
 * it into the destructive 'Errore' toast), so features do not each catch and show errors.
 */
export function createQueryClient({ onError }: { onError?: (error: unknown) => void } = {}): QueryClient {
  return new QueryClient({
    // A query marked `meta: { quiet: true }` is not reported (a background read another path retries).
    queryCache: new QueryCache({
      onError: (error, query) => (query.meta?.quiet === true ? undefined : onError?.(error)),
    }),
    mutationCache: new MutationCache({ onError: (error) => onError?.(error) }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS },
    },
  });
}
