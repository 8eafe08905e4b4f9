import type { ReactNode } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { legacyRedirects, paths } from "@/config/paths";
import { BuyersPage } from "@/features/marketing/buyers-page";
import { LandingPage } from "@/features/marketing/landing-page";
import { MerchantsPage } from "@/features/marketing/merchants-page";
import { RootLayout } from "./layouts/root-layout";
import { lazyPage } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { DashboardRedirect, type RouteAccess, RouteAccessGate } from "./route-access";

// The route table of spec §2. Marketing pages are in the entry chunk (they must paint fast and never
// pull in Firebase); every other page is React.lazy, so its code and Firebase load only when visited.
// scripts/size.mjs mirrors the lazy modules per route: update its table when a route changes module.
//
// Declarative routing (useRoutes inside <BrowserRouter>), not the data router: data lives in
// react-query, and createBrowserRouter's loader/action machinery would add ~16 kB gzip to the
// marketing pages' 120 kB budget (architecture §8).

const AuthPage = lazyPage(() =>
  import("@/features/auth/auth-page").then((module) => ({ default: module.AuthPage })),
);
const AuthCallbackPage = lazyPage(() =>
  import("@/features/auth/auth-callback-page").then((module) => ({ default: module.AuthCallbackPage })),
);
const MagicLinkPage = lazyPage(() =>
  import("@/features/auth/magic-link-page").then((module) => ({ default: module.MagicLinkPage })),
);
const CreatePage = lazyPage(() =>
  import("@/features/create/create-page").then((module) => ({ default: module.CreatePage })),
);
const CustomerDashboardPage = lazyPage(() =>
  import("@/features/customer/customer-dashboard-page").then((module) => ({
    default: module.CustomerDashboardPage,
  })),
);
const CustomerRequestsPage = lazyPage(() =>
  import("@/features/customer/customer-requests-page").then((module) => ({
    default: module.CustomerRequestsPage,
  })),
);
const ProfilePage = lazyPage(() =>
  import("@/features/profile/profile-page").then((module) => ({ default: module.ProfilePage })),
);

// Merchants (issue 6)
const MerchantDashboardPage = lazyPage(() =>
  import("@/features/merchant/merchant-dashboard-page").then((module) => ({
    default: module.MerchantDashboardPage,
  })),
);
const BrowsePage = lazyPage(() =>
  import("@/features/browse/browse-page").then((module) => ({ default: module.BrowsePage })),
);
const MakeOfferPage = lazyPage(() =>
  import("@/features/offers/make-offer-page").then((module) => ({ default: module.MakeOfferPage })),
);
const OffersPage = lazyPage(() =>
  import("@/features/offers/offers-page").then((module) => ({ default: module.OffersPage })),
);

// Both roles (issue 7)
const MessagesPage = lazyPage(() =>
  import("@/features/messages/messages-page").then((module) => ({ default: module.MessagesPage })),
);

export type AppRoute = {
  path: string;
  /** Who may open it; applied by RouteAccessGate only. */
  access: RouteAccess;
  element: ReactNode;
  /** Starts downloading the page's code while the gate still waits for the session. */
  preload?: () => void;
};

export const appRoutes: readonly AppRoute[] = [
  // Marketing (eager)
  { path: paths.home.path, access: "public", element: <LandingPage /> },
  { path: paths.landing.path, access: "public", element: <LandingPage /> },
  { path: paths.buyers.path, access: "public", element: <BuyersPage /> },
  { path: paths.merchants.path, access: "public", element: <MerchantsPage /> },

  // Accounts
  { path: paths.auth.path, access: "public", element: <AuthPage /> },
  { path: paths.authCallback.path, access: "public", element: <AuthCallbackPage /> },
  { path: paths.magicLinkAuth.path, access: "public", element: <MagicLinkPage /> },
  {
    path: paths.profile.path,
    access: "authenticated",
    element: <ProfilePage />,
    preload: ProfilePage.preload,
  },

  // Dashboards
  { path: paths.dashboard.path, access: "authenticated", element: <DashboardRedirect /> },
  {
    path: paths.customerDashboard.path,
    access: "customer",
    element: <CustomerDashboardPage />,
    preload: CustomerDashboardPage.preload,
  },
  {
    path: paths.merchantDashboard.path,
    access: "merchant",
    element: <MerchantDashboardPage />,
    preload: MerchantDashboardPage.preload,
  },

  // Buyers
  { path: paths.create.path, access: "customer", element: <CreatePage />, preload: CreatePage.preload },
  {
    path: paths.requests.path,
    access: "customer",
    element: <CustomerRequestsPage />,
    preload: CustomerRequestsPage.preload,
  },

  // Merchants
  { path: paths.browse.path, access: "merchant", element: <BrowsePage />, preload: BrowsePage.preload },
  {
    path: paths.makeOffer.path,
    access: "merchant",
    element: <MakeOfferPage />,
    preload: MakeOfferPage.preload,
  },
  { path: paths.offers.path, access: "merchant", element: <OffersPage />, preload: OffersPage.preload },

  // Both
  {
    path: paths.messages.path,
    access: "authenticated",
    element: <MessagesPage />,
    preload: MessagesPage.preload,
  },
  {
    path: paths.conversation.path,
    access: "authenticated",
    element: <MessagesPage />,
    preload: MessagesPage.preload,
  },
];

/** The table as react-router route objects, under the shared layout. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...appRoutes.map(({ path, access, element, preload }) => ({
        path,
        element: (
          <RouteAccessGate access={access} {...(preload ? { preload } : {})}>
            {element}
          </RouteAccessGate>
        ),
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
