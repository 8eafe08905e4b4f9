import { lazyShell as shell } from "./lazy-page";

// The pages' static frames, painted while a hinted session and the page's code load (RouteAccessGate),
// each loaded with its route rather than carried by the entry chunk (src/app/lazy-page.tsx's lazyShell).
// `npm run size` reads each `const X = shell(() => import(...))` here (scripts/size/route-table.mjs).

export const AuthShell = shell(() =>
  import("@/features/auth/components/auth-shell").then((module) => module.AuthShell),
);
export const BrowseShell = shell(() =>
  import("@/features/browse/components/browse-shell").then((module) => module.BrowseShell),
);
export const CreateShell = shell(() =>
  import("@/features/create/components/create-shell").then((module) => module.CreateShell),
);
export const CustomerDashboardShell = shell(() =>
  import("@/features/customer/components/customer-shell").then((module) => module.CustomerDashboardShell),
);
export const CustomerRequestsShell = shell(() =>
  import("@/features/customer/components/customer-shell").then((module) => module.CustomerRequestsShell),
);
export const MerchantDashboardShell = shell(() =>
  import("@/features/merchant/components/merchant-shell").then((module) => module.MerchantDashboardShell),
);
export const MessagesShell = shell(() =>
  import("@/features/messages/components/messages-shell").then((module) => module.MessagesShell),
);
export const ConversationShell = shell(() =>
  import("@/features/messages/components/messages-shell").then((module) => module.ConversationShell),
);
