import { describe, expect, it } from "vitest";
import {
  applyMonthlyReset,
  calendarMonthKey,
  creditTokens,
  needsMonthlyReset,
  refundTokens,
  spendableTokens,
  spendTokens,
  type TokenState,
  tokenStateOf,
} from "./token-balance.ts";
import { MONTHLY_TOKEN_ALLOWANCE } from "./tokens.ts";

const now = new Date("2025-06-15T10:00:00Z");
const sameMonth = new Date("2025-06-01T08:00:00Z");
const lastMonth = new Date("2025-05-31T10:00:00Z");
const lastYearSameMonth = new Date("2024-06-20T10:00:00Z");

const customer = (extra: Partial<TokenState> = {}): TokenState => ({
  userType: "customer",
  aiTokens: 1,
  monthlyTokensUsed: 4,
  lastTokenReset: sameMonth,
  ...extra,
});

describe("applyMonthlyReset", () => {
  it("same month: unchanged (same object)", () => {
    const state = customer();
    expect(applyMonthlyReset(state, now)).toBe(state);
  });

  it("new month, customer: +5, usage 0, date now", () => {
    expect(applyMonthlyReset(customer({ lastTokenReset: lastMonth }), now)).toEqual({
      userType: "customer",
      aiTokens: 6,
      monthlyTokensUsed: 0,
      lastTokenReset: now,
    });
  });

  it("new month, merchant: +10", () => {
    const state: TokenState = {
      userType: "merchant",
      aiTokens: 2.5,
      monthlyTokensUsed: 8,
      lastTokenReset: lastMonth,
    };
    expect(applyMonthlyReset(state, now)).toMatchObject({
      aiTokens: 12.5,
      monthlyTokensUsed: 0,
      lastTokenReset: now,
    });
  });

  it("different year, same month: resets", () => {
    expect(applyMonthlyReset(customer({ lastTokenReset: lastYearSameMonth }), now)).toMatchObject({
      aiTokens: 6,
      monthlyTokensUsed: 0,
    });
  });

  it("missing or broken date: resets", () => {
    expect(applyMonthlyReset(customer({ lastTokenReset: undefined }), now).aiTokens).toBe(6);
    expect(applyMonthlyReset(customer({ lastTokenReset: null }), now).aiTokens).toBe(6);
    expect(applyMonthlyReset(customer({ lastTokenReset: new Date("nope") }), now).aiTokens).toBe(6);
  });

  it("keeps other fields of the user and accumulates (tokens never expire)", () => {
    const user = { ...customer({ aiTokens: 30, lastTokenReset: lastMonth }), displayName: "Anna" };
    expect(applyMonthlyReset(user, now)).toMatchObject({ displayName: "Anna", aiTokens: 35 });
  });

  it("counts months on the Italian calendar", () => {
    // 23:30 UTC on 31 March is already 1 April in Rome
    expect(calendarMonthKey(new Date("2025-03-31T23:30:00Z"))).toBe("2025-4");
    expect(needsMonthlyReset(new Date("2025-03-31T21:30:00Z"), new Date("2025-03-31T22:30:00Z"))).toBe(true);
    expect(needsMonthlyReset(new Date("2025-04-01T00:30:00Z"), new Date("2025-04-30T21:00:00Z"))).toBe(false);
  });
});

