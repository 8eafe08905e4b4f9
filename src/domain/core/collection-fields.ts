import type { AiCacheEntry } from "../algo/ai.ts";
import type { Conversation } from "../marketplace/conversation.ts";
import type { Message } from "../marketplace/message.ts";
import type { Offer } from "../marketplace/offer.ts";
import type { Request } from "../marketplace/request.ts";
import type { UnreadCounts } from "../notifications/unread-counts.ts";
import type { PublicProfile, User } from "../people/user.ts";

// The field paths of each collection that queries and raw reads use (collections.ts re-exports them).

/**
 * Every dotted path into a document type: nested plain objects are followed, Dates and arrays are
 * leaves. Lets the field tables below be checked against the domain's own types.
 */
export type FieldPath<T> = T extends Date | readonly unknown[]
  ? never
  : T extends object
    ? {
        [K in keyof T & string]-?: NonNullable<T[K]> extends Date | readonly unknown[]
          ? K
          : NonNullable<T[K]> extends object
            ? K | `${K}.${FieldPath<NonNullable<T[K]>>}`
            : K;
      }[keyof T & string]
    : never;

/** requests/{id}: the paths the merchant feed, the buyer's lists and the functions query or read raw. */
export const REQUEST_FIELDS = {
  customerId: "customerId",
  status: "status",
  category: "category",
  urgency: "urgency",
  actionRadius: "actionRadius",
  createdAt: "createdAt",
  updatedAt: "updatedAt",
  expiresAt: "expiresAt",
  lat: "location.lat",
  lng: "location.lng",
  geohash: "location.geohash",
  gh3: "gh3",
  gh4: "gh4",
  gh5: "gh5",
  photoCount: "photoCount",
  thumbnail: "thumbnail",
  offerCount: "offerCount",
} as const satisfies Record<string, FieldPath<Request>>;

/** offers/{id}. */
export const OFFER_FIELDS = {
  requestId: "requestId",
  merchantId: "merchantId",
  customerId: "customerId",
  status: "status",
  createdAt: "createdAt",
  updatedAt: "updatedAt",
  holdUntil: "holdUntil",
  acceptedAt: "acceptedAt",
  verifiedPurchaseAt: "verifiedPurchaseAt",
  holdReminderSentAt: "holdReminderSentAt",
  dealClosesAt: "dealClosesAt",
} as const satisfies Record<string, FieldPath<Offer>>;

/** conversations/{id}. */
export const CONVERSATION_FIELDS = {
  customerId: "participants.customerId",
  merchantId: "participants.merchantId",
  requestId: "requestId",
  offerId: "offerId",
  updatedAt: "updatedAt",
} as const satisfies Record<string, FieldPath<Conversation>>;

/** unreadCounts/{uid}: the map of entries by conversation id (the rules judge a change of it alone). */
export const UNREAD_COUNTS_FIELDS = {
  conversations: "conversations",
  notifications: "notifications",
  deals: "deals",
  changedAt: "changedAt",
} as const satisfies Record<string, FieldPath<UnreadCounts>>;

/** conversations/{id}/messages/{id}. */
export const MESSAGE_FIELDS = {
  createdAt: "createdAt",
  readBy: "readBy",
  senderId: "senderId",
} as const satisfies Record<string, FieldPath<Message>>;

/** users/{uid}. */
export const USER_FIELDS = {
  userType: "userType",
  aiTokens: "aiTokens",
  /** The verified shops (scripts/billing/start-trials.ts). */
  shopStatus: "shop.status",
  /** Shops verified in the market dashboard's days (functions/src/analytics/reconcile.ts). */
  shopVerifiedAt: "shop.verifiedAt",
} as const satisfies Record<string, FieldPath<User>>;

/** shopIndex/{uid}: the fan-out asks for shops in a request's cells selling its category. */
export const SHOP_INDEX_FIELDS = { categories: "categories", gh3: "gh3", gh4: "gh4", gh5: "gh5" } as const;

/** profiles/{shopId}/reviews: the shop's page lists the newest first. */
export const REVIEW_FIELDS = { createdAt: "createdAt", buyerFirstName: "buyerFirstName" } as const;

/** subscriptions/{uid}/payments: /abbonamento lists receipts newest first. */
export const PAYMENT_FIELDS = { paidAt: "paidAt" } as const;

/** subscriptions/{uid}: the 7-day e-mail's job queries `reminderDueAt` (src/domain/billing/plan-reminder.ts). */
export const PLAN_REMINDER_FIELDS = { reminderDueAt: "reminderDueAt", remindedFor: "remindedFor" } as const;

/** billingCustomers/{uid}: the webhook finds a user from a Stripe customer id. */
export const BILLING_CUSTOMER_FIELDS = { customerId: "customerId" } as const;

/** profiles/{uid}. */
export const PROFILE_FIELDS = { userType: "userType" } as const satisfies Record<
  string,
  FieldPath<PublicProfile>
>;

/** ai_cache/{id}: the spec's lookup (by key and assistant, best success rate first). */
export const AI_CACHE_FIELDS = {
  cacheKey: "cacheKey",
  aiAssistant: "aiAssistant",
  successRate: "success_rate",
} as const satisfies Record<string, FieldPath<AiCacheEntry>>;

/** The field tying Algo's conversations and learning records to a user (the privacy export and deletion). */
export const USER_RECORD_FIELDS = { userId: "userId" } as const;

/** reports/{id}. */
export const REPORT_FIELDS = { reporterId: "reporterId", status: "status", createdAt: "createdAt" } as const;

/** shopReviews/{uid}: the admin queue's query (pending, oldest first). */
export const SHOP_REVIEW_FIELDS = { status: "status", submittedAt: "submittedAt" } as const;

/** blocks/{id}. */
export const BLOCK_FIELDS = { blockerId: "blockerId", blockedId: "blockedId" } as const;
