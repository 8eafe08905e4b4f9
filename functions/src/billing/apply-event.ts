import { type DocumentData, type Firestore, Timestamp, type Transaction } from "firebase-admin/firestore";
import * as logger from "firebase-functions/logger";
import { BILLING_REFUND_STATUS, buildPayment } from "@/domain/billing/plan-payments";
import { launchOfferEnd, PROVIDER_STATUS, planStatus } from "@/domain/billing/plans";
import { COLLECTIONS } from "@/domain/core/collections";
import { fiscalRetainUntil } from "@/domain/legal/legal";
import { logUnexpectedError } from "../lib/error-log";
import { creditTokenPack } from "../tokens/token-credit";
import { uidOfCustomer } from "./customers";
import {
  type CheckoutSession,
  checkoutSessionSchema,
  type EventEnvelope,
  type Invoice,
  invoicePeriodEnd,
  invoiceSchema,
  invoiceSubscriptionId,
  providerStatus,
  type SubscriptionObject,
  subscriptionObjectSchema,
  subscriptionPeriodEnd,
} from "./events";
import {
  emptySubscription,
  paymentDoc,
  paymentRef,
  readSubscription,
  type StoredSubscription,
  subscriptionDoc,
  subscriptionRef,
} from "./subscription-store";

/**
 * What one verified Stripe event does, inside the webhook's transaction (reads first, then writes).
 * The webhook is the only writer of plan state and token credits. Ordering: Stripe may deliver events
 * late, twice or out of order, so a subscription's state only moves forward — an event older than the
 * last one applied to the same subscription is stale, a cancelled subscription never comes back, an
 * event about an older subscription than the followed one is ignored, and a period end never moves
 * back.
 */
export type Effect = "applied" | "ignored" | "refund";

/**
 * A deleted account's plan document is a tombstone (privacy/billing-records.ts): no late event brings a
 * plan back for it. Receipts still arrive (fiscal records), reduced like the others.
 */
async function accountDeleted(tx: Transaction, db: Firestore, uid: string): Promise<boolean> {
  return (await tx.get(subscriptionRef(db, uid))).get("accountDeletedAt") !== undefined;
}

/** billingRefunds/{sessionId}: a payment the webhook refused to apply, to give back (webhook.ts). */
export function refundRef(db: Firestore, sessionId: string) {
  return db.collection(COLLECTIONS.billingRefunds).doc(sessionId);
}

/**
 * One code, one shop, judged where the payment is applied: the reservation of startCheckout lasts as
 * long as the Checkout Session, but a payment may still arrive for a code another shop redeemed (two
 * sessions, a retried event). The code must exist and be unused or already this shop's.
 */
function codeTakenByAnother(codeData: DocumentData | undefined, uid: string): boolean {
  if (!codeData) return true;
  const usedBy = codeData.usedBy;
  return typeof usedBy === "string" && usedBy !== "" && usedBy !== uid;
}

const seconds = (value: number) => new Date(value * 1000);

function laterDate(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() >= b.getTime() ? a : b;
}