describe("spendTokens", () => {
  it("spends fractional costs", () => {
    const result = spendTokens(customer({ aiTokens: 1 }), 0.5, now);
    expect(result).toMatchObject({ ok: true, reset: false, cost: 0.5 });
    expect(result.state).toMatchObject({ aiTokens: 0.5, monthlyTokensUsed: 4.5 });
    const again = spendTokens(result.state, 0.5, now);
    expect(again.ok).toBe(true);
    expect(again.state.aiTokens).toBe(0);
    const refused = spendTokens(again.state, 0.5, now);
    expect(refused).toMatchObject({ ok: false, reason: "insufficient_tokens" });
    expect(refused.state.aiTokens).toBe(0);
  });

  it("refuses when the balance is below the cost, unchanged", () => {
    const state = customer({ aiTokens: 0.5 });
    const result = spendTokens(state, 1, now);
    expect(result).toMatchObject({ ok: false, reason: "insufficient_tokens", reset: false });
    expect(result.state).toBe(state);
  });

  it("applies the monthly reset before checking", () => {
    const result = spendTokens(customer({ aiTokens: 0, lastTokenReset: lastMonth }), 1, now);
    expect(result).toMatchObject({ ok: true, reset: true });
    expect(result.state).toMatchObject({ aiTokens: 4, monthlyTokensUsed: 1, lastTokenReset: now });
  });

  it("a first spend without any reset gets the allowance", () => {
    const result = spendTokens(tokenStateOf({ userType: "merchant" as const }), 1, now);
    expect(result.state).toMatchObject({ aiTokens: 9, monthlyTokensUsed: 1 });
  });

  it("free actions pass even at zero; invalid costs are refused", () => {
    const state = customer({ aiTokens: 0 });
    expect(spendTokens(state, 0, now)).toMatchObject({ ok: true, state });
    expect(spendTokens(state, -1, now)).toMatchObject({ ok: false, reason: "invalid_cost" });
    expect(spendTokens(state, Number.NaN, now)).toMatchObject({ ok: false, reason: "invalid_cost" });
  });

  it("no float drift over many half-token spends", () => {
    let state: TokenState = { userType: "merchant", aiTokens: 10, monthlyTokensUsed: 0, lastTokenReset: now };
    for (let i = 0; i < 20; i += 1) {
      const result = spendTokens(state, 0.5, now);
      expect(result.ok).toBe(true);
      state = result.state;
    }
    expect(state.aiTokens).toBe(0);
    expect(state.monthlyTokensUsed).toBe(10);
  });
});

describe("creditTokens", () => {
  it("adds purchased tokens, ignores non-positive amounts", () => {
    expect(creditTokens(customer({ aiTokens: 1 }), 25).aiTokens).toBe(26);
    const state = customer();
    expect(creditTokens(state, 0)).toBe(state);
    expect(creditTokens(state, -5)).toBe(state);
  });
});

describe("refundTokens", () => {
  it("undoes a spend exactly: balance and monthly use back where they were", () => {
    const before = customer({ aiTokens: 3, monthlyTokensUsed: 2 });
    const spent = spendTokens(before, 0.5, now);
    if (!spent.ok) throw new Error("the spend should succeed");
    const refunded = refundTokens(spent.state, spent.cost);
    expect(refunded.aiTokens).toBe(3);
    expect(refunded.monthlyTokensUsed).toBe(2);
  });

  it("never takes the month's use below 0 (a refund after the monthly reset)", () => {
    const state = refundTokens(customer({ aiTokens: 5, monthlyTokensUsed: 0 }), 1);
    expect(state.aiTokens).toBe(6);
    expect(state.monthlyTokensUsed).toBe(0);
  });

  it("ignores costs that are not positive numbers", () => {
    const state = customer();
    expect(refundTokens(state, 0)).toBe(state);
    expect(refundTokens(state, -1)).toBe(state);
    expect(refundTokens(state, Number.NaN)).toBe(state);
  });
});

describe("spendableTokens", () => {
  const now = new Date("2026-11-24T10:00:00Z");
  it("gives a new account its month's allowance before any AI call (nothing stored yet)", () => {
    expect(spendableTokens({ userType: "customer" }, now)).toBe(MONTHLY_TOKEN_ALLOWANCE.customer);
    expect(spendableTokens({ userType: "merchant" }, now)).toBe(MONTHLY_TOKEN_ALLOWANCE.merchant);
  });

  it("adds the allowance once a month, as the server's lazy reset does", () => {
    const thisMonth = new Date("2026-11-02T10:00:00Z");
    const lastMonth = new Date("2026-10-30T10:00:00Z");
    expect(spendableTokens({ userType: "customer", aiTokens: 2.5, lastTokenReset: thisMonth }, now)).toBe(
      2.5,
    );
    expect(spendableTokens({ userType: "customer", aiTokens: 2.5, lastTokenReset: lastMonth }, now)).toBe(
      7.5,
    );
  });
});
