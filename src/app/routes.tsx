import type { ReactNode } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router";
import { legacyRedirects, paths } from "@/config/paths";
import { LandingPage } from "@/features/marketing/landing-page";
import { RootLayout } from "./layouts/root-layout";
import { page, plain } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { PageMarker } from "./page-marker";
import { DashboardRedirect, type RouteAccess, RouteAccessGate, type RoutePrefetch } from "./route-access";
import {
  loadMessagesPrefetch,
  prefetchBrowseData,
  prefetchCustomerData,
  prefetchMerchantData,
  prefetchMessagesData,
} from "./route-prefetch";
import {
  AuthShell,
  BrowseShell,
  ConversationShell,
  CreateShell,
  CustomerDashboardShell,
  CustomerRequestsShell,
  MerchantDashboardShell,
  MessagesShell,
} from "./route-shells";

// The route table of spec §2. The landing page is in the entry chunk (it must paint fast and never pull
// in Firebase); every other page is React.lazy, so its code (and Firebase) load only when visited: the
// other marketing pages too (src/features/marketing/, measured against the landing's budget), and each
// page's static frame (`shell`, ./route-shells.ts), so that the entry carries no signed-in page's frame.
// `npm run size` (scripts/size/route-table.mjs) reads this file's and route-shells.ts's syntax trees to
// measure each route's initial JS: each `const X = page(() => import(...))` is a lazy page (`plain(...)`
// for one that reads no data: ./lazy-page.tsx), each `const X = shell(() => import(...))` a page's
// frame, each object with `path: paths.x.path`, `access`, `element: <X />` (and `shell: <Y />`) a route
// (any formatting), listed in the order its report prints.
//
// Declarative routing (useRoutes inside <BrowserRouter>), not the data router: data lives in react-query,
// and createBrowserRouter's loader/action would add ~16 kB gzip to the marketing pages (architecture §8).

const BuyersPage = plain(() =>
  import("@/features/marketing/buyers-page").then((module) => module.BuyersPage),
);
const MerchantsPage = plain(() =>
  import("@/features/marketing/merchants-page").then((module) => module.MerchantsPage),
);

const AuthPage = page(() => import("@/features/auth/auth-page").then((module) => module.AuthPage));
const AuthCallbackPage = plain(() =>
  import("@/features/auth/auth-callback-page").then((module) => module.AuthCallbackPage),
);
const MagicLinkPage = plain(() =>
  import("@/features/auth/magic-link-page").then((module) => module.MagicLinkPage),
);
const ProfilePage = page(() =>
  import("@/features/profile/profile-page").then((module) => module.ProfilePage),
);
const CreatePage = page(() => import("@/features/create/create-page").then((module) => module.CreatePage));
const CustomerDashboardPage = page(() =>
  import("@/features/customer/customer-dashboard-page").then((module) => module.CustomerDashboardPage),
);
const CustomerRequestsPage = page(() =>
  import("@/features/customer/customer-requests-page").then((module) => module.CustomerRequestsPage),
);
const MerchantDashboardPage = page(() =>
  import("@/features/merchant/merchant-dashboard-page").then((module) => module.MerchantDashboardPage),
);
const RequestPage = page(() =>
  import("@/features/customer/request-page").then((module) => module.RequestPage),
);
const ShopPage = page(() => import("@/features/shops/shop-page").then((module) => module.ShopPage));
const BrowsePage = page(() => import("@/features/browse/browse-page").then((module) => module.BrowsePage));
const MakeOfferPage = page(() =>
  import("@/features/offers/make-offer-page").then((module) => module.MakeOfferPage),
);
const OffersPage = page(() => import("@/features/offers/offers-page").then((module) => module.OffersPage));
const CataloguePage = page(() => import("@/features/catalogue/catalogue-page").then((m) => m.CataloguePage));
const SubscriptionPage = page(() =>
  import("@/features/subscription/subscription-page").then((module) => module.SubscriptionPage),
);
const MessagesPage = page(() =>
  import("@/features/messages/messages-page").then((module) => module.MessagesPage),
);
const PrivacyPage = plain(() => import("@/features/legal/legal-pages").then((module) => module.PrivacyPage));
const TermsPage = plain(() => import("@/features/legal/legal-pages").then((module) => module.TermsPage));
const CookiesPage = plain(() => import("@/features/legal/legal-pages").then((module) => module.CookiesPage));
const RulesPage = plain(() => import("@/features/legal/rules-page").then((module) => module.RulesPage));
const ReviewsPage = plain(() => import("@/features/legal/policies").then((module) => module.ReviewsPage));
const RankingPage = plain(() => import("@/features/legal/policies").then((module) => module.RankingPage));
const AccessibilityPage = plain(() => import("@/features/legal/policies").then((module) => module.A11yPage));
const AdminReportsPage = page(() =>
  import("@/features/admin/admin-reports-page").then((module) => module.AdminReportsPage),
);
const AdminShopsPage = page(() =>
  import("@/features/admin/admin-shops-page").then((module) => module.AdminShopsPage),
);
const AdminMarketPage = page(() =>
  import("@/features/admin/admin-market-page").then((module) => module.AdminMarketPage),
);

export type AppRoute = {
  path: string;
  /** Who may open it; applied by RouteAccessGate only. */
  access: RouteAccess;
  element: ReactNode;
  /** Starts downloading the page's code while the gate still waits for the session. */
  preload?: () => void;
  /** The page's static frame, painted while a hinted session and the code load (RouteAccessGate). */
  shell?: ReactNode;
  /** The page's first reads, started as soon as the uid is known (RouteAccessGate). */
  prefetch?: RoutePrefetch;
};

/**
 * The messages screen's code and its first reads' code, both after the first paint: the reads then start
 * the moment the uid is known, not a download later (a conversation's LCP waits for them).
 */
