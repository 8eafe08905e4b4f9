import { hashKey, type QueryKey, skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import type { Listener } from "@/data/listen";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { News } from "@/domain/notifications/unread-counts";
import { useSettled } from "@/lib/after-settled";
import { failWith } from "@/lib/app-error";
import { useRefreshOnNews } from "@/lib/news";
import { LIVE_QUERY_META } from "@/lib/query-client";

/** Starts a listener; `current` is what the screen holds when it starts (the one-shot read's answer). */
export type Subscribe<T> = (listener: Listener<T>, current: T | undefined) => () => void;

export type LiveQueryResult<T> = {
  data: T | undefined;
  /** The Italian message of the last failure, or null. */
  error: string | null;
  loading: boolean;
  /** Subscribes again after a failure. */
  retry: () => void;
};

/**
 * A screen's data in the react-query cache (architecture §3), read once and kept current in one of two
 * ways (docs/scale.md, "Page loads"): most screens read once over Firestore Lite and read again only
 * when the header's unread counts say something arrived for them (`refreshOn`, src/lib/news.ts); a
 * screen whose point is to be live (a chat's messages) adds a listener (`subscribe`), which with `merge`
 * asks only for what arrived after the read, so no document is read twice. `errorMessage`, when given,
 * becomes the 'Errore' toast.
 *
 * With `read` the screen paints from that read and the listener starts once the page has settled
 * (src/lib/after-settled.ts), so the full SDK is not on the first paint's path (docs/lighthouse.md);
 * with `merge` it waits for the read too. A read that answers after a listener's snapshot does not
 * overwrite it. Without `read` the listener starts at once.
 */
export function useLiveQuery<T>({
  queryKey,
  subscribe,
  merge,
  refreshOn,
  read,
  errorMessage,
  enabled = true,
  live = true,
  onListenerError,
}: {
  queryKey: QueryKey;
  subscribe?: Subscribe<T>;
  /** The listener delivers only what arrived after `current`: this adds it to what the screen holds. */
  merge?: (current: T | undefined, arrived: T) => T;
  /** Read again when the user's news (src/lib/news.ts) is `wanted`. */
  refreshOn?: { uid: string; wanted: (news: News) => boolean };
  /** Called when the listener stops on an error (after the toast). */
  onListenerError?: (cause: unknown) => void;
  read?: () => Promise<T>;
  errorMessage?: string;
  enabled?: boolean;
  /** False: only the one-shot `read`, no listener and no refresh (a document the user may read now but not follow). */
  live?: boolean;
}): LiveQueryResult<T> {
  const queryClient = useQueryClient();
  const settled = useSettled();
  const query = useQuery<T>({
    queryKey,
    queryFn:
      enabled && read
        ? async () => {
            const startedAt = Date.now();
            const value = await read().catch(failWith(errorMessage ?? ERROR_MESSAGES.generic));
            // The listener answered meanwhile: its snapshot is newer than this read.
            const state = queryClient.getQueryState<T>(queryKey);
            return state?.data !== undefined && state.dataUpdatedAt >= startedAt ? state.data : value;
          }
        : skipToken,
    // Kept fresh by the listener or the news, never refetched on its own; a failed read is reported
    // once (quietly when the screen gave no message: the listener, once settled, tries again).
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { ...(errorMessage ? {} : { quiet: true }), ...(subscribe ? LIVE_QUERY_META : {}) },
  });
  const listening =
    enabled && live && subscribe !== undefined && (settled || !read) && (!merge || !query.isPending);
  useRefreshOnNews(refreshOn?.uid ?? "", queryKey, {
    wanted: (news) => refreshOn?.wanted(news) ?? false,
    enabled: enabled && live && refreshOn !== undefined && read !== undefined,
  });
  const { toastError } = useToast();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, without restarting the listener when only their identity changes.
  const latest = useRef({ subscribe, merge, errorMessage, toastError, queryKey, onListenerError });
  latest.current = { subscribe, merge, errorMessage, toastError, queryKey, onListenerError };
  const key = hashKey(queryKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the key, enabled or attempt change.
  useEffect(() => {
    if (!listening) return;
    setError(null);
    const { subscribe: start, queryKey: currentKey } = latest.current;
    if (!start) return;
    return start(
      {
        next: (value) => {
          const add = latest.current.merge;
          queryClient.setQueryData<T>(currentKey, (current) => (add ? add(current, value) : value));
        },
        error: (cause) => {
          const { errorMessage: message, toastError: toast } = latest.current;
          console.error(message ?? "Live listener stopped", cause);
          if (message) {
            setError(message);
            toast(message);
          }
          latest.current.onListenerError?.(cause);
        },
      },
      queryClient.getQueryData<T>(currentKey),
    );
  }, [key, listening, attempt, queryClient]);

  const readError = query.error && query.data === undefined ? (errorMessage ?? null) : null;
  const shown = error ?? readError;
  return {
    data: query.data,
    error: shown,
    loading: enabled && query.data === undefined && shown === null,
    retry: () => {
      if (read) void query.refetch();
      setAttempt((value) => value + 1);
    },
  };
}
