import { z } from "zod";
import { LAUNCH_OFFER_YEARLY_PRICE_EUR, MERCHANT_MONTHLY_PRICE_EUR } from "./pricing.ts";

/**
 * A shop's plan (spec §1, §9). Offers and Leonardo need a verified shop AND a plan that gives access:
 * the first month free from the verification (trial), the monthly plan (9,90 € a month, renews until
 * cancelled, active until the end of the paid period) or the launch offer (29,90 € for 12 months, once,
 * with an association code for the pilot city). subscriptions/{uid} stores the facts the payment
 * provider reported (written by the webhook only, and by verifyShop for the trial); the state a shop
 * sees is computed from them and a clock by planStatus below, so it changes at midnight with no writer.
 */

export const PLAN_IDS = ["monthly", "launch"] as const;
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

/** Prices in cents, VAT included (what Stripe charges). */
export const PLAN_PRICES_CENTS: Readonly<Record<PlanId, number>> = {
  monthly: Math.round(MERCHANT_MONTHLY_PRICE_EUR * 100),
  launch: Math.round(LAUNCH_OFFER_YEARLY_PRICE_EUR * 100),
};

/** The first month free for every newly verified shop. */
export const TRIAL_DAYS = 30;
/** The launch offer lasts 12 months from payment (or from the end of the access already paid). */
export const LAUNCH_OFFER_MONTHS = 12;
/** The dashboard warns this many days before access ends without a renewal. */
export const PLAN_WARNING_DAYS = 7;
/**
 * A renewing monthly plan keeps access this long past its period end: Stripe renews at the end of
 * the period and its webhook may land minutes later, or retry a failed card for a few days.
 */
export const PLAN_RENEWAL_GRACE_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the payment provider says about the paid plan (Stripe's subscription statuses, reduced). */
export const PROVIDER_STATUSES = ["active", "trialing", "past_due", "canceled", "incomplete"] as const;
export const providerStatusSchema = z.enum(PROVIDER_STATUSES);
export const PROVIDER_STATUS = {
  active: "active",
  trialing: "trialing",
  pastDue: "past_due",
  canceled: "canceled",
  incomplete: "incomplete",
} as const satisfies Record<string, (typeof PROVIDER_STATUSES)[number]>;
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

/** subscriptions/{uid} as the domain sees it (dates as Date). Written by functions only. */
export const subscriptionSchema = z.object({
  uid: z.string(),
  /** End of the free month; set once, when verifyShop first verifies the shop. */
  trialEndsAt: z.date().nullable(),
  plan: planIdSchema.nullable(),
  status: providerStatusSchema.nullable(),
  /** Access paid until (monthly: the current period's end; launch: 12 months after payment). */
  periodEnd: z.date().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** When the monthly subscription ended for good (Stripe deleted it). */
  canceledAt: z.date().nullable(),
  /** The launch code redeemed, if any. */
  launchCode: z.string().optional(),
  /**
   * The last launch payment the webhook refused: its code had been redeemed by another shop first
   * (one code, one shop). The plan was not applied and the payment is refunded; /abbonamento says so.
   */
  launchRefused: z.object({ code: z.string(), at: z.date(), amountCents: z.number() }).optional(),
  updatedAt: z.date(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The five states a shop sees (docs/payments.md "Plan states"). */
export const PLAN_STATES = ["prova", "attivo", "in_scadenza", "scaduto", "annullato"] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export interface PlanStatus {
  state: PlanState;
  /** May send offers and use Leonardo now. */
  hasAccess: boolean;
  plan: PlanId | null;
  /** Access ends then (no renewal planned), or null. */
  endsAt: Date | null;
  /** A monthly plan renews then, or null. */
  renewsAt: Date | null;
  /** Access ends without renewal within PLAN_WARNING_DAYS. */
  endingSoon: boolean;
  /** Whole days of access left (0 once ended). */
  daysLeft: number;
  /** The shop may resume a monthly plan it cancelled (before the period ends). */
  canResume: boolean;
  /** The shop may cancel a renewing monthly plan. */
  canCancel: boolean;
}

function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));
}

function ended(now: Date, end: Date | null, graceDays = 0): boolean {
  return !end || now.getTime() >= end.getTime() + graceDays * DAY_MS;
}

/** The shop's plan state at `now`. No document (a shop never verified) is 'scaduto' with no dates. */
export function planStatus(subscription: Subscription | undefined | null, now: Date): PlanStatus {
  const base = {
    plan: subscription?.plan ?? null,
    endsAt: null,
    renewsAt: null,
    endingSoon: false,
    daysLeft: 0,
    canResume: false,
    canCancel: false,
  };
  if (!subscription) return { ...base, state: "scaduto", hasAccess: false };
  const { plan, periodEnd, trialEndsAt } = subscription;
  const paidActive =
    plan !== null &&
    periodEnd !== null &&
    subscription.status !== "canceled" &&
    subscription.status !== "incomplete";

  if (paidActive && plan === "monthly" && !subscription.cancelAtPeriodEnd) {
    // Renewing: access through the period plus the grace Stripe's renewal and retries need.
    if (!ended(now, periodEnd, PLAN_RENEWAL_GRACE_DAYS)) {
      const failing = subscription.status === "past_due" || now.getTime() >= periodEnd.getTime();
      return {
        ...base,
        state: failing ? "in_scadenza" : "attivo",
        hasAccess: true,
        renewsAt: periodEnd,
        daysLeft: daysBetween(now, periodEnd),
        canCancel: true,
      };
    }
  } else if (paidActive && !ended(now, periodEnd)) {
    const daysLeft = daysBetween(now, periodEnd);
    const endingSoon = daysLeft <= PLAN_WARNING_DAYS;
    const cancelled = subscription.cancelAtPeriodEnd;
    return {
      ...base,
      state: cancelled ? "annullato" : endingSoon ? "in_scadenza" : "attivo",
      hasAccess: true,
      endsAt: periodEnd,
      endingSoon,
      daysLeft,
      canResume: cancelled && plan === "monthly",
    };
  }

  // No paid access now: the free month, if it is still running.
  if (trialEndsAt && !ended(now, trialEndsAt)) {
    const daysLeft = daysBetween(now, trialEndsAt);
    return {
      ...base,
      plan: null,
      state: "prova",
      hasAccess: true,
      endsAt: trialEndsAt,
      endingSoon: daysLeft <= PLAN_WARNING_DAYS,
      daysLeft,
    };
  }
  const cancelledByShop =
    plan !== null && (subscription.cancelAtPeriodEnd || subscription.status === "canceled");
  return { ...base, state: cancelledByShop ? "annullato" : "scaduto", hasAccess: false, endsAt: periodEnd };
}

/** A new shop's subscription document: the free month from `verifiedAt`. */
export function trialSubscription(uid: string, verifiedAt: Date): Subscription {
  return {
    uid,
    trialEndsAt: new Date(verifiedAt.getTime() + TRIAL_DAYS * DAY_MS),
    plan: null,
    status: null,
    periodEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    updatedAt: verifiedAt,
  };
}

/** `date` plus `months` calendar months (the 31st of January plus one month is the 3rd of March, as Date does). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * When a launch offer paid at `paidAt` ends: 12 months after the later of the payment and the end of
 * the access the shop already has (a trial or paid period is not lost by paying early).
 */
export function launchOfferEnd(paidAt: Date, currentAccessEnd: Date | null): Date {
  const start = currentAccessEnd && currentAccessEnd.getTime() > paidAt.getTime() ? currentAccessEnd : paidAt;
  return addMonths(start, LAUNCH_OFFER_MONTHS);
}
