import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { legacyRedirects, paths } from "@/config/paths";
import { BuyersPage } from "@/features/marketing/buyers-page";
import { LandingPage } from "@/features/marketing/landing-page";
import { MerchantsPage } from "@/features/marketing/merchants-page";
import { RootLayout } from "./layouts/root-layout";
import { NotFoundPage } from "./not-found-page";
import { type RouteAccess, RouteAccessGate } from "./route-access";

// The route table of spec §2. Marketing pages are in the entry chunk (they must paint fast and never
// pull in Firebase); every other page is React.lazy, so its code and Firebase load only when visited.
// scripts/size.mjs mirrors the lazy modules per route: update its table when a route changes module.
//
// Declarative routing (useRoutes inside <BrowserRouter>), not the data router: data lives in
// react-query, and createBrowserRouter's loader/action machinery would add ~16 kB gzip to the
// marketing pages' 120 kB budget (architecture §8).

const ComingSoonPage = lazy(() =>
  import("@/features/coming-soon/coming-soon-page").then((module) => ({ default: module.ComingSoonPage })),
);

/** A page not built yet: the shared 'In arrivo' page naming the section. */
const comingSoon = (section: string) => <ComingSoonPage section={section} />;

export type AppRoute = {
  path: string;
  /** Who may open it; applied by RouteAccessGate only. */
  access: RouteAccess;
  element: ReactNode;
};

export const appRoutes: readonly AppRoute[] = [
  // Marketing (eager)
  { path: paths.home.path, access: "public", element: <LandingPage /> },
  { path: paths.landing.path, access: "public", element: <LandingPage /> },
  { path: paths.buyers.path, access: "public", element: <BuyersPage /> },
  { path: paths.merchants.path, access: "public", element: <MerchantsPage /> },

  // Accounts
  { path: paths.auth.path, access: "public", element: comingSoon("Accesso e registrazione") },
  { path: paths.authCallback.path, access: "public", element: comingSoon("Accesso tramite link") },
  { path: paths.magicLinkAuth.path, access: "public", element: comingSoon("Accesso con link magico") },
  { path: paths.profile.path, access: "authenticated", element: comingSoon("Profilo") },

  // Dashboards
  { path: paths.dashboard.path, access: "authenticated", element: comingSoon("La tua area") },
  { path: paths.customerDashboard.path, access: "customer", element: comingSoon("Area acquirente") },
  { path: paths.merchantDashboard.path, access: "merchant", element: comingSoon("Area negoziante") },

  // Buyers
  { path: paths.create.path, access: "customer", element: comingSoon("Chiedi ad Algo") },
  { path: paths.requests.path, access: "customer", element: comingSoon("Le tue richieste") },

  // Merchants
  { path: paths.browse.path, access: "merchant", element: comingSoon("Richieste vicino a te") },
  { path: paths.makeOffer.path, access: "merchant", element: comingSoon("Nuova offerta") },
  { path: paths.offers.path, access: "merchant", element: comingSoon("Le tue offerte") },

  // Both
  { path: paths.messages.path, access: "authenticated", element: comingSoon("Messaggi") },
  { path: paths.conversation.path, access: "authenticated", element: comingSoon("Messaggi") },
];

/** The table as react-router route objects, under the shared layout. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...appRoutes.map(({ path, access, element }) => ({
        path,
        element: <RouteAccessGate access={access}>{element}</RouteAccessGate>,
      })),
      ...legacyRedirects.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/** Renders the page for the current location; put it inside a router (BrowserRouter, MemoryRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
