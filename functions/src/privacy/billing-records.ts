import { FieldValue, type Firestore, Timestamp } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/https";
import { PROVIDER_STATUS } from "@/domain/billing/plans";
import { SUBCOLLECTIONS } from "@/domain/core/collections";
import { fiscalRetainUntil } from "@/domain/legal/legal";
import { PRIVACY_MESSAGES } from "@/domain/people/trust-messages";
import { billingCustomerRef } from "../billing/customers";
import type { BillingGateway } from "../billing/gateway";
import { parseSubscription, subscriptionRef } from "../billing/subscription-store";

/**
 * What an account deletion does to money (GDPR art. 17 against the fiscal law's 10 years).
 *
 * First, before anything is erased, the shop's Stripe subscription is cancelled at Stripe, at once and
 * without a final invoice: a deleted account must never be charged again. Without a gateway (payments
 * not configured here) a subscription that still renews stops the deletion, rather than leaving it
 * charging with nobody to see it.
 *
 * Then the records are reduced to what the law keeps (art. 2220 c.c., art. 22 DPR 600/1973): each receipt
 * (subscriptions/{uid}/payments/{id}) keeps the provider's invoice or payment id, what was bought, the
 * amounts with the IVA split and the date, and gains `retainUntil` (ten years on, for a TTL policy);
 * Stripe's hosted receipt link, a page showing the customer's name and e-mail, goes. The plan document
 * becomes a tombstone `{uid, accountDeletedAt}` the webhook recognises (a late Stripe event writes no
 * plan for a deleted account), and the user → Stripe customer link (billingCustomers/{uid}) goes: the
 * invoice itself, with the data the law requires on it, stays with Stripe. tokenPurchases (uid, pack,
 * price, date, provider's payment id) are kept as they are: they hold nothing else of the person.
 */

/** Cancels the account's live subscription at the provider (none, or already cancelled: nothing). */
export async function cancelBillingAtProvider(
  db: Firestore,
  uid: string,
  gateway: BillingGateway | undefined,
): Promise<{ cancelled: string | null }> {
  const stored = parseSubscription((await subscriptionRef(db, uid).get()).data());
  const subscriptionId = stored?.stripeSubscriptionId;
  if (!subscriptionId || stored.plan !== "monthly" || stored.status === PROVIDER_STATUS.canceled) {
    return { cancelled: null };
  }
  if (!gateway) throw new HttpsError("unavailable", PRIVACY_MESSAGES.billingCancelFailed);
  await gateway.cancelNow(subscriptionId);
  return { cancelled: subscriptionId };
}

/** The fiscal records kept, with the personal data reduced to them (see above). */
export async function reduceBillingRecords(db: Firestore, uid: string, at: Date): Promise<void> {
  const planRef = subscriptionRef(db, uid);
  const receipts = await planRef.collection(SUBCOLLECTIONS.payments).get();
  const batch = db.batch();
  for (const receipt of receipts.docs) {
    const paidAt = receipt.get("paidAt");
    const paid = paidAt instanceof Timestamp ? paidAt.toDate() : at;
    batch.update(receipt.ref, {
      receiptUrl: FieldValue.delete(),
      retainUntil: Timestamp.fromDate(fiscalRetainUntil(paid)),
    });
  }
  if ((await planRef.get()).exists) {
    batch.set(planRef, { uid, accountDeletedAt: Timestamp.fromDate(at) });
  }
  batch.delete(billingCustomerRef(db, uid));
  await batch.commit();
}
