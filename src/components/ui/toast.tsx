import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ToastVariant } from "@/domain/core/toast";

// Toasts in two halves, so pages that never show one (the marketing pages) do not download
// Radix Toast and zod (pulled in by src/domain/core/toast): this file is the tiny always-loaded half,
// a queue plus the useToast() API; ./toaster.tsx renders the queue with Radix and is loaded when
// the first toast is requested.

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; defaults to TOAST_DEFAULT_DURATION_MS. */
  duration?: number;
};

/** A queued toast: either full options, or an error whose title/variant the toaster fills in. */
export type ToastRequest = { id: string; open: boolean } & (
  | { kind: "custom"; options: ToastOptions }
  | { kind: "error"; description: string }
);

type ToastApi = {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => string;
  /** Destructive toast titled 'Errore' (spec §8) with the given message. */
  toastError: (description: string) => string;
  dismiss: (id: string) => void;
};

/** Closed toasts stay queued until their exit animation has surely finished. */
const REMOVE_AFTER_CLOSE_MS = 1000;

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastRequest[]>([]);
  const [toasterNeeded, setToasterNeeded] = useState(false);
  // The removal timers, cleared when the provider goes away (no state update after it unmounted).
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(() => {
    const later = (task: () => void) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        task();
      }, REMOVE_AFTER_CLOSE_MS);
      timers.current.add(timer);
    };
    const enqueue = (request: ToastRequest) => {
      setToasterNeeded(true);
      // One toast at a time: on a phone a stack would cover the page, and the newest is the one that
      // matters. The toast on screen closes (its exit animation runs) and leaves the queue a moment later.
      setQueue((list) => [...list.map((item) => (item.open ? { ...item, open: false } : item)), request]);
      later(() => setQueue((list) => list.filter((item) => item.open)));
      return request.id;
    };
    const newId = () => {
      nextId += 1;
      return `toast-${nextId}`;
    };
    return {
      toast: (options) => enqueue({ id: newId(), open: true, kind: "custom", options }),
      toastError: (description) => enqueue({ id: newId(), open: true, kind: "error", description }),
      dismiss: (id) => {
        setQueue((list) => list.map((item) => (item.id === id ? { ...item, open: false } : item)));
        later(() => setQueue((list) => list.filter((item) => item.id !== id)));
      },
    };
  }, []);

  return (
    <ToastContext value={api}>
      {children}
      {toasterNeeded ? (
        <Suspense fallback={null}>
          <Toaster queue={queue} onClose={api.dismiss} />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
