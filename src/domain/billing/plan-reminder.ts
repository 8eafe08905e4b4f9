import { PROVIDER_STATUS, type Subscription } from "./plans.ts";

/**
 * The end date a shop is owed the 7-day e-mail for, stored on subscriptions/{uid} as `reminderDueAt`
 * so the daily job reads only the plans owed one (docs/scale.md): the day the shop's access ends without
 * a renewal (the free month, the launch offer, a cancelled monthly plan), or null for a monthly plan
 * that renews, for no end at all, and once the e-mail for that very day has gone (`remindedFor`, its
 * time in ms). A new end date (a cancellation, a launch offer paid) is owed an e-mail of its own.
 */
export function planReminderDue(subscription: Subscription, remindedFor?: number): Date | null {
  const { plan, periodEnd, trialEndsAt, status, cancelAtPeriodEnd } = subscription;
  const paidActive =
    plan !== null &&
    periodEnd !== null &&
    status !== PROVIDER_STATUS.canceled &&
    status !== PROVIDER_STATUS.incomplete;
  if (paidActive && plan === "monthly" && !cancelAtPeriodEnd) return null;
  const end = paidActive ? periodEnd : trialEndsAt;
  if (!end || end.getTime() === remindedFor) return null;
  return end;
}
