import type { AiCacheEntry } from "../algo/ai.ts";
import type { Conversation } from "../marketplace/conversation.ts";
import type { Message } from "../marketplace/message.ts";
import type { Offer } from "../marketplace/offer.ts";
import type { Request } from "../marketplace/request.ts";
import type { UnreadCounts } from "../notifications/unread-counts.ts";
import type { PublicProfile, User } from "../people/user.ts";

/**
 * The Firestore contract of every collection, in one place: its name and the field paths that queries
 * and raw reads use. The document shape of each is its zod schema (named next to each collection
 * below); writers build documents from those schemas, readers parse with them. Every piece of code that
 * names a collection or a queried field (the SPA's data layer, the functions, the seed, the benches,
 * the rules tests) takes it from here, so a rename is one edit and a typo does not compile.
 */
export const COLLECTIONS = {
  /** users/{uid}: the private user document (userSchema, user.ts). Owner-only. */
  users: "users",
  /** profiles/{uid}: what other users may see of a person (publicProfileSchema, user.ts). Functions only. */
  profiles: "profiles",
  /** requests/{id} (requestSchema, request.ts; built by request-document.ts). */
  requests: "requests",
  /** offers/{requestId}_{merchantId} (offerSchema, offer.ts). */
  offers: "offers",
  /** conversations/{offerId} (conversationSchema, conversation.ts). */
  conversations: "conversations",
  /** algo_conversations/{id}: Algo's server-side conversation state (functions only). */
  algoConversations: "algo_conversations",
  /** ai_cache/{id}: cached AI answers (functions only). */
  aiCache: "ai_cache",
  /** ai_learning/{id}: what Algo learnt from a published request (functions only). */
  aiLearning: "ai_learning",
  /** magicLinks/{sha256(token)} (functions only). */
  magicLinks: "magicLinks",
  /** rateLimits/{key} (functions only). */
  rateLimits: "rateLimits",
  /** tokenPurchases/{paymentId}: one credit per payment id (functions only). */
  tokenPurchases: "tokenPurchases",
  /** ratingsGiven/{buyerId}_{merchantId}: when the buyer's rating last counted (completeTransaction; rating.ts). */
  ratingsGiven: "ratingsGiven",
  /**
   * pickupCodes/{offerId}: the accepted deal's one-time pickup code (pickupCodeSchema, pickup.ts), written
   * by acceptOffer and verifyPickup only, read by the deal's buyer alone (never by the shop).
   */
  pickupCodes: "pickupCodes",
  /** pickupRecords/{buyerId}: the buyer's collected and missed holds (pickup-record.ts). */
  pickupRecords: "pickupRecords",
  /**
   * subscriptions/{uid}: the shop's plan (subscriptionSchema, plans.ts). Written by verifyShop (the
   * trial) and the Stripe webhook only; the owner reads it.
   */
  subscriptions: "subscriptions",
  /** billingCustomers/{uid}: the user's Stripe customer id (BILLING_CUSTOMER_FIELDS; functions only). */
  billingCustomers: "billingCustomers",
  /** billingEvents/{stripeEventId}: each webhook event applied once (functions only). */
  billingEvents: "billingEvents",
  /** launchCodes/{code}: launch-offer codes (launchCodeSchema, plan-codes.ts; functions and admin script only). */
  launchCodes: "launchCodes",
  /**
   * billingRefunds/{checkoutSessionId}: payments the webhook refused to apply (a launch code another
   * shop redeemed first) and gives back; functions only.
   */
  billingRefunds: "billingRefunds",
  /** simulatedCheckouts/{id}: checkouts of the local simulated provider (emulators only, functions only). */
  simulatedCheckouts: "simulatedCheckouts",
  /** testClock/{TEST_CLOCK_ID}: an offset the functions add to their clock, honoured on the emulators only. */
  testClock: "testClock",
  /** reports/{id}: a user's report of a conversation, offer or request (reportSchema, moderation.ts; functions write, the reporter reads). */
  reports: "reports",
  /** decisions/{id}: an admin's decision with its grounds (decisionSchema, people/decisions.ts; functions write, its subject reads). */
  decisions: "decisions",
  /** blocks/{blockerId}_{blockedId}: who blocked whom (blockSchema, moderation.ts; functions write, the blocker reads, the rules check it). */
  blocks: "blocks",
  /**
   * notificationState/{id}: the notifications' server state, functions only (the unsubscribe links'
   * signing key; throttle-{uid}-{key}: when the last rate-limited e-mail or digest went).
   */
  notificationState: "notificationState",
  /**
   * shopIndex/{uid}: where a verified shop is and what it sells, for the per-request fan-out (shopIndexSchema,
   * shop-reach.ts). Kept by a trigger on users/{uid}; functions only, no client reads or writes it.
   */
  shopIndex: "shopIndex",
  /**
   * digestInbox/{uid}_{hour}: the requests that reached a shop in one hour, until its digest goes
   * (digestInboxSchema, shop-reach.ts; functions only, deleted by TTL on expireAt).
   */
  digestInbox: "digestInbox",
  /**
   * shopReviews/{uid}: a shop waiting for an admin's approval, with what VIES said (shopReviewSchema,
   * shop-review.ts). Functions write; admins (the admin claim) read.
   */
  shopReviews: "shopReviews",
  /** partiteIva/{piva}: the one account that holds a Partita IVA (partitaIvaClaimSchema; functions only). */
  partiteIva: "partiteIva",
  /** shopAreas/{uid}: a verified shop's feed cells (shopAreaSchema), syncProfile's; the rules read them. */
  shopAreas: "shopAreas",
  /**
   * unreadCounts/{uid}: the user's unread messages and new offers per conversation (unreadCountsSchema,
   * unread-counts.ts), kept by the functions; the owner reads it and may only take conversations off it.
   */
  unreadCounts: "unreadCounts",
  /** marketRollups/{YYYY-MM}: the dashboard's month summary (marketMonthSchema), built by functions; admins read. */
  marketRollups: "marketRollups",
  /** marketDays/{day}_{comune}: the increments' shards, folded into marketRollups (market-shards.ts); functions only. */
  marketDays: "marketDays",
  /** marketJobs/{id}: the market jobs' progress (summaries' cursor, each night's reconciled days); functions only. */
  marketJobs: "marketJobs",
  /** shopMonths/{YYYY-MM}_{merchantId}: a shop's funnel of the month (shop-funnel.ts, rollups.ts). */
  shopMonths: "shopMonths",
  /** Price guidance's aggregates, functions only (src/domain/marketplace/price-stats.ts says each). */
  priceEntries: "priceEntries",
  priceDays: "priceDays",
  priceSummaries: "priceSummaries",
  priceBuilds: "priceBuilds",
  /**
   * responseSamples/{uid} and responseSamples/area-{gh5}: a shop's (an area's) newest response times
   * (responseSamplesSchema, response-time.ts), kept by submitOffer; functions only.
   */
  responseSamples: "responseSamples",
  /** shopStats/{uid}: a shop's coarse response time (responseStatsSchema); functions write, signed-in users read. */
  shopStats: "shopStats",
  /** areaStats/{gh5}: an area's coarse response time, beside a shop's own on its dashboard; as shopStats. */
  areaStats: "areaStats",
  /** smokeRuns/{runId}: the deploy smoke test's runs (functions/src/ops/smoke-run.ts); functions only. */
  smokeRuns: "smokeRuns",
  /** devPushOutbox/{id}: the emulators' fake push sender's messages (push-sender.ts); closed by the rules. */
  devPushOutbox: "devPushOutbox",
} as const;

