import { describe, expect, it } from "vitest";
import { generateLaunchCode, isLaunchCode, launchCodeProblem, normalizeLaunchCode } from "./plan-codes";
import { planEndingWarning, planStatusLine } from "./plan-messages";
import { buildPayment } from "./plan-payments";
import {
  addMonths,
  launchOfferEnd,
  PLAN_PRICES_CENTS,
  planStatus,
  type Subscription,
  trialSubscription,
} from "./plans";
import { splitVat } from "./pricing";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-03-01T10:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const trial = trialSubscription("shop", T0);
const monthly = (fields: Partial<Subscription> = {}): Subscription => ({
  ...trial,
  plan: "monthly",
  status: "active",
  periodEnd: at(60),
  ...fields,
});

describe("prices", () => {
  it("charges 9,90 € a month and 29,90 € for the launch offer, IVA included", () => {
    expect(PLAN_PRICES_CENTS).toEqual({ monthly: 990, launch: 2990 });
    expect(splitVat(990)).toEqual({ grossCents: 990, netCents: 811, vatCents: 179 });
    expect(splitVat(2990)).toEqual({ grossCents: 2990, netCents: 2451, vatCents: 539 });
    const receipt = buildPayment({
      id: "in_1",
      kind: "monthly",
      grossCents: 990,
      paidAt: T0,
      provider: "stripe",
    });
    expect(receipt.netCents + receipt.vatCents).toBe(990);
    expect(receipt.description).toBe("Abbonamento mensile Vicino");
  });
});

describe("planStatus", () => {
  it("has no access without a subscription", () => {
    expect(planStatus(undefined, T0)).toMatchObject({ state: "scaduto", hasAccess: false, endsAt: null });
  });

  it("gives a new shop 30 free days, warns in the last 7, then expires", () => {
    expect(planStatus(trial, at(1))).toMatchObject({
      state: "prova",
      hasAccess: true,
      endsAt: at(30),
      endingSoon: false,
      daysLeft: 29,
    });
    expect(planStatus(trial, at(23))).toMatchObject({ state: "prova", endingSoon: true, daysLeft: 7 });
    expect(planStatus(trial, at(30))).toMatchObject({ state: "scaduto", hasAccess: false });
  });

  it("keeps a renewing monthly plan active, with a grace after the period for the renewal", () => {
    const sub = monthly();
    expect(planStatus(sub, at(10))).toMatchObject({
      state: "attivo",
      hasAccess: true,
      renewsAt: at(60),
      endsAt: null,
      canCancel: true,
      canResume: false,
    });
    expect(planStatus(sub, at(61))).toMatchObject({ state: "in_scadenza", hasAccess: true });
    expect(planStatus(sub, at(64))).toMatchObject({ state: "scaduto", hasAccess: false });
  });

  it("shows a failed renewal as in scadenza while Stripe retries", () => {
    expect(planStatus(monthly({ status: "past_due" }), at(10))).toMatchObject({
      state: "in_scadenza",
      hasAccess: true,
    });
  });

  it("keeps a cancelled monthly plan until its period ends, resumable, then annullato", () => {
    const sub = monthly({ cancelAtPeriodEnd: true });
    expect(planStatus(sub, at(40))).toMatchObject({
      state: "annullato",
      hasAccess: true,
      endsAt: at(60),
      canResume: true,
      canCancel: false,
      endingSoon: false,
    });
    expect(planStatus(sub, at(55))).toMatchObject({ endingSoon: true, daysLeft: 5 });
    expect(planStatus(sub, at(60))).toMatchObject({ state: "annullato", hasAccess: false, canResume: false });
  });

  it("ends a deleted subscription at once, falling back on a running trial", () => {
    const deleted = monthly({ status: "canceled", canceledAt: at(5) });
    expect(planStatus(deleted, at(6))).toMatchObject({ state: "prova", hasAccess: true });
    expect(planStatus(deleted, at(31))).toMatchObject({ state: "annullato", hasAccess: false });
  });

  it("runs the launch offer 12 months, in scadenza its last week, never renewing", () => {
    const end = launchOfferEnd(at(20), at(30));
    expect(end).toEqual(addMonths(at(30), 12));
    expect(launchOfferEnd(at(40), null)).toEqual(addMonths(at(40), 12));
    const sub: Subscription = { ...trial, plan: "launch", status: "active", periodEnd: end };
    expect(planStatus(sub, at(100))).toMatchObject({
      state: "attivo",
      endsAt: end,
      renewsAt: null,
      canCancel: false,
    });
    const lastWeek = new Date(end.getTime() - 3 * DAY);
    expect(planStatus(sub, lastWeek)).toMatchObject({ state: "in_scadenza", endingSoon: true, daysLeft: 3 });
    expect(planStatus(sub, end)).toMatchObject({ state: "scaduto", hasAccess: false });
  });

  it("says what happens next in Italian", () => {
    expect(planStatusLine(planStatus(trial, at(1)), at(1))).toBe("Prova gratuita fino al 31 marzo 2026.");
    expect(planStatusLine(planStatus(monthly(), at(1)), at(1))).toBe("Si rinnova il 30 aprile 2026.");
    expect(planStatusLine(planStatus(undefined, at(1)), at(1))).toMatch(/Nessun piano attivo/);
    expect(planEndingWarning(5)).toBe(
      "Il tuo piano termina tra 5 giorni: rinnovalo per continuare a fare offerte.",
    );
  });
});

describe("launch codes", () => {
  const code = {
    code: "VIC-ABCD-2345",
    city: "Milano",
    expiresAt: at(30),
    usedBy: null,
    usedAt: null,
  };

  it("normalises what a shop types", () => {
    expect(normalizeLaunchCode(" vic abcd 2345 ")).toBe("VIC-ABCD-2345");
    expect(normalizeLaunchCode("abcd2345")).toBe("VIC-ABCD-2345");
    expect(isLaunchCode("VIC-ABCD-2345")).toBe(true);
    expect(isLaunchCode("VIC-ABC0-2345")).toBe(false);
    const generated = generateLaunchCode((n) => n - 1);
    expect(isLaunchCode(generated)).toBe(true);
  });

  it("is valid once, before its expiry, in its city", () => {
    expect(launchCodeProblem(code, "shop", "milano", at(1))).toBeNull();
    expect(launchCodeProblem(undefined, "shop", "Milano", at(1))).toBe("notFound");
    expect(launchCodeProblem({ ...code, usedBy: "other" }, "shop", "Milano", at(1))).toBe("used");
    expect(launchCodeProblem({ ...code, usedBy: "shop" }, "shop", "Milano", at(1))).toBeNull();
    expect(launchCodeProblem(code, "shop", "Milano", at(30))).toBe("expired");
    expect(launchCodeProblem(code, "shop", "Torino", at(1))).toBe("wrongCity");
    expect(launchCodeProblem(code, "shop", undefined, at(1))).toBe("wrongCity");
  });
});