async function applyCheckout(
  tx: Transaction,
  db: Firestore,
  event: EventEnvelope,
  now: Date,
): Promise<Effect> {
  const session: CheckoutSession = checkoutSessionSchema.parse(event.data.object);
  if (session.payment_status !== "paid" && session.mode === "payment") return "ignored";
  const { uid, kind } = session.metadata;
  const provider = session.metadata.provider ?? "stripe";
  if (kind === "tokens") {
    const outcome = await creditTokenPack(tx, db, {
      uid,
      packageId: session.metadata.packageId ?? "",
      paymentId: session.id,
      provider,
      providerRef: session.payment_intent ?? session.id,
      now,
    });
    if (outcome === "unknown-pack")
      logUnexpectedError("stripeWebhook: paid pack unknown", undefined, { uid, id: session.id });
    return outcome === "credited" ? "applied" : "ignored";
  }
  if (kind !== "launch") return "ignored"; // the monthly plan follows its subscription's events
  const code = session.metadata.code ?? "";
  const codeRef = db.collection(COLLECTIONS.launchCodes).doc(code || "-");
  const codeSnap = await tx.get(codeRef);
  const deleted = await accountDeleted(tx, db, uid);
  const stored = (await readSubscription(tx, db, uid)) ?? emptySubscription(uid, now);
  const receiptRef = paymentRef(db, uid, session.id);
  if ((await tx.get(receiptRef)).exists) return "ignored";
  const paidAt = seconds(event.created);
  if (deleted || codeTakenByAnother(code ? codeSnap.data() : undefined, uid)) {
    // Paid, but not applied: the money goes back (webhook.ts refunds after the commit) and the shop
    // reads why on /abbonamento. Nothing else changes: the code stays with the shop that redeemed it.
    logger.warn("stripeWebhook: launch payment refused", { uid, code, deleted });
    tx.set(refundRef(db, session.id), {
      uid,
      sessionId: session.id,
      paymentIntent: session.payment_intent ?? null,
      amountCents: session.amount_total ?? 0,
      reason: deleted ? "account_deleted" : "launch_code_used",
      code,
      status: BILLING_REFUND_STATUS.pending,
      createdAt: Timestamp.fromDate(now),
    });
    if (!deleted) {
      const refused: StoredSubscription = {
        ...stored,
        launchRefused: { code, at: paidAt, amountCents: session.amount_total ?? 0 },
        updatedAt: now,
      };
      tx.set(subscriptionRef(db, uid), subscriptionDoc(refused));
    }
    return "refund";
  }
  const current = planStatus(stored, paidAt);
  const accessEnd = current.hasAccess ? (current.endsAt ?? current.renewsAt) : null;
  const next: StoredSubscription = {
    ...stored,
    plan: "launch",
    status: PROVIDER_STATUS.active,
    periodEnd: launchOfferEnd(paidAt, accessEnd),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    launchCode: code,
    updatedAt: now,
  };
  // The monthly subscription (cancelled: startCheckout refuses otherwise) is no longer followed; its
  // `created` stays, so its late events are recognised as older and ignored.
  delete next.stripeSubscriptionId;
  delete next.launchRefused;
  tx.set(subscriptionRef(db, uid), subscriptionDoc(next));
  tx.update(codeRef, { usedBy: uid, usedAt: paidAt });
  tx.create(
    receiptRef,
    paymentDoc(
      buildPayment({
        id: session.id,
        kind: "launch",
        grossCents: session.amount_total ?? 0,
        paidAt,
        provider,
      }),
    ),
  );
  return "applied";
}

async function applySubscription(
  tx: Transaction,
  db: Firestore,
  event: EventEnvelope,
  now: Date,
): Promise<Effect> {
  const sub: SubscriptionObject = subscriptionObjectSchema.parse(event.data.object);
  const uid = sub.metadata?.uid || (await uidOfCustomer(tx, db, sub.customer));
  if (!uid) return "ignored";
  if (await accountDeleted(tx, db, uid)) return "ignored";
  const stored = (await readSubscription(tx, db, uid)) ?? emptySubscription(uid, now);
  const same = stored.stripeSubscriptionId === sub.id;
  if (same && stored.status === PROVIDER_STATUS.canceled) return "ignored";
  if (same && (stored.subscriptionEventAt ?? 0) > event.created) return "ignored";
  if (!same && stored.subscriptionCreated !== undefined && sub.created <= stored.subscriptionCreated)
    return "ignored";
  const deleted = event.type === "customer.subscription.deleted";
  const status = deleted ? PROVIDER_STATUS.canceled : providerStatus(sub.status);
  const end = subscriptionPeriodEnd(sub);
  const periodEnd = end ? seconds(end) : null;
  const next: StoredSubscription = {
    ...stored,
    plan: "monthly",
    status,
    periodEnd: same ? laterDate(stored.periodEnd, periodEnd) : periodEnd,
    cancelAtPeriodEnd:
      status !== PROVIDER_STATUS.canceled && (sub.cancel_at_period_end || Boolean(sub.cancel_at)),
    canceledAt: status === PROVIDER_STATUS.canceled ? seconds(sub.ended_at ?? event.created) : null,
    stripeSubscriptionId: sub.id,
    subscriptionCreated: sub.created,
    subscriptionEventAt: event.created,
    updatedAt: now,
  };
  delete next.launchCode;
  tx.set(subscriptionRef(db, uid), subscriptionDoc(next));
  return "applied";
}

