import { render } from "@testing-library/react";
import { Fragment, type ReactNode } from "react";
import { MemoryRouter, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { vi } from "vitest";
import { RootLayout } from "@/app/layouts/root-layout";
import { AppProvider } from "@/app/provider";
import { RouteAccessGate } from "@/app/route-access";
import { appRoutes } from "@/app/routes";
import { legacyRedirects } from "@/config/paths";
import { setupUser } from "./user";

/** The page a stubbed route shows: a level-1 heading naming its path. */
export const stubHeading = (path: string) => `Pagina ${path}`;

/**
 * The real route table (paths, declared access, RouteAccessGate, layout, legacy redirects) with
 * every page replaced by a stub heading, except the paths in `keep`. For tests of navigation and
 * access that must not depend on what other features' pages render or load.
 */
export function stubbedRoutes(keep: readonly string[] = []): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        ...appRoutes.map(({ path, access, element, shell }) => ({
          path,
          element: (
            <RouteAccessGate access={access} {...(shell ? { shell } : {})}>
              {keep.includes(path) ? element : <h1>{stubHeading(path)}</h1>}
            </RouteAccessGate>
          ),
        })),
        ...legacyRedirects.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
      ],
    },
  ];
}

type CurrentLocation = { pathname: string; search: string };

function Routes({ routes, into }: { routes: RouteObject[]; into: CurrentLocation }) {
  const { pathname, search } = useLocation();
  into.pathname = pathname;
  into.search = search;
  return <Fragment>{useRoutes(routes)}</Fragment>;
}

/** Like renderApp, with the given route table; `wrap` can add e.g. <StrictMode>. */
export function renderRoutes(
  path: string,
  routes: RouteObject[],
  wrap: (app: ReactNode) => ReactNode = (app) => app,
) {
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  const location: CurrentLocation = { pathname: "", search: "" };
  const user = setupUser();
  const result = render(
    wrap(
      <AppProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes routes={routes} into={location} />
        </MemoryRouter>
      </AppProvider>,
    ),
  );
  return { ...result, user, location };
}
