import type { UserType } from "@/domain/core/user-type";

// Every route path of the app (spec §2), and the only place one is written.
// `path` is the router pattern; `getHref` builds a concrete URL.

const fixed = <P extends string>(path: P) => ({ path, getHref: () => path });

export const paths = {
  home: fixed("/"),
  landing: fixed("/landing"),
  buyers: fixed("/acquirenti"),
  merchants: fixed("/negozianti"),

  auth: fixed("/auth"),
  authCallback: {
    path: "/auth-callback",
    getHref: (userType?: UserType) =>
      userType ? `/auth-callback?${new URLSearchParams({ userType })}` : "/auth-callback",
  },
  magicLinkAuth: {
    path: "/magic-link-auth",
    getHref: (token: string) => `/magic-link-auth?${new URLSearchParams({ token })}`,
  },

  customerDashboard: fixed("/customer"),
  merchantDashboard: fixed("/merchant"),
  /** Role-neutral entry point; will send each user to their own dashboard. */
  dashboard: fixed("/dashboard"),

  create: fixed("/create"),
  requests: fixed("/requests"),
  /** One of the buyer's requests with its offers side by side (the buyer only). */
  request: {
    path: "/requests/:requestId",
    getHref: (requestId: string) => `/requests/${encodeURIComponent(requestId)}`,
  },
  /** A shop's public page (any signed-in user): address, hours, phone, rating, latest reviews. */
  shop: {
    path: "/negozi/:shopId",
    getHref: (shopId: string) => `/negozi/${encodeURIComponent(shopId)}`,
  },
  browse: fixed("/browse"),
  makeOffer: {
    path: "/make-offer/:requestId",
    getHref: (requestId: string) => `/make-offer/${encodeURIComponent(requestId)}`,
    /** The feed's 'Rispondi a voce': the same page with 'Detta l'offerta' started. */
    voiceParam: "voce",
    voiceHref: (requestId: string) => `/make-offer/${encodeURIComponent(requestId)}?voce=1`,
  },
  offers: fixed("/offers"),
  /** 'Il tuo catalogo': the shop's products with a price (merchants only). */
  catalogue: fixed("/catalogo"),
  /** The shop's plan; `offerta` brings back to the offer being written when the plan had lapsed. */
  subscription: {
    path: "/abbonamento",
    getHref: (returnToRequestId?: string) =>
      returnToRequestId
        ? `/abbonamento?${new URLSearchParams({ offerta: returnToRequestId })}`
        : "/abbonamento",
  },

  messages: fixed("/messages"),
  conversation: {
    path: "/messages/:conversationId",
    getHref: (conversationId: string) => `/messages/${encodeURIComponent(conversationId)}`,
  },
  profile: fixed("/profile"),

  privacy: fixed("/privacy"),
  terms: fixed("/termini"),
  cookies: fixed("/cookie"),
  /** 'Regole e trasparenza': every page below and the three above, linked from the footer. */
  rules: fixed("/regole"),
  reviewsPolicy: fixed("/regole/recensioni"),
  rankingPolicy: fixed("/regole/ordinamento"),
  accessibility: fixed("/accessibilita"),
  adminReports: fixed("/admin/segnalazioni"),
  adminShops: fixed("/admin/negozi"),
  adminMarket: fixed("/admin/mercato"),
} as const;

/** Old and alternative paths still reachable by links in the wild; each redirects (replace) to its target. */
export const legacyRedirects = [
  { from: "/test-create", to: paths.create.path },
  { from: "/test-browse", to: paths.browse.path },
  { from: "/test-messages", to: paths.messages.path },
  { from: "/test-profile", to: paths.profile.path },
  { from: "/auth-complex", to: paths.auth.path },
] as const;

/** Where a role lands after sign-in (spec §2). */
export const homePathByRole = {
  customer: paths.customerDashboard.path,
  merchant: paths.merchantDashboard.path,
} as const satisfies Readonly<Record<UserType, string>>;
export type HomePath = (typeof homePathByRole)[UserType];