async function invoiceOwner(tx: Transaction, db: Firestore, invoice: Invoice): Promise<string | undefined> {
  const fromMetadata = invoice.parent?.subscription_details?.metadata?.uid;
  return fromMetadata || (await uidOfCustomer(tx, db, invoice.customer));
}

async function applyInvoice(
  tx: Transaction,
  db: Firestore,
  event: EventEnvelope,
  now: Date,
): Promise<Effect> {
  const invoice = invoiceSchema.parse(event.data.object);
  // One-off payments (launch offer, token packs) get their invoice from Checkout too: their receipt
  // is written from checkout.session.completed, so only subscription invoices count here.
  if (!invoiceSubscriptionId(invoice)) return "ignored";
  const uid = await invoiceOwner(tx, db, invoice);
  if (!uid) return "ignored";
  const paid = event.type === "invoice.paid";
  const deleted = await accountDeleted(tx, db, uid);
  const stored = await readSubscription(tx, db, uid);
  const receiptRef = paymentRef(db, uid, invoice.id);
  const hasReceipt = paid && (await tx.get(receiptRef)).exists;
  let effect: Effect = "ignored";
  if (paid && !hasReceipt && invoice.amount_paid > 0) {
    const paidAt = seconds(invoice.status_transitions?.paid_at ?? event.created);
    const receipt = buildPayment({
      id: invoice.id,
      kind: "monthly",
      grossCents: invoice.amount_paid,
      paidAt,
      provider: stored?.stripeSubscriptionId?.startsWith("sub_sim_") ? "simulated" : "stripe",
      // A deleted account's receipt keeps only what the law needs (privacy/billing-records.ts).
      receiptUrl: deleted ? null : (invoice.hosted_invoice_url ?? null),
    });
    tx.create(receiptRef, {
      ...paymentDoc(receipt),
      ...(deleted ? { retainUntil: Timestamp.fromDate(fiscalRetainUntil(paidAt)) } : {}),
    });
    effect = "applied";
  }
  const follows =
    stored &&
    stored.stripeSubscriptionId === invoiceSubscriptionId(invoice) &&
    stored.status !== PROVIDER_STATUS.canceled &&
    (stored.invoiceEventAt ?? 0) <= event.created;
  if (!stored || !follows) return effect;
  const end = invoicePeriodEnd(invoice);
  const next: StoredSubscription = {
    ...stored,
    status: paid
      ? stored.status === PROVIDER_STATUS.pastDue
        ? PROVIDER_STATUS.active
        : stored.status
      : PROVIDER_STATUS.pastDue,
    periodEnd: paid && end ? laterDate(stored.periodEnd, seconds(end)) : stored.periodEnd,
    invoiceEventAt: event.created,
    updatedAt: now,
  };
  tx.set(subscriptionRef(db, uid), subscriptionDoc(next));
  return "applied";
}

/** The event's effect; unknown event types are acknowledged and ignored. */
export function applyEvent(tx: Transaction, db: Firestore, event: EventEnvelope, now: Date): Promise<Effect> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return applyCheckout(tx, db, event, now);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return applySubscription(tx, db, event, now);
    case "invoice.paid":
    case "invoice.payment_failed":
      return applyInvoice(tx, db, event, now);
    default:
      return Promise.resolve("ignored");
  }
}
