import type { RoutePrefetch } from "./route-access";

// The guarded routes' `prefetch` (src/app/routes.tsx): each starts its page's first reads as soon as
// the uid is known, over REST when the device holds a valid session (src/lib/first-read.ts). What starts
// them is a chunk with no zod and no Firebase, so it arrives long before either: the buyer's pages load
// ./customer-first-reads.ts, the shop's dashboard ./merchant-first-reads.ts, the messages screen and the
// shop's feed their own (a page loads only what it needs: the shop's plan is not on the buyer's path).

export const loadMessagesPrefetch = () => import("@/features/messages/api/prefetch");
/**
 * The conversation list and, in a conversation, the conversation, its offer and its messages: over REST
 * at once when the device holds a valid session (src/lib/first-read.ts), then the screen's reads.
 */
export const prefetchMessagesData: RoutePrefetch = (client, uid, params) => {
  void import("@/features/messages/api/first-reads").then((module) =>
    module.startMessagesFirstReads(uid, params.conversationId),
  );
  void Promise.all([loadMessagesPrefetch(), client()]).then(([module, queryClient]) =>
    module.prefetchMessages(queryClient, uid, params.conversationId),
  );
};
/**
 * The buyer's requests and offers (/customer, /requests): over REST at once when the device holds a
 * valid session (src/lib/first-read.ts), then the screens' reads, which take that answer.
 */
export const prefetchCustomerData: RoutePrefetch = (client, uid) => {
  void import("./customer-first-reads").then((module) => module.startCustomerFirstReads(uid));
  void Promise.all([import("@/features/customer/api/customer-data"), client()]).then(
    ([module, queryClient]) => module.prefetchCustomerData(queryClient, uid),
  );
};

/** The shop feed's first round (/browse), over REST at once when the device holds a valid session. */
export const prefetchBrowseData: RoutePrefetch = (_client, uid) =>
  void import("@/features/browse/api/first-reads").then((module) => module.startBrowseFirstReads(uid));

/** The shop's latest offers (/merchant), over REST at once when the device holds a valid session. */
export const prefetchMerchantData: RoutePrefetch = (_client, uid) =>
  void import("./merchant-first-reads").then((module) => module.startMerchantFirstReads(uid));
