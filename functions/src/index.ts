// Every deployed function is exported from here; each lives in its own module.

// Buyer's journey: Algo and AI tokens.
export { algoChat } from "./algo/algo-chat";
// 'Detta l'offerta': Leonardo fills a shop's offer form from what it said.
export { dictateOffer } from "./algo/leonardo/dictate-offer";
export { generateOfferDescription } from "./algo/offer-description/generate-offer-description";
// 'Compila tu': the plain form publishes through the same code, free.
export { publishRequest } from "./algo/publish-form";
export { publishAlgoRequest } from "./algo/publish-request";
// The market dashboard (/admin/mercato) and the shops' monthly funnels: their nightly reconciliations.
export { buildMarketSummaries } from "./analytics/market-summaries";
export { reconcileMarket } from "./analytics/reconcile";
export { reconcileShopMonths } from "./analytics/reconcile-shop-months";
// Accounts: function-based magic link, public profile projection, e-mail endpoint.
export { createMagicLink, verifyMagicLink } from "./auth/magic-link";
export { reclaimAccount } from "./auth/reclaim-account";
export { deliverWelcomeEmail } from "./auth/welcome-email";
// Shops' plans and payments on Stripe: checkout, the webhook (the only writer of plans and credits).
export { startCheckout } from "./billing/checkout";
export {
  cancelSubscription,
  confirmSimulatedCheckout,
  openBillingPortal,
  resumeSubscription,
} from "./billing/manage";
export { planReminders } from "./billing/reminders";
export { stripeWebhook } from "./billing/webhook";
// Closing the deal: accept, reject, verify the pickup at the till, complete and rate.
export { acceptOffer } from "./deals/accept-offer";
export { cancelDeal } from "./deals/cancel-deal";
export { closeDeals } from "./deals/close-stale-deals";
export { completeTransaction } from "./deals/complete-transaction";
export { holdReminders } from "./deals/hold-reminders";
export { markNoShow } from "./deals/mark-no-show";
export { readPickupRecord } from "./deals/read-pickup-record";
export { rejectOffer } from "./deals/reject-offer";
export { releaseHold } from "./deals/release-hold";
export { verifyPickup } from "./deals/verify-pickup";
export { sendEmail } from "./email/send-email";
// National scale: a published request reaches its shops through the shop index and one digest task per
// shop and hour, instead of an hourly scan of every shop.
export { sendShopDigest } from "./fanout/digest-task";
export { onRequestWritten } from "./fanout/request-fanout";
export { onUserWritten } from "./fanout/shop-index";
// Browser errors, logged for Cloud Error Reporting (POST /api/client-error).
export { reportClientError } from "./http/client-error";
export { health } from "./http/health";
// Local price guidance: the prices submitOffer keeps (and an edited price replaces), summed up nightly once
// a day old; the callable reads only the summaries, above the threshold, rate-limited.
export { priceGuidance } from "./market/price-guidance";
export { onOfferUpdated } from "./market/price-stats";
export { buildPriceSummaries } from "./market/price-summaries";
export { appealDecision, decideAppeal, listAppeals } from "./moderation/decisions";
// Trust: the user's own data (export, deletion, retention) and moderation (reports, blocks, admin).
export { liftSuspension } from "./moderation/lift-suspension";
export { listReports } from "./moderation/list-reports";
export { moderateReport } from "./moderation/moderate-report";
export { reportContent } from "./moderation/report-content";
export { setBlock } from "./moderation/set-block";
// Notifications: the new-message trigger, the hourly digest and expiry warning, the e-mails' retries,
// one-click unsubscribe.
export { emailRetries } from "./notifications/email-retries";
export { deliverNotificationEmail } from "./notifications/email-task";
export { onMessageCreated } from "./notifications/message-trigger";
export { expiryWarnings } from "./notifications/sweeps";
export { unsubscribeEmail } from "./notifications/unsubscribe";
// Making an offer: validated, limited, the conversation opened in the same transaction.
export { submitGroupOffer } from "./offers/submit-group-offer";
export { submitOffer } from "./offers/submit-offer";
export { withdrawOffer } from "./offers/withdraw-offer";
// Operations: the deploy smoke test's callable and task (scripts/smoke).
export { runSmokeTask, startSmokeRun } from "./ops/smoke-run";
export { deleteMyAccount } from "./privacy/delete-account";
export { exportMyData } from "./privacy/export-data";
export { retentionSweep } from "./privacy/retention";
export { syncProfile } from "./profiles/sync-profile";
// The request's life: the buyer closes or renews it; the hourly sweep expires it after 7 days.
export { expireRequests } from "./requests/expire-requests";
export { closeRequest, renewRequest } from "./requests/request-actions";
export { reviewExpirySweep } from "./shops/review-expiry";
export { decideShopReview, listShopReviews } from "./shops/shop-reviews";
export { verifyShop } from "./shops/verify-shop";
export { purchaseTokens } from "./tokens/purchase-tokens";
