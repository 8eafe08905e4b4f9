import { hashKey, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Listener } from "@/data/listen";

/**
 * Keeps a query's cache live (architecture §3): while the screen is mounted, a Firestore listener pushes
 * every snapshot into the query `queryKey` with setQueryData, so the one-shot read paints first and
 * what changes afterwards (an offer arriving, a status moving, a rating) shows without a reload. A failed
 * listener is only logged: the screen keeps the last data it had and its own refetch.
 */
export function useLiveCache<T>(
  queryKey: QueryKey,
  subscribe: (listener: Listener<T>) => Promise<() => void>,
  enabled = true,
): void {
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, subscribe });
  latest.current = { queryKey, subscribe };
  const key = hashKey(queryKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the key or enabled change.
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const { queryKey: currentKey, subscribe: start } = latest.current;
    start({
      next: (value) => queryClient.setQueryData<T>(currentKey, value),
      error: (cause) => console.error("Live dashboard listener stopped", cause),
    })
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch((cause: unknown) => console.error("Live dashboard listener did not start", cause));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key, enabled, queryClient]);
}
