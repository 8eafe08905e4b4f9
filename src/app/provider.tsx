import { type ReactNode, useEffect, useRef } from "react";
import { ToastProvider, useToast } from "@/components/ui/toast";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";
import { AppQueryClient } from "@/lib/app-query-client";
import { reportError } from "@/lib/error-reporting";
import { SessionProvider } from "@/lib/session/session-provider";
import { AppErrorBoundary } from "./error-boundary";

function QueryProvider({ children }: { children: ReactNode }) {
  const { toastError } = useToast();
  // The catalogue arrives asynchronously: an app unmounted meanwhile (a closed test, a reload) shows no toast.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The client itself is created by the first screen that reads data (src/lib/app-query-client.tsx). The
  // error catalogue (Auth and callable codes → Italian) loads with the first error, not with the
  // marketing pages' entry chunk. The reporter sends the failures the product does not expect
  // (src/domain/boundary/client-error.ts).
  return (
    <AppQueryClient
      onError={(error, source, display) => {
        reportError(error, source);
        if (display === "inline") return;
        void import("@/domain/boundary/errors").then(({ errorMessage }) => {
          if (mounted.current) toastError(errorMessage(error, FIRST_PAINT_MESSAGES.genericError));
        });
      }}
    >
      {children}
    </AppQueryClient>
  );
}

/** Everything the app needs around the router: error boundary, toasts, server-state cache, session. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <ToastProvider>
        <QueryProvider>
          <SessionProvider>{children}</SessionProvider>
        </QueryProvider>
      </ToastProvider>
    </AppErrorBoundary>
  );
}
