import { MutationCache, type Query, QueryCache, QueryClient, skipToken } from "@tanstack/react-query";
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from "@/domain/core/limits";

/**
 * Where a failure is shown: the app's destructive 'Errore' toast, or the screen itself (a form that
 * shows its own error by the field or the button: the same words twice would be noise).
 */
export type ErrorDisplay = "toast" | "inline";

/** Mark a mutation whose screen shows its error itself: reported, but no toast. */
export const INLINE_ERROR_META = { inline: true } as const;

/**
 * Mark a mutation that moves a deal or a request (accept, reject, complete, withdraw, cancel, a hold, a
 * pickup): once it succeeds, the screens on show read their data again. They follow no listener of
 * their own (src/lib/news.ts), and the user's own change brings no news. Queries marked `live` (a chat's
 * messages, kept by their listener) are left alone.
 */
export const DEAL_CHANGE_META = { changesDeals: true } as const;

/** Mark a query its own listener keeps current: a deal's change does not read it again. */
export const LIVE_QUERY_META = { live: true } as const;

/**
 * Has every screen on show read its data again (a deal the user moved, an account just suspended), but
 * not the caches a listener fills: the chat's messages (`live`), and those with nothing to read them with
 * (skipToken).
 */
export function readScreensAgain(client: QueryClient): void {
  const readable = (query: Query) => query.meta?.live !== true && query.options.queryFn !== skipToken;
  void client.invalidateQueries({ predicate: readable }, { cancelRefetch: false });
}

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
  const client: QueryClient = new QueryClient({
    // A query marked `meta: { quiet: true }` is not reported (a background read another path retries).
    queryCache: new QueryCache({
      onError: (error, query) =>
        query.meta?.quiet === true ? undefined : onError?.(error, "query", "toast"),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        onError?.(error, "mutation", mutation.meta?.inline === true ? "inline" : "toast"),
      onSuccess: (_data, _variables, _result, mutation) => {
        if (mutation.meta?.changesDeals === true) readScreensAgain(client);
      },
    }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS },
    },
  });
  return client;
}
