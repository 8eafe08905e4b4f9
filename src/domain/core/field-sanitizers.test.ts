import { describe, expect, it } from "vitest";
import { MAX_RADIUS_KM, urgencySchema } from "./enums";
import { cleanAmount, cleanBudget, cleanEnum, cleanText, sanitizeRequestFields } from "./field-sanitizers";
import { MAX_AMOUNT_EUR } from "./limits";

describe("field sanitizers", () => {
  it("trims, collapses blanks and bounds a text; a number reads as its digits", () => {
    expect(cleanText("  scarpe   da  running ", 100)).toBe("scarpe da running");
    expect(cleanText("abcdef", 3)).toBe("abc");
    expect(cleanText(42, 10)).toBe("42");
    expect(cleanText("   ", 10)).toBeUndefined();
    expect(cleanText({}, 10)).toBeUndefined();
  });

  it("reads amounts with a decimal comma and caps them", () => {
    expect(cleanAmount("20,5")).toBe(20.5);
    expect(cleanAmount(MAX_AMOUNT_EUR * 10)).toBe(MAX_AMOUNT_EUR);
    expect(cleanAmount("venti")).toBeUndefined();
  });

  it("makes a negative amount 0 for a model's fields, and no bound at publishing", () => {
    expect(cleanAmount(-3)).toBe(0);
    expect(cleanAmount(-3, "omit")).toBeUndefined();
    expect(cleanBudget({ min: -3, max: 80 })).toEqual({ min: 0, max: 80 });
    expect(cleanBudget({ min: -3, max: 80 }, "omit")).toEqual({ max: 80 });
  });

  it("swaps an inverted budget and drops an empty one", () => {
    expect(cleanBudget({ min: 300, max: 100 })).toEqual({ min: 100, max: 300 });
    expect(cleanBudget({})).toBeUndefined();
  });

  it("reads an enum whatever its case and blanks", () => {
    expect(cleanEnum(urgencySchema, " Subito ")).toBe("subito");
    expect(cleanEnum(urgencySchema, "presto")).toBeUndefined();
  });

  it("keeps the clean subset of untrusted fields, never a location", () => {
    expect(
      sanitizeRequestFields({
        productName: " bici ",
        actionRadius: 500,
        location: { lat: 45, lng: 9 },
        productDetails: { specifications: ["21 marce", 3, "freni a disco"], size: "" },
        unknown: "x",
      }),
    ).toEqual({
      productName: "bici",
      actionRadius: MAX_RADIUS_KM,
      productDetails: { specifications: "21 marce, freni a disco" },
    });
    expect(sanitizeRequestFields("not an object")).toEqual({});
  });
});
