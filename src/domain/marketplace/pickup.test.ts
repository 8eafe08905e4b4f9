import { describe, expect, it } from "vitest";
import {
  judgePickupAttempt,
  normalizePickupCode,
  PICKUP_ALPHABET,
  PICKUP_LOCK_MS,
  PICKUP_MAX_WRONG_TRIES,
  pickupCodeFrom,
  pickupDetails,
  pickupRefusal,
  pickupRefusalMessage,
  verifyPickupInputSchema,
} from "./pickup";

const NOW = new Date("2026-03-02T10:00:00Z");

describe("pickup code", () => {
  it("is 6 characters of an alphabet without look-alikes", () => {
    let i = 0;
    const code = pickupCodeFrom(() => i++ % PICKUP_ALPHABET.length);
    expect(code).toBe("ACDEFG");
    for (const ambiguous of ["0", "O", "1", "I", "L", "S", "5", "B", "8"]) {
      expect(PICKUP_ALPHABET).not.toContain(ambiguous);
    }
  });

  it("reads what the shop typed in any case, with spaces or dashes", () => {
    expect(normalizePickupCode(" acd-efg ")).toBe("ACDEFG");
    expect(verifyPickupInputSchema.parse({ offerId: "r_s", code: "acd efg" }).code).toBe("ACDEFG");
    expect(verifyPickupInputSchema.safeParse({ offerId: "r_s", code: "ACDEF0" }).success).toBe(false);
    expect(verifyPickupInputSchema.safeParse({ offerId: "r_s", code: "ACD" }).success).toBe(false);
  });

  it("accepts the right code once, and never a used one", () => {
    expect(judgePickupAttempt({ code: "ACDEFG", wrongTries: 0 }, "ACDEFG", NOW)).toEqual({ ok: true });
    expect(judgePickupAttempt({ code: "ACDEFG", wrongTries: 0, usedAt: NOW }, "ACDEFG", NOW)).toEqual({
      ok: false,
      reason: "used",
    });
  });

  it("counts wrong tries, then makes the shop wait, even with the right code", () => {
    const wrong = judgePickupAttempt({ code: "ACDEFG", wrongTries: 3 }, "ACDEFH", NOW);
    expect(wrong).toEqual({ ok: false, reason: "wrong", wrongTries: 4, left: 1 });
    expect(pickupRefusal({ reason: "wrong", left: 1 })).toContain("1 tentativo rimasto");
    const last = judgePickupAttempt({ code: "ACDEFG", wrongTries: PICKUP_MAX_WRONG_TRIES - 1 }, "X", NOW);
    const lockedUntil = new Date(NOW.getTime() + PICKUP_LOCK_MS);
    expect(last).toEqual({ ok: false, reason: "wrong", wrongTries: 0, lockedUntil, left: 0 });
    const locked = judgePickupAttempt({ code: "ACDEFG", wrongTries: 0, lockedUntil }, "ACDEFG", NOW);
    expect(locked).toEqual({ ok: false, reason: "locked", minutesLeft: 15 });
    expect(pickupRefusal({ reason: "locked", minutesLeft: 15 })).toBe(
      "Troppi tentativi sbagliati. Riprova tra 15 minuti.",
    );
    expect(judgePickupAttempt({ code: "ACDEFG", wrongTries: 0, lockedUntil }, "ACDEFG", lockedUntil)).toEqual(
      {
        ok: true,
      },
    );
  });

  it("words a refusal from the error's details, through a wrapping error", () => {
    const error = { details: pickupDetails({ reason: "wrong", left: 4 }) };
    expect(pickupRefusalMessage(error)).toBe("Codice non valido. Controlla e riprova (4 tentativi rimasti).");
    expect(pickupRefusalMessage(new Error("x", { cause: error }))).toContain("4 tentativi");
    expect(pickupRefusalMessage(new Error("x"))).toBeUndefined();
  });
});
