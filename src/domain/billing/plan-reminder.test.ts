import { describe, expect, it } from "vitest";
import { planReminderDue } from "./plan-reminder";
import { type Subscription, trialSubscription } from "./plans";

const T0 = new Date("2026-11-01T09:00:00Z");
const END = new Date("2026-12-01T09:00:00Z");
const trial = trialSubscription("shop", T0);
const paid = (fields: Partial<Subscription>): Subscription => ({
  ...trial,
  plan: "monthly",
  status: "active",
  periodEnd: END,
  ...fields,
});

describe("planReminderDue", () => {
  it.each([
    ["the free month", trial, trial.trialEndsAt],
    ["a monthly plan that renews", paid({}), null],
    ["a monthly plan that fails to renew (Stripe retries)", paid({ status: "past_due" }), null],
    ["a monthly plan cancelled at its period's end", paid({ cancelAtPeriodEnd: true }), END],
    ["the launch offer", paid({ plan: "launch" }), END],
    [
      "a plan Stripe cancelled: the free month, if any, is what ends",
      paid({ status: "canceled" }),
      trial.trialEndsAt,
    ],
    ["no end at all", { ...trial, trialEndsAt: null }, null],
  ] as const)("%s", (_, subscription, due) => {
    expect(planReminderDue(subscription)).toEqual(due);
  });

  it("is null once the e-mail for that end date has gone, and owed again for a new end date", () => {
    const launch = paid({ plan: "launch" });
    expect(planReminderDue(launch, END.getTime())).toBeNull();
    const later = new Date("2027-12-01T09:00:00Z");
    expect(planReminderDue({ ...launch, periodEnd: later }, END.getTime())).toEqual(later);
  });
});
