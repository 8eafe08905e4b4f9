import { describe, expect, it } from "vitest";
import { budgetText, formatMoney } from "./budget-text.ts";

describe("formatMoney: whole euro without ',00'", () => {
  it.each([
    [200, "200 €"],
    [0, "0 €"],
    [49.9, "49,90 €"],
    [9.99, "9,99 €"],
    [12.5, "12,50 €"],
    [1500, "1500 €"],
    [25000, "25.000 €"],
    [80.004, "80 €"],
  ])("%d → %s", (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe("budgetText: budgets as people say them", () => {
  it.each([
    // What the buyer typed, the budget Algo stored, and how the page reads it back.
    ["massimo 200 euro", { min: 0, max: 200 }, "fino a 200 €"],
    ["budget massimo 200 euro", { max: 200 }, "fino a 200 €"],
    ["da 100 a 200 €", { min: 100, max: 200 }, "da 100 a 200 €"],
    ["tra 50 e 80 euro", { min: 50, max: 80 }, "da 50 a 80 €"],
    ["circa 150 €", { min: 120, max: 180 }, "circa 150 €"],
    ["sui 100 euro", { min: 80, max: 120 }, "circa 100 €"],
    ["sui 200 euro", { min: 160, max: 240 }, "circa 200 €"],
    ["almeno 300 euro", { min: 300 }, "almeno 300 €"],
    ["49,90 euro", { min: 0, max: 49.9 }, "fino a 49,90 €"],
    ["esattamente 60 euro", { min: 60, max: 60 }, "60 €"],
    ["tra 19,90 e 29,90", { min: 19.9, max: 29.9 }, "da 19,90 a 29,90 €"],
    ["nessun budget", {}, undefined],
  ] as const)("%s → %s", (_said, budget, expected) => {
    expect(budgetText(budget)).toBe(expected);
  });

  it("never shows a zero lower bound", () => {
    expect(budgetText({ min: 0, max: 200 })).not.toContain("0,00");
    expect(budgetText(undefined)).toBeUndefined();
  });
});