const preloadMessages = () => {
  MessagesPage.preload();
  void loadMessagesPrefetch();
};

/**
 * The feed's code and its read over REST (src/data/feed-over-rest.ts) after the first paint, together:
 * the feed's first page goes out as the page mounts, not a download later.
 */
const preloadBrowse = () => {
  BrowsePage.preload();
  void import("@/data/feed-over-rest").catch(() => undefined); // the feed's read loads it again and reports
};

export const appRoutes: readonly AppRoute[] = [
  // Marketing (eager)
  { path: paths.home.path, access: "public", element: <LandingPage /> },
  { path: paths.landing.path, access: "public", element: <LandingPage /> },
  { path: paths.buyers.path, access: "public", element: <BuyersPage /> },
  { path: paths.merchants.path, access: "public", element: <MerchantsPage /> },

  // Accounts
  { path: paths.auth.path, access: "public", element: <AuthPage />, shell: <AuthShell /> },
  { path: paths.authCallback.path, access: "public", element: <AuthCallbackPage /> },
  { path: paths.magicLinkAuth.path, access: "public", element: <MagicLinkPage /> },

  // Dashboards
  {
    path: paths.customerDashboard.path,
    access: "customer",
    element: <CustomerDashboardPage />,
    preload: CustomerDashboardPage.preload,
    prefetch: prefetchCustomerData,
    shell: <CustomerDashboardShell />,
  },
  {
    path: paths.merchantDashboard.path,
    access: "merchant",
    element: <MerchantDashboardPage />,
    preload: MerchantDashboardPage.preload,
    prefetch: prefetchMerchantData,
    shell: <MerchantDashboardShell />,
  },
  { path: paths.dashboard.path, access: "authenticated", element: <DashboardRedirect /> },

  // Buyers
  {
    path: paths.create.path,
    access: "customer",
    element: <CreatePage />,
    preload: CreatePage.preload,
    shell: <CreateShell />,
  },
  {
    path: paths.requests.path,
    access: "customer",
    element: <CustomerRequestsPage />,
    preload: CustomerRequestsPage.preload,
    prefetch: prefetchCustomerData,
    shell: <CustomerRequestsShell />,
  },
  { path: paths.request.path, access: "customer", element: <RequestPage />, preload: RequestPage.preload },

  // Merchants (feed and offering: verified shops only; /merchant guides the others through verification)
  {
    path: paths.browse.path,
    access: "shop",
    element: <BrowsePage />,
    preload: preloadBrowse,
    prefetch: prefetchBrowseData,
    shell: <BrowseShell />,
  },
  {
    path: paths.makeOffer.path,
    access: "shop",
    element: <MakeOfferPage />,
    preload: MakeOfferPage.preload,
  },
  { path: paths.offers.path, access: "merchant", element: <OffersPage />, preload: OffersPage.preload },
  { path: paths.catalogue.path, access: "merchant", element: <CataloguePage /> },
  {
    path: paths.subscription.path,
    access: "shop",
    element: <SubscriptionPage />,
    preload: SubscriptionPage.preload,
  },

  // Both roles (a shop's page: signed in only, as profiles/{uid} is; a link shared with someone signed
  // out goes through /auth and comes back)
  { path: paths.shop.path, access: "authenticated", element: <ShopPage />, preload: ShopPage.preload },
  {
    path: paths.messages.path,
    access: "authenticated",
    element: <MessagesPage />,
    preload: preloadMessages,
    prefetch: prefetchMessagesData,
    shell: <MessagesShell />,
  },
  {
    path: paths.conversation.path,
    access: "authenticated",
    element: <MessagesPage />,
    preload: preloadMessages,
    prefetch: prefetchMessagesData,
    shell: <ConversationShell />,
  },
  {
    path: paths.profile.path,
    access: "authenticated",
    element: <ProfilePage />,
    preload: ProfilePage.preload,
  },

  // Legal notes (public)
  { path: paths.privacy.path, access: "public", element: <PrivacyPage /> },
  { path: paths.terms.path, access: "public", element: <TermsPage /> },
  { path: paths.cookies.path, access: "public", element: <CookiesPage /> },
  { path: paths.rules.path, access: "public", element: <RulesPage /> },
  { path: paths.reviewsPolicy.path, access: "public", element: <ReviewsPage /> },
  { path: paths.rankingPolicy.path, access: "public", element: <RankingPage /> },
  { path: paths.accessibility.path, access: "public", element: <AccessibilityPage /> },

  // Moderation (the page checks the admin claim; the callables enforce it)
  {
    path: paths.adminReports.path,
    access: "authenticated",
    element: <AdminReportsPage />,
    preload: AdminReportsPage.preload,
  },
  {
    path: paths.adminShops.path,
    access: "authenticated",
    element: <AdminShopsPage />,
    preload: AdminShopsPage.preload,
  },
  {
    path: paths.adminMarket.path,
    access: "authenticated",
    element: <AdminMarketPage />,
    preload: AdminMarketPage.preload,
  },
];

/** The table as react-router route objects, under the shared layout. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...appRoutes.map(({ path, access, element, preload, shell, prefetch }) => ({
        path,
        element: (
          <RouteAccessGate
            access={access}
            {...(preload ? { preload } : {})}
            {...(shell ? { shell } : {})}
            {...(prefetch ? { prefetch } : {})}
          >
            <PageMarker>{element}</PageMarker>
          </RouteAccessGate>
        ),
      })),
      ...legacyRedirects.map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> })),
      {
        path: "*",
        element: (
          <PageMarker>
            <NotFoundPage />
          </PageMarker>
        ),
      },
    ],
  },
];

/** Renders the page for the current location; put it inside a router (BrowserRouter, MemoryRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
