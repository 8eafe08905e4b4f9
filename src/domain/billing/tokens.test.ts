import { describe, expect, it } from "vitest";
import {
  algoTurnAction,
  canSpend,
  findTokenPackage,
  formatTokens,
  MONTHLY_TOKEN_ALLOWANCE,
  monthlyAllowance,
  showBuyButton,
  TOKEN_COSTS,
  TOKEN_PACKAGES,
  tokenBadgeLevel,
  tokenCost,
  tokenPackageSchema,
  tokenPackagesFor,
} from "./tokens.ts";

describe("costs and allowances", () => {
  it("match spec §9", () => {
    expect(TOKEN_COSTS).toEqual({
      image_analysis: 1,
      text_chat: 0.5,
      description_generation: 0.5,
      product_search: 0,
      other: 1,
    });
    expect(tokenCost("text_chat")).toBe(0.5);
    expect(MONTHLY_TOKEN_ALLOWANCE).toEqual({ customer: 5, merchant: 10 });
    expect(monthlyAllowance("merchant")).toBe(10);
    expect(monthlyAllowance("customer")).toBe(5);
    expect(monthlyAllowance(undefined)).toBe(5);
  });
});

describe("packs", () => {
  it("customer packs", () => {
    expect(tokenPackagesFor("customer")).toEqual([
      { id: "basic", tokens: 10, price: 2.99, popular: false },
      { id: "standard", tokens: 25, price: 5.99, popular: true },
      { id: "premium", tokens: 50, price: 9.99, popular: false },
    ]);
  });

  it("merchant packs", () => {
    expect(tokenPackagesFor("merchant")).toEqual([
      { id: "business", tokens: 50, price: 9.99, popular: false },
      { id: "professional", tokens: 100, price: 15.99, popular: true },
      { id: "enterprise", tokens: 200, price: 24.99, popular: false },
    ]);
  });

  it("every pack is valid and exactly one per role is popular", () => {
    for (const packs of Object.values(TOKEN_PACKAGES)) {
      for (const pack of packs) expect(tokenPackageSchema.safeParse(pack).success).toBe(true);
      expect(packs.filter((pack) => pack.popular)).toHaveLength(1);
    }
  });

  it("finds packs by id, restricted to a role when given", () => {
    expect(findTokenPackage("professional")?.tokens).toBe(100);
    expect(findTokenPackage("professional", "customer")).toBeUndefined();
    expect(findTokenPackage("basic", "customer")?.price).toBe(2.99);
    expect(findTokenPackage("nope")).toBeUndefined();
  });
});

describe("badge and buy button", () => {
  it.each([
    [-1, "red", true],
    [0, "red", true],
    [0.5, "orange", true],
    [2, "orange", true],
    [2.5, "green", false],
    [10, "green", false],
  ] as const)("balance %d → %s, buy button %s", (balance, level, buy) => {
    expect(tokenBadgeLevel(balance)).toBe(level);
    expect(showBuyButton(balance)).toBe(buy);
  });
});

describe("canSpend", () => {
  it("allows only when the balance is at least the cost", () => {
    expect(canSpend(1, 1)).toBe(true);
    expect(canSpend(0.5, 0.5)).toBe(true);
    expect(canSpend(0.5, 1)).toBe(false);
    expect(canSpend(0, 0)).toBe(true);
    expect(canSpend(0, 0.5)).toBe(false);
    expect(canSpend(5, -1)).toBe(false);
    expect(canSpend(Number.NaN, 0)).toBe(false);
  });

  it("formats balances the Italian way", () => {
    expect(formatTokens(2.5)).toBe("2,5");
    expect(formatTokens(5)).toBe("5");
  });
});

describe("what an Algo turn costs", () => {
  it("charges a photo only when a model looks at it", () => {
    expect(algoTurnAction({ text: "questo", hasImage: true, modelSeesImages: true })).toBe("image_analysis");
    expect(algoTurnAction({ text: "", hasImage: true, modelSeesImages: true })).toBe("image_analysis");
  });

  it("without a model the photo is free: the text costs a chat, a photo alone nothing", () => {
    expect(algoTurnAction({ text: "un trapano così", hasImage: true, modelSeesImages: false })).toBe(
      "text_chat",
    );
    const alone = algoTurnAction({ text: "  ", hasImage: true, modelSeesImages: false });
    expect(tokenCost(alone)).toBe(0);
    expect(algoTurnAction({ text: "un trapano", hasImage: false, modelSeesImages: true })).toBe("text_chat");
  });
});
