import type { UserType } from "../core/user-type.ts";
import { monthlyAllowance } from "./tokens.ts";

/**
 * The token balance rules of spec §4 and architecture §5 as pure functions; algoChat and
 * purchaseTokens run them inside a Firestore transaction.
 */

/** Months are counted on the Italian calendar, whatever the machine's time zone. */
export const TOKEN_RESET_TIME_ZONE = "Europe/Rome";

const monthFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: TOKEN_RESET_TIME_ZONE,
  year: "numeric",
  month: "numeric",
});

/** "YYYY-M" of a date in Europe/Rome. */
export function calendarMonthKey(date: Date): string {
  const parts = monthFormatter.formatToParts(date);
  const year = parts.find((part) => part.type === "year")?.value;
  const month = parts.find((part) => part.type === "month")?.value;
  return `${year}-${month}`;
}

/** The fields the rules read and write (a user document has them all, optional). */
export type TokenState = {
  userType?: UserType;
  aiTokens: number;
  monthlyTokensUsed: number;
  lastTokenReset?: Date | null;
};

/** A user document's token fields, missing numbers as 0. */
export function tokenStateOf<T extends Partial<TokenState>>(user: T): T & TokenState {
  return { ...user, aiTokens: user.aiTokens ?? 0, monthlyTokensUsed: user.monthlyTokensUsed ?? 0 };
}

/** Reset is due when the month or the year differs, or when there was never one. */
export function needsMonthlyReset(lastTokenReset: Date | null | undefined, now: Date): boolean {
  if (!(lastTokenReset instanceof Date) || Number.isNaN(lastTokenReset.getTime())) return true;
  return calendarMonthKey(lastTokenReset) !== calendarMonthKey(now);
}

/** Avoids float drift in balances (costs are multiples of 0.5 today). */
export function roundTokens(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Spec §4: if due, monthlyTokensUsed = 0, aiTokens += allowance (10 merchant, 5 others) and
 * lastTokenReset = now. When not due the same object is returned, untouched.
 */
export function applyMonthlyReset<T extends TokenState>(state: T, now: Date): T {
  if (!needsMonthlyReset(state.lastTokenReset, now)) return state;
  return {
    ...state,
    monthlyTokensUsed: 0,
    aiTokens: roundTokens(state.aiTokens + monthlyAllowance(state.userType)),
    lastTokenReset: now,
  };
}

/**
 * What a user can spend now: the stored balance, plus the monthly allowance when a reset is due (the
 * server applies it lazily at the next spend or purchase). A new account has no balance stored yet but
 * already has its month's allowance: this is what the badge shows, never a '0 token' it would not see
 * at the first AI call.
 */
export function spendableTokens(user: Partial<TokenState>, now: Date): number {
  return applyMonthlyReset(tokenStateOf(user), now).aiTokens;
}

export type SpendResult<T extends TokenState> =
  | { ok: true; state: T; cost: number; reset: boolean }
  | { ok: false; reason: "insufficient_tokens" | "invalid_cost"; state: T; cost: number; reset: boolean };

/**
 * One spend: lazy monthly reset, balance check (balance ≥ cost), decrement and usage count.
 * On refusal `state` is still the reset state (the reset is worth saving either way).
 */
export function spendTokens<T extends TokenState>(state: T, cost: number, now: Date): SpendResult<T> {
  const afterReset = applyMonthlyReset(state, now);
  const reset = afterReset !== state;
  if (!Number.isFinite(cost) || cost < 0)
    return { ok: false, reason: "invalid_cost", state: afterReset, cost, reset };
  if (!(afterReset.aiTokens >= cost)) {
    return { ok: false, reason: "insufficient_tokens", state: afterReset, cost, reset };
  }
  if (cost === 0) return { ok: true, state: afterReset, cost, reset };
  return {
    ok: true,
    state: {
      ...afterReset,
      aiTokens: roundTokens(afterReset.aiTokens - cost),
      monthlyTokensUsed: roundTokens(afterReset.monthlyTokensUsed + cost),
    },
    cost,
    reset,
  };
}

/** Credits purchased tokens (they never expire and do not count as monthly use). */
export function creditTokens<T extends TokenState>(state: T, amount: number): T {
  if (!Number.isFinite(amount) || amount <= 0) return state;
  return { ...state, aiTokens: roundTokens(state.aiTokens + amount) };
}

/**
 * Gives back a spend of `cost` whose AI call failed for technical reasons: the balance grows by the
 * cost and the month's use shrinks by it (never below 0). Nothing changes for a cost that is not a
 * positive number.
 */
export function refundTokens<T extends TokenState>(state: T, cost: number): T {
  if (!Number.isFinite(cost) || cost <= 0) return state;
  return {
    ...state,
    aiTokens: roundTokens(state.aiTokens + cost),
    monthlyTokensUsed: roundTokens(Math.max(0, state.monthlyTokensUsed - cost)),
  };
}
