import type { Firestore, Transaction } from "firebase-admin/firestore";
import { COLLECTIONS } from "@/domain/collections";
import { buildPayment } from "@/domain/plan-payments";
import { launchOfferEnd, PROVIDER_STATUS, planStatus } from "@/domain/plans";
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
export type Effect = "applied" | "ignored";

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
  const codeRef = code ? db.collection(COLLECTIONS.launchCodes).doc(code) : undefined;
  const codeSnap = codeRef ? await tx.get(codeRef) : undefined;
  const stored = (await readSubscription(tx, db, uid)) ?? emptySubscription(uid, now);
  const receiptRef = paymentRef(db, uid, session.id);
  if ((await tx.get(receiptRef)).exists) return "ignored";
  const paidAt = seconds(event.created);
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
  tx.set(subscriptionRef(db, uid), subscriptionDoc(next));
  if (codeRef && codeSnap?.exists) tx.update(codeRef, { usedBy: uid, usedAt: paidAt });
  else logUnexpectedError("stripeWebhook: launch paid without a known code", undefined, { uid, code });
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
      receiptUrl: invoice.hosted_invoice_url ?? null,
    });
    tx.create(receiptRef, paymentDoc(receipt));
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
