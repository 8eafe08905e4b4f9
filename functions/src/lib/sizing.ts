import type { GlobalOptions } from "firebase-functions/options";
import { SMTP_SECRETS } from "../email/smtp-secrets";

/**
 * How every deployed function is sized, in one table, so the numbers are chosen on purpose and read
 * together (docs/operations.md explains them). Each function's definition wraps its options in
 * `sized(name, options)`; `npm run deploy:check` refuses a function without explicit memory, timeout
 * and instance cap.
 *
 * The load they are sized for is the national model of docs/scale.md: 20,000 requests a day (peaks of
 * 5,000 an hour, ~1.4/s), 10 offers per request (~14/s at peak), 200,000 chat messages a day, 500 Algo
 * chats at once. A callable's work is a few Firestore round trips (under a second), so at Cloud Run's
 * concurrency of 80 one instance serves a peak; `maxInstances` caps cost under abuse while leaving
 * room for 5-10x the peak. Scheduled jobs run one at a time (`maxInstances: 1`) with the longest timeout
 * an event-driven function may have, and page through their work so they finish well inside it.
 *
 * `sendsMail` binds the SMTP secrets: every function whose code reaches the SMTP transport needs them
 * (deploy:check proves it from the bundle's import graph). Notification e-mails go through the task
 * queue (deliverNotificationEmail), and a magic-link sign-up's welcome through its own (deliverWelcomeEmail),
 * so the request path neither binds them nor waits on SMTP; the magic
 * link, the /api/send-email templates, plan reminders, moderation notices and the retries sweep send
 * directly.
 */
export interface Sizing {
  memory: NonNullable<GlobalOptions["memory"]>;
  timeoutSeconds: number;
  maxInstances: number;
  /** Requests one instance serves at once (Cloud Run's default is 80); lower for memory-heavy work. */
  concurrency?: number;
  sendsMail?: boolean;
}

const callable = { memory: "256MiB", timeoutSeconds: 30, maxInstances: 20 } as const satisfies Sizing;
const dealCallable = { ...callable, maxInstances: 40 } as const satisfies Sizing;
const adminCallable = { memory: "256MiB", timeoutSeconds: 60, maxInstances: 5 } as const satisfies Sizing;
const scheduledJob = { memory: "512MiB", timeoutSeconds: 540, maxInstances: 1 } as const satisfies Sizing;

