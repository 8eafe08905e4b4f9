import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { ToastProvider, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { createQueryClient } from "@/lib/query-client";
import { setupUser } from "@/testing/user";

type CurrentLocation = { pathname: string; search: string };

function LocationProbe({ into }: { into: CurrentLocation }) {
  const { pathname, search } = useLocation();
  into.pathname = pathname;
  into.search = search;
  return null;
}

/**
 * The app's query client wiring (src/app/provider.tsx): every failure raises the 'Errore' toast, but a
 * mutation its screen shows inline (INLINE_ERROR_META).
 */
function QueryProvider({ children, into }: { children: ReactNode; into: { client?: QueryClient } }) {
  const { toastError } = useToast();
  const [client] = useState(() => {
    const queryClient = createQueryClient({
      onError: (error, _source, display) => {
        if (display === "toast") toastError(errorMessage(error, ERROR_MESSAGES.generic));
      },
    });
    // Tests see a failure at once instead of after the app's three retries with back-off.
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
    into.client = queryClient;
    return queryClient;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Renders one page at `path` (matched by `pattern`) with toasts, a fresh query cache and a router, for
 * page tests that mock the data layer and the session (vi.mock). Other paths render nothing; `location`
 * follows navigation; `queryClient` is the page's cache (a test plays the header's news into it).
 */
export function renderPage(element: ReactNode, { path, pattern = path }: { path: string; pattern?: string }) {
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  const location: CurrentLocation = { pathname: "", search: "" };
  const user = setupUser();
  const cache: { client?: QueryClient } = {};
  const result = render(
    <ToastProvider>
      <QueryProvider into={cache}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe into={location} />
        </MemoryRouter>
      </QueryProvider>
    </ToastProvider>,
  );
  return { ...result, user, location, queryClient: cache.client as QueryClient };
}
