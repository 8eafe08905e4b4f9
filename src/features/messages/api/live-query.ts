import { hashKey, type QueryKey, skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import type { Listener } from "@/data/listen";

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
 */
export function useLiveQuery<T>({
  queryKey,
  subscribe,
  errorMessage,
  enabled = true,
}: {
  queryKey: QueryKey;
  subscribe: Subscribe<T>;
  errorMessage?: string;
  enabled?: boolean;
}): LiveQueryResult<T> {
  const queryClient = useQueryClient();
  const { toastError } = useToast();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The latest callbacks, without restarting the listener when only their identity changes.
  const latest = useRef({ subscribe, errorMessage, toastError, queryKey });
  latest.current = { subscribe, errorMessage, toastError, queryKey };
  const key = hashKey(queryKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the key, enabled or attempt change.
  useEffect(() => {
    if (!enabled) return;
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
  }, [key, enabled, attempt, queryClient]);

  const query = useQuery<T>({ queryKey, queryFn: skipToken });
  return {
    data: query.data,
    error,
    loading: enabled && query.data === undefined && error === null,
    retry: () => setAttempt((value) => value + 1),
  };
}
