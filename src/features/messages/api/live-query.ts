import { hashKey, type QueryKey, skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import type { Listener } from "@/data/listen";
import { ERROR_MESSAGES } from "@/domain/messages";
import { useSettled } from "@/lib/after-settled";
import { failWith } from "@/lib/app-error";

export type Subscribe<T> = (listener: Listener<T>) => () => void;

export type LiveQueryResult<T> = {
  data: T | undefined;
  /** The Italian message of the last failure, or null. */
  error: string | null;
  loading: boolean;
  /** Subscribes again after a failure. */
  retry: () => void;
};

/**
 * A Firestore listener feeding the react-query cache (architecture §3): the listener pushes each
 * snapshot with setQueryData, and the screen reads the cache like any query, so a remount shows the
 * last value at once while the listener reconnects. `errorMessage`, when given, becomes the 'Errore' toast.
 *
 * With `read` (a one-shot read over Firestore Lite) the screen paints from that read and the listener
 * starts once the page has settled (src/lib/after-settled.ts), so the full SDK is not on the first
 * paint's path (docs/lighthouse.md). A read that answers after the listener's first snapshot does not
 * overwrite it. Without `read` the listener starts at once.
 */
export function useLiveQuery<T>({
  queryKey,
  subscribe,
  read,
  errorMessage,
  enabled = true,
  live = true,
}: {
  queryKey: QueryKey;
  subscribe: Subscribe<T>;
  read?: () => Promise<T>;
  errorMessage?: string;
  enabled?: boolean;
  /** False: only the one-shot `read`, no listener (a document the user may read now but not follow). */
  live?: boolean;
}): LiveQueryResult<T> {
  const queryClient = useQueryClient();
  const settled = useSettled();
  const listening = enabled && live && (settled || !read);
  const { toastError } = useToast();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, without restarting the listener when only their identity changes.
  const latest = useRef({ subscribe, errorMessage, toastError, queryKey });
  latest.current = { subscribe, errorMessage, toastError, queryKey };
  const key = hashKey(queryKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the key, enabled or attempt change.
  useEffect(() => {
    if (!listening) return;
    setError(null);
    const { subscribe: start, queryKey: currentKey } = latest.current;
    return start({
      next: (value) => queryClient.setQueryData<T>(currentKey, value),
      error: (cause) => {
        const { errorMessage: message, toastError: toast } = latest.current;
        console.error(message ?? "Live listener stopped", cause);
        if (message) {
          setError(message);
          toast(message);
        }
      },
    });
  }, [key, listening, attempt, queryClient]);

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
    // Kept fresh by the listener, never refetched; a failed read is reported once (quietly when the
    // screen gave no message: the listener, once settled, tries again).
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: errorMessage ? undefined : { quiet: true },
  });
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
