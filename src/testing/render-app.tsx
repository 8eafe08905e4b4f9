import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/routes";
import { setupUser } from "@/testing/user";

type CurrentLocation = { pathname: string; search: string };

function LocationProbe({ into }: { into: CurrentLocation }) {
  const { pathname, search } = useLocation();
  into.pathname = pathname;
  into.search = search;
  return null;
}

/**
 * Renders the whole app (providers + the real route table) at `path`, in memory.
 * `location` always holds the router's current pathname and search.
 */
export function renderApp(path = "/") {
  // jsdom does not implement scrolling; the layout scrolls to the top on navigation.
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  const location: CurrentLocation = { pathname: "", search: "" };
  const user = setupUser();
  const result = render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe into={location} />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, user, location };
}
