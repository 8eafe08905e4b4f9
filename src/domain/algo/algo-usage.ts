import { TOKEN_RESET_TIME_ZONE } from "../billing/token-balance.ts";
import { ALGO_DAILY_REFUND_CAP, ALGO_DAILY_TURN_CAP, ALGO_DAILY_TURN_CAP_UNPROVEN } from "../core/limits.ts";

/**
 * A user's Algo turns of the day (users/{uid}.algoUsage, written by algoChat only, in the turn's token
 * transaction): how many turns were taken and how many failed turns were refunded. Days are counted on
 * the Italian calendar, like the monthly tokens.
 *
 * Past ALGO_DAILY_TURN_CAP turns a day, Algo refuses more turns, whatever the balance: tokens bound a
 * month, this bounds a burst. Failed turns (the model did not answer) are refunded, so they would be
 * free model calls: past ALGO_DAILY_REFUND_CAP refunds a day, Algo refuses turns until the next day,
 * before charging and before calling the model. We refuse rather than stop refunding: a failure is
 * ours or the provider's, never the user's, so a failed turn stays free; refusing is also what bounds
 * what failing calls cost us.
 */
export interface AlgoDailyUsage {
  day: string;
  turns: number;
  refunds: number;
}

export type AlgoUsageRefusal = "daily_turns" | "daily_turns_unproven" | "daily_refunds";

const dayFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: TOKEN_RESET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** "YYYY-MM-DD" of a date in Europe/Rome. */
export function algoUsageDay(date: Date): string {
  return dayFormatter.format(date);
}

const count = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;

/** Today's usage from what a users document holds (another day's, or nothing, is a fresh day). */
export function algoUsageOn(stored: unknown, now: Date): AlgoDailyUsage {
  const day = algoUsageDay(now);
  const usage = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  if (usage.day !== day) return { day, turns: 0, refunds: 0 };
  return { day, turns: count(usage.turns), refunds: count(usage.refunds) };
}

/**
 * Why a new turn is refused today, if it is. An account whose e-mail is not proven has the lower
 * ALGO_DAILY_TURN_CAP_UNPROVEN (proving the address lifts it at once: the count is the same).
 */
export function algoUsageRefusal(
  usage: AlgoDailyUsage,
  account: { emailProven: boolean },
): AlgoUsageRefusal | undefined {
  if (usage.turns >= ALGO_DAILY_TURN_CAP) return "daily_turns";
  if (!account.emailProven && usage.turns >= ALGO_DAILY_TURN_CAP_UNPROVEN) return "daily_turns_unproven";
  if (usage.refunds >= ALGO_DAILY_REFUND_CAP) return "daily_refunds";
  return undefined;
}

export const withTurn = (usage: AlgoDailyUsage): AlgoDailyUsage => ({ ...usage, turns: usage.turns + 1 });
export const withRefund = (usage: AlgoDailyUsage): AlgoDailyUsage => ({
  ...usage,
  refunds: usage.refunds + 1,
});
