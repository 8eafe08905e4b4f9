import {
  BLOCK_FIELDS,
  type COLLECTIONS,
  CONVERSATION_FIELDS,
  OFFER_FIELDS,
  REPORT_FIELDS,
  REQUEST_FIELDS,
  USER_RECORD_FIELDS,
} from "../core/collections.ts";
import { SHOP_MONTH_FIELDS } from "../market/shop-funnel.ts";
import { NOTIFICATION_STATE_FIELDS } from "../notifications/notifications.ts";
import { DECISION_FIELDS } from "../people/decisions.ts";

/**
 * What an account deletion does to each collection (GDPR art. 17), in one table over every collection
 * (here, in the boundary, because it names the fields of every context)
 * of collections.ts: the type below makes a new collection fail to compile until it says how its
 * documents name an account and what happens to them. functions/src/privacy/delete-account.ts deletes
 * every `deleted` entry by its key; tests/integration/privacy-keys.test.ts seeds one document per such
 * entry and proves none is left.
 *
 * How a document names the account (`key`): its id is the uid (`id`), its id starts with `{uid}_`
 * (`idPrefix`), or a field holds the uid (`fields`, any of them).
 */
export type AccountKey =
  | { readonly by: "id" }
  | { readonly by: "idPrefix" }
  | { readonly by: "fields"; readonly fields: readonly string[] };

export type AccountDataRule =
  | { readonly key: AccountKey; readonly onDeletion: "deleted" }
  | { readonly key: AccountKey; readonly onDeletion: "kept"; readonly why: string }
  | { readonly key: null; readonly why: string };

const byId = { by: "id" } as const;
const byPrefix = { by: "idPrefix" } as const;
const byFields = (...fields: string[]) => ({ by: "fields", fields }) as const;

export const ACCOUNT_DATA = {
  users: { key: byId, onDeletion: "deleted" },
  profiles: {
    key: byId,
    onDeletion: "kept",
    why: "a tombstone named 'Utente eliminato': other people's chats and reviews still name it",
  },
  requests: {
    key: byFields(REQUEST_FIELDS.customerId),
    onDeletion: "kept",
    why: "cancelled, without their exact place and photos: the shops' offers and chats refer to them",
  },
  offers: {
    key: byFields(OFFER_FIELDS.merchantId),
    onDeletion: "kept",
    why: "expired: the buyers' lists and chats refer to them",
  },
  conversations: {
    key: byFields(CONVERSATION_FIELDS.customerId, CONVERSATION_FIELDS.merchantId),
    onDeletion: "kept",
    why: "closed, the deleted side named 'Utente eliminato': the other party keeps the thread",
  },
  algoConversations: { key: byFields(USER_RECORD_FIELDS.userId), onDeletion: "deleted" },
  aiCache: { key: null, why: "AI answers by the question's hash, nobody's" },
  aiLearning: { key: byFields(USER_RECORD_FIELDS.userId), onDeletion: "deleted" },
  magicLinks: { key: null, why: "by the token's hash, deleted by TTL 15 minutes after it was sent" },
  rateLimits: { key: null, why: "by the limit's key, deleted by TTL at the window's end (an hour or a day)" },
  tokenPurchases: {
    key: byFields("uid"),
    onDeletion: "kept",
    why: "the fiscal record of a payment (ten years, billing-records.ts): pack, price, date, provider id",
  },
  ratingsGiven: { key: byPrefix, onDeletion: "deleted" },
  pickupCodes: { key: byFields("customerId", "merchantId"), onDeletion: "deleted" },
  pickupRecords: { key: byId, onDeletion: "deleted" },
  subscriptions: {
    key: byId,
    onDeletion: "kept",
    why: "a tombstone with the receipts the fiscal law keeps ten years (billing-records.ts)",
  },
  billingCustomers: { key: byId, onDeletion: "deleted" },
  billingEvents: {
    key: null,
    why: "Stripe's event ids, applied once; the plan they changed is the tombstone",
  },
  launchCodes: { key: null, why: "the launch offer's codes, nobody's" },
  billingRefunds: { key: null, why: "by the checkout session: a refund owed, a fiscal record" },
  simulatedCheckouts: { key: null, why: "the emulators' simulated payments only" },
  testClock: { key: null, why: "the emulators' clock offset" },
  reports: { key: byFields(REPORT_FIELDS.reporterId), onDeletion: "deleted" },
  decisions: { key: byFields(DECISION_FIELDS.subjectId), onDeletion: "deleted" },
  blocks: { key: byFields(BLOCK_FIELDS.blockerId, BLOCK_FIELDS.blockedId), onDeletion: "deleted" },
  notificationState: { key: byFields(NOTIFICATION_STATE_FIELDS.uid), onDeletion: "deleted" },
  shopIndex: { key: byId, onDeletion: "deleted" },
  digestInbox: { key: null, why: "a cell's requests of one hour, by cell and category: nobody's" },
  shopReviews: { key: byId, onDeletion: "deleted" },
  partiteIva: { key: byFields("uid"), onDeletion: "deleted" },
  shopAreas: { key: byId, onDeletion: "deleted" },
  unreadCounts: { key: byId, onDeletion: "deleted" },
  marketRollups: { key: null, why: "counts per day, comune and category, nobody's" },
  marketDays: { key: null, why: "a day's counts in one comune, nobody's" },
  marketJobs: { key: null, why: "the market jobs' progress" },
  shopMonths: { key: byFields(SHOP_MONTH_FIELDS.merchantId), onDeletion: "deleted" },
  priceEntries: { key: null, why: "a price with the shop as a salted hash, never its uid (price-stats.ts)" },
  priceDays: { key: null, why: "prices summed up by day, nobody's" },
  priceSummaries: { key: null, why: "prices summed up, nobody's" },
  priceBuilds: { key: null, why: "the summaries job's progress" },
  responseSamples: { key: byId, onDeletion: "deleted" },
  shopStats: { key: byId, onDeletion: "deleted" },
  areaStats: { key: null, why: "an area's coarse response time, nobody's" },
  smokeRuns: { key: null, why: "the deploy smoke test's runs: a run id and two times, nobody's" },
  devPushOutbox: { key: null, why: "the emulators' fake push sender's record only" },
} as const satisfies Record<keyof typeof COLLECTIONS, AccountDataRule>;

export type AccountDataCollection = keyof typeof ACCOUNT_DATA;

/** The collections whose documents keyed by the account go with it, and how each names it. */
export function deletedOnAccountDeletion(): Array<{ collection: AccountDataCollection; key: AccountKey }> {
  return Object.entries(ACCOUNT_DATA as Record<AccountDataCollection, AccountDataRule>).flatMap(
    ([collection, rule]) =>
      rule.key !== null && "onDeletion" in rule && rule.onDeletion === "deleted"
        ? [{ collection: collection as AccountDataCollection, key: rule.key }]
        : [],
  );
}