export const SIZING = {
  // Algo: a photo turn holds the image a few times (base64, the SDK's request): measured ~3 MB for the
  // app's usual photo, ~5 MB at the size cap (docs/scale.md, npm run bench:algo-memory): 20 at once
  // with the idle process stay under half of 1 GiB. 500 chats at once fit in 25 instances.
  algoChat: { memory: "1GiB", timeoutSeconds: 120, maxInstances: 40, concurrency: 20 },
  generateOfferDescription: { memory: "512MiB", timeoutSeconds: 60, maxInstances: 20, concurrency: 40 },
  // A transcript of at most 1,000 characters: the same work as a description.
  dictateOffer: { memory: "512MiB", timeoutSeconds: 60, maxInstances: 20, concurrency: 40 },
  publishAlgoRequest: callable,
  publishRequest: callable,
  // Accounts: the magic link is mailed inside the call (SMTP within the timeout).
  createMagicLink: { ...callable, sendsMail: true },
  // Shares its module (and so its bundle's graph) with createMagicLink.
  verifyMagicLink: { ...callable, sendsMail: true },
  reclaimAccount: callable,
  syncProfile: callable,
  // Plans and payments: a Stripe round trip per call, few calls.
  startCheckout: { ...callable, maxInstances: 10 },
  cancelSubscription: { ...callable, maxInstances: 10 },
  resumeSubscription: { ...callable, maxInstances: 10 },
  openBillingPortal: { ...callable, maxInstances: 10 },
  confirmSimulatedCheckout: { ...callable, maxInstances: 10 },
  stripeWebhook: { memory: "256MiB", timeoutSeconds: 60, maxInstances: 10 },
  // Deals: a transaction, then the other parties' notifications; their e-mails go to the queue.
  acceptOffer: dealCallable,
  rejectOffer: dealCallable,
  cancelDeal: dealCallable,
  completeTransaction: dealCallable,
  verifyPickup: dealCallable,
  releaseHold: dealCallable,
  markNoShow: dealCallable,
  readPickupRecord: dealCallable,
  submitOffer: { ...dealCallable, maxInstances: 60 },
  // 'Un'offerta per tutti': up to 10 of submitOffer's transactions, one after another.
  submitGroupOffer: { ...dealCallable, maxInstances: 20 },
  withdrawOffer: dealCallable,
  // Price guidance: a rate-limit transaction, then up to 9 summaries read (and for a shop's question
  // submitOffer's checks, read only); called as a buyer's product is known and as a shop types a price.
  priceGuidance: { ...callable, maxInstances: 20 },
  purchaseTokens: { ...callable, maxInstances: 10 },
  verifyShop: { ...callable, timeoutSeconds: 60, maxInstances: 10 },
  // HTTP endpoints.
  sendEmail: { ...callable, maxInstances: 10, sendsMail: true },
  unsubscribeEmail: { ...callable, maxInstances: 5 },
  health: { memory: "128MiB", timeoutSeconds: 10, maxInstances: 2 },
  // Browser error reports: a rate-limit transaction and one log line; at most 10 per page load.
  reportClientError: { memory: "256MiB", timeoutSeconds: 10, maxInstances: 5 },
  // Moderation: admins only, or a user's report; a suspension closes conversations in pages.
  listReports: adminCallable,
  // Pages through the account's requests (one batch a page), as the suspension did.
  liftSuspension: { ...adminCallable, timeoutSeconds: 120 },
  // The shops' review queue: an admin's page (VIES retried for unanswered ones, bounded) and a decision
  // that mails the shop.
  // Shares its module (and so its bundle's graph) with decideShopReview, which mails the shop.
  listShopReviews: { ...adminCallable, timeoutSeconds: 120, sendsMail: true },
  decideShopReview: { ...adminCallable, sendsMail: true },
  // The deploy smoke test (npm run smoke): one call and one task per run.
  startSmokeRun: adminCallable,
  runSmokeTask: { memory: "256MiB", timeoutSeconds: 30, maxInstances: 1 },
  moderateReport: { ...adminCallable, timeoutSeconds: 120, sendsMail: true },
  reportContent: { ...callable, maxInstances: 10 },
  // Decisions' reviews: the person's request (its module mails the outcome), the admin's list and outcome.
  appealDecision: { ...callable, maxInstances: 5, sendsMail: true },
  listAppeals: { ...adminCallable, sendsMail: true },
  decideAppeal: { ...adminCallable, timeoutSeconds: 120, sendsMail: true },
  setBlock: { ...callable, maxInstances: 10 },
  // Privacy: an account's deletion and export walk its documents in pages.
  deleteMyAccount: { memory: "512MiB", timeoutSeconds: 300, maxInstances: 5 },
  exportMyData: { memory: "512MiB", timeoutSeconds: 120, maxInstances: 5 },
  // The notification e-mails' queue: many small sends per instance over a pooled SMTP transport
  // (3 connections); the queue caps the dispatches, so concurrency 10 keeps each instance's sends queued on its pool.
  deliverNotificationEmail: {
    memory: "256MiB",
    timeoutSeconds: 60,
    maxInstances: 5,
    concurrency: 10,
    sendsMail: true,
  },
  // A magic-link sign-up's welcome (the sign-in only queues it): one small send per new account.
  deliverWelcomeEmail: { memory: "256MiB", timeoutSeconds: 60, maxInstances: 3, sendsMail: true },
  // The fan-out: one trigger per request written (~1.4/s at peak publishing), a few shop-index pages
  // each; one trigger per users/{uid} write that only writes on a shop's change; one digest per shop and hour.
  onRequestWritten: { memory: "256MiB", timeoutSeconds: 120, maxInstances: 20 },
  onUserWritten: { memory: "256MiB", timeoutSeconds: 30, maxInstances: 40 },
  sendShopDigest: { memory: "256MiB", timeoutSeconds: 60, maxInstances: 10 },
  // Triggers: one per chat message (~2/s on average, ~10/s at peak), each a few reads, the recipient's
  // unread count (a small transaction on unreadCounts/{uid}) and maybe a mail.
  onMessageCreated: { memory: "256MiB", timeoutSeconds: 60, maxInstances: 20 },
  // One per offer update (a decision, a read, an edit); only a pending offer's new price writes (its
  // priceEntries document), the rest return after comparing the two versions.
  onOfferUpdated: { memory: "256MiB", timeoutSeconds: 60, maxInstances: 20 },
  // The buyer closes or renews a request.
  closeRequest: callable,
  renewRequest: callable,
  // Scheduled jobs.
  expireRequests: scheduledJob,
  emailRetries: { ...scheduledJob, sendsMail: true },
  expiryWarnings: scheduledJob,
  holdReminders: scheduledJob,
  closeDeals: scheduledJob,
  planReminders: { ...scheduledJob, sendsMail: true },
  retentionSweep: scheduledJob,
  reviewExpirySweep: scheduledJob,
  // The market dashboard's nightly reconciliation: 14 days of requests and their offers, in pages.
  reconcileMarket: scheduledJob,
  buildMarketSummaries: scheduledJob,
  // The shops' monthly funnels, nightly: the due month's offers (three dates) and its shopMonths, in pages.
  reconcileShopMonths: scheduledJob,
  // Price guidance's summaries, hourly: a settled day's offers in pages by bucket, ≤ 90 day documents
  // read per summary built (docs/scale.md).
  buildPriceSummaries: scheduledJob,
} as const satisfies Record<string, Sizing>;

export type SizedFunction = keyof typeof SIZING;

interface WithSecrets {
  secrets?: readonly unknown[];
}

/** `options` with the function's memory, timeout, instance cap and, for mail senders, the SMTP secrets. */
export function sized<const T extends object & WithSecrets>(name: SizedFunction, options: T) {
  const { sendsMail, ...runtime }: Sizing = SIZING[name];
  const secrets = [...(options.secrets ?? []), ...(sendsMail ? SMTP_SECRETS : [])];
  return { ...options, ...runtime, ...(secrets.length > 0 ? { secrets } : {}) } as T &
    Omit<Sizing, "sendsMail">;
}
