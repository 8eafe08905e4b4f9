import { hashKey, type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Listener } from "@/data/listen";
import { useSettled } from "./after-settled";

type Subscribe<T> = (listener: Listener<T>) => Promise<() => void>;

/**
 * Runs one listener while the screen is mounted and `enabled`, restarted only when `queryKey` changes.
 * It starts once the page has settled (./after-settled.ts): the screen's one-shot read paints first, and
 * the full Firestore SDK the listener needs loads after it.
 * `onNext(client, key, value, first, startedAt)` handles each snapshot; a failed listener is only logged: the
 * screen keeps the last data it had and its own refetch.
 */
function useQueryListener<T>(
  queryKey: QueryKey,
  subscribe: Subscribe<T>,
  enabled: boolean,
  onNext: (client: QueryClient, key: QueryKey, value: T, first: boolean, startedAt: number) => void,
): void {
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, subscribe, onNext });
  latest.current = { queryKey, subscribe, onNext };
  const key = hashKey(queryKey);
  const settled = useSettled();
  const active = enabled && settled;

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the key or enabled change.
  useEffect(() => {
    if (!active) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    let first = true;
    const startedAt = Date.now();
    const { queryKey: currentKey, subscribe: start } = latest.current;
    start({
      next: (value) => {
        latest.current.onNext(queryClient, currentKey, value, first, startedAt);
        first = false;
      },
      error: (cause) => console.error("Live listener stopped", cause),
    })
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch((cause: unknown) => console.error("Live listener did not start", cause));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key, active, queryClient]);
}

/**
 * Keeps a query's cache live (architecture §3): a Firestore listener pushes every snapshot into the
 * query `queryKey` with setQueryData, so the one-shot read paints first and what changes afterwards shows
 * without a reload. Only for a screen whose point is to follow one document (/abbonamento's plan while
 * the shop pays): every other screen reads once and follows the user's news (./news.ts), since a
 * listener's first snapshot bills again every document the read just read (docs/scale.md).
 */
export function useLiveCache<T>(queryKey: QueryKey, subscribe: Subscribe<T>, enabled = true): void {
  useQueryListener(queryKey, subscribe, enabled, (client, key, value) => client.setQueryData<T>(key, value));
}
