import { describe, expect, it } from "vitest";
import { acceptedTermsOf } from "./accepted-terms.ts";
import { DEAL_OPEN_MS, dealClosesAt, holdFingerprint, shopHoldTerms } from "./deal-end.ts";

const HOURS = { mon: [{ open: "09:00", close: "19:00" }], sat: [{ open: "10:00", close: "13:00" }] };

describe("holdFingerprint: what the buyer's screen showed of the hold", () => {
  const base = { holdChoice: "secondClose" as const, address: "Via Roma 5, Milano", weeklyHours: HOURS };

  it("is the same for the same terms, whitespace in the address aside", () => {
    expect(holdFingerprint(base)).toBe(holdFingerprint({ ...base, address: "  Via Roma 5,  Milano " }));
    expect(holdFingerprint({})).toBe(holdFingerprint({ holdChoice: "nextClose" }));
    expect(holdFingerprint(base)).toMatch(/^secondClose:[0-9a-f]{16}$/);
  });

  it("changes with the hold's length, the address or the hours", () => {
    const seen = holdFingerprint(base);
    expect(holdFingerprint({ ...base, holdChoice: "nextClose" })).not.toBe(seen);
    expect(holdFingerprint({ ...base, address: "Via Roma 7, Milano" })).not.toBe(seen);
    expect(
      holdFingerprint({ ...base, weeklyHours: { ...HOURS, sat: [{ open: "10:00", close: "12:00" }] } }),
    ).not.toBe(seen);
    expect(holdFingerprint({ ...base, weeklyHours: undefined })).not.toBe(seen);
  });

  it("reads the shop's side from its public profile, ignoring what is not hours", () => {
    expect(shopHoldTerms({ address: "Via Roma 5, Milano", weeklyHours: HOURS, phone: "02" })).toEqual({
      address: "Via Roma 5, Milano",
      weeklyHours: HOURS,
    });
    expect(shopHoldTerms(undefined)).toEqual({});
    expect(shopHoldTerms({ weeklyHours: "sempre" })).toEqual({});
  });

  it("travels with the terms the buyer accepts", () => {
    const offer = {
      price: 10,
      description: "x",
      deliveryOptions: ["pickup" as const],
      holdChoice: "threeDays" as const,
    };
    expect(acceptedTermsOf(offer, { address: "Via Roma 5" }).hold).toBe(
      holdFingerprint({ holdChoice: "threeDays", address: "Via Roma 5" }),
    );
  });
});

describe("dealClosesAt", () => {
  it("is 14 days after the acceptance", () => {
    const at = new Date("2026-03-01T10:00:00Z");
    expect(DEAL_OPEN_MS).toBe(14 * 24 * 60 * 60 * 1000);
    expect(dealClosesAt(at).toISOString()).toBe("2026-03-15T10:00:00.000Z");
  });
});
