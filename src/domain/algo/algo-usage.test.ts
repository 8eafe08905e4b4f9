import { describe, expect, it } from "vitest";
import { ALGO_DAILY_REFUND_CAP, ALGO_DAILY_TURN_CAP, ALGO_DAILY_TURN_CAP_UNPROVEN } from "../core/limits";
import { algoUsageDay, algoUsageOn, algoUsageRefusal, withRefund, withTurn } from "./algo-usage";

const noon = new Date("2026-03-10T11:00:00Z");

describe("Algo's daily usage", () => {
  it("counts days on the Italian calendar", () => {
    expect(algoUsageDay(noon)).toBe("2026-03-10");
    expect(algoUsageDay(new Date("2026-03-10T23:30:00Z"))).toBe("2026-03-11");
  });

  it("starts every day afresh and ignores what is not a count", () => {
    expect(algoUsageOn({ day: "2026-03-09", turns: 60, refunds: 5 }, noon)).toEqual({
      day: "2026-03-10",
      turns: 0,
      refunds: 0,
    });
    expect(algoUsageOn(undefined, noon)).toEqual({ day: "2026-03-10", turns: 0, refunds: 0 });
    expect(algoUsageOn({ day: "2026-03-10", turns: "9", refunds: -2 }, noon)).toMatchObject({
      turns: 0,
      refunds: 0,
    });
    expect(withRefund(withTurn(algoUsageOn({ day: "2026-03-10", turns: 3 }, noon)))).toMatchObject({
      turns: 4,
      refunds: 1,
    });
  });

  it("refuses a turn past the daily turns or the daily refunds", () => {
    const day = algoUsageDay(noon);
    const proven = { emailProven: true };
    expect(algoUsageRefusal({ day, turns: ALGO_DAILY_TURN_CAP - 1, refunds: 0 }, proven)).toBeUndefined();
    expect(algoUsageRefusal({ day, turns: ALGO_DAILY_TURN_CAP, refunds: 0 }, proven)).toBe("daily_turns");
    expect(algoUsageRefusal({ day, turns: 10, refunds: ALGO_DAILY_REFUND_CAP - 1 }, proven)).toBeUndefined();
    expect(algoUsageRefusal({ day, turns: 10, refunds: ALGO_DAILY_REFUND_CAP }, proven)).toBe(
      "daily_refunds",
    );
  });

  it("caps an account whose e-mail is not proven lower, and lifts it once proven", () => {
    const day = algoUsageDay(noon);
    const usage = { day, turns: ALGO_DAILY_TURN_CAP_UNPROVEN, refunds: 0 };
    expect(ALGO_DAILY_TURN_CAP_UNPROVEN).toBeLessThan(ALGO_DAILY_TURN_CAP);
    expect(algoUsageRefusal({ ...usage, turns: usage.turns - 1 }, { emailProven: false })).toBeUndefined();
    expect(algoUsageRefusal(usage, { emailProven: false })).toBe("daily_turns_unproven");
    expect(algoUsageRefusal(usage, { emailProven: true })).toBeUndefined();
  });
});