/** The one document of testClock. */
export const TEST_CLOCK_ID = "offset";
export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** Sub-collections, under the document named in each comment. */
export const SUBCOLLECTIONS = {
  /** conversations/{id}/messages/{id} (messageSchema, message.ts). */
  messages: "messages",
  /**
   * users/{uid}/catalogue/{slot}: the shop's products with a price (catalogueProductSchema,
   * catalogue.ts); the owner reads and writes them, slots 'p00'-'p99' only.
   */
  catalogue: "catalogue",
  /** users/{uid}/tokenLedger/{id}: one entry per token spend or credit (functions only). */
  tokenLedger: "tokenLedger",
  /**
   * requests/{id}/private/{REQUEST_PRIVATE_LOCATION_ID}: the buyer's exact position and typed address
   * (requestPrivateLocationSchema, request.ts). Written by functions, read by the owner only.
   */
  requestPrivate: "private",
  /** subscriptions/{uid}/payments/{id}: one receipt per payment (paymentSchema, plan-payments.ts). Owner reads. */
  payments: "payments",
  /**
   * requests/{id}/photos/{p1|p2|p3}: the buyer's photos as base64 JPEG (requestPhotoSchema,
   * request-photo.ts). Written with the request by the publishing callables only; read like the request.
   */
  requestPhotos: "photos",
  /** users/{uid}/notifications/{kind}-{eventKey} (notificationSchema, notifications.ts). Functions write; the owner reads and sets readAt. */
  notifications: "notifications",
  /** users/{uid}/notificationSettings/{preferences|presence} (notifications.ts). The owner writes, validated. */
  notificationSettings: "notificationSettings",
  /** users/{uid}/devices/{deviceId}: one push token per browser (deviceSchema, push.ts). Owner writes; nobody else reads. */
  devices: "devices",
  /**
   * profiles/{shopId}/reviews/{requestId}: one rated purchase with the buyer's first name (reviewSchema,
   * shop-page.ts). Written by completeTransaction only; any signed-in user reads them (the shop's page).
   */
  reviews: "reviews",
} as const;

/** The one document of requests/{id}/private. */
export const REQUEST_PRIVATE_LOCATION_ID = "location";
export type SubcollectionName = (typeof SUBCOLLECTIONS)[keyof typeof SUBCOLLECTIONS];

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
