import {
  type DocumentData,
  type DocumentReference,
  type Firestore,
  Timestamp,
  type Transaction,
} from "firebase-admin/firestore";
import type { Payment } from "@/domain/billing/plan-payments";
import { planReminderDue } from "@/domain/billing/plan-reminder";
import { type Subscription, subscriptionSchema } from "@/domain/billing/plans";
import { COLLECTIONS, SUBCOLLECTIONS } from "@/domain/core/collections";
import { fromFirestore } from "../profiles/user-record";

/**
 * subscriptions/{uid} in Firestore. Beside the domain's fields (plans.ts) the document keeps the Stripe
 * facts the webhook needs to order events: which subscription it follows, when that subscription was
 * created and the `created` time of the last event applied to it (seconds, as Stripe sends them); and
 * the end date the last 7-day e-mail was sent for (functions/src/billing/reminders.ts).
 */
export interface StripeFacts {
  stripeSubscriptionId?: string;
  /** The followed subscription's own `created` (s): an event about an older subscription is ignored. */
  subscriptionCreated?: number;
  /** The `created` (s) of the last subscription event applied: an older one is stale. */
  subscriptionEventAt?: number;
  /** The `created` (s) of the last invoice event applied (paid / failed): an older one is stale. */
  invoiceEventAt?: number;
  /** The end date (ms) the last 7-day e-mail was sent for (planReminders). */
  remindedFor?: number;
}

export type StoredSubscription = Subscription & StripeFacts;

export function subscriptionRef(db: Firestore, uid: string): DocumentReference {
  return db.collection(COLLECTIONS.subscriptions).doc(uid);
}

export function paymentRef(db: Firestore, uid: string, paymentId: string): DocumentReference {
  return subscriptionRef(db, uid).collection(SUBCOLLECTIONS.payments).doc(paymentId);
}

function optionalNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A stored document read back, or undefined when missing or not a subscription. */
export function parseSubscription(data: DocumentData | undefined): StoredSubscription | undefined {
  if (!data) return undefined;
  const parsed = subscriptionSchema.safeParse(fromFirestore(data));
  if (!parsed.success) return undefined;
  const facts: StripeFacts = {};
  if (typeof data.stripeSubscriptionId === "string") facts.stripeSubscriptionId = data.stripeSubscriptionId;
  const created = optionalNumber(data.subscriptionCreated);
  if (created !== undefined) facts.subscriptionCreated = created;
  const eventAt = optionalNumber(data.subscriptionEventAt);
  if (eventAt !== undefined) facts.subscriptionEventAt = eventAt;
  const invoiceAt = optionalNumber(data.invoiceEventAt);
  if (invoiceAt !== undefined) facts.invoiceEventAt = invoiceAt;
  const remindedFor = optionalNumber(data.remindedFor);
  if (remindedFor !== undefined) facts.remindedFor = remindedFor;
  return { ...parsed.data, ...facts };
}

function stamp(date: Date | null): Timestamp | null {
  return date ? Timestamp.fromDate(date) : null;
}

/**
 * The document as written (Dates → Timestamps, no undefined), with the end date a 7-day e-mail is owed
 * for (`reminderDueAt`, derived here so every write keeps it right: the daily job queries it).
 */
export function subscriptionDoc(subscription: StoredSubscription): DocumentData {
  const doc: DocumentData = {
    ...subscription,
    reminderDueAt: stamp(planReminderDue(subscription, subscription.remindedFor)),
    trialEndsAt: stamp(subscription.trialEndsAt),
    periodEnd: stamp(subscription.periodEnd),
    canceledAt: stamp(subscription.canceledAt),
    updatedAt: Timestamp.fromDate(subscription.updatedAt),
  };
  return Object.fromEntries(Object.entries(doc).filter(([, value]) => value !== undefined));
}

export async function readSubscription(
  tx: Transaction,
  db: Firestore,
  uid: string,
): Promise<StoredSubscription | undefined> {
  return parseSubscription((await tx.get(subscriptionRef(db, uid))).data());
}

/** A subscription for a user with none yet (a webhook for a shop verified before plans existed). */
export function emptySubscription(uid: string, now: Date): StoredSubscription {
  return {
    uid,
    trialEndsAt: null,
    plan: null,
    status: null,
    periodEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    updatedAt: now,
  };
}

export function paymentDoc(payment: Payment): DocumentData {
  return { ...payment, paidAt: Timestamp.fromDate(payment.paidAt) };
}
