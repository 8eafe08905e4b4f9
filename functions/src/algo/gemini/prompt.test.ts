import { describe, expect, it } from "vitest";
import { DEFAULT_ACTION_RADIUS_KM } from "@/domain/core/limits";
import { ALGO_SYSTEM_PROMPT } from "./prompt";

describe("Algo's Gemini prompt", () => {
  it("tells the buyer the radius requests are published with, the domain's one constant", () => {
    const radii = [...ALGO_SYSTEM_PROMPT.matchAll(/(\d+)\s?km/g)].map((match) => Number(match[1]));
    expect(radii).toEqual([DEFAULT_ACTION_RADIUS_KM]);
  });

  it("asks for the place right after the product, before budget, urgency and delivery", () => {
    expect(ALGO_SYSTEM_PROMPT).toContain("(prodotto, luogo, budget, urgenza, consegna,");
    expect(ALGO_SYSTEM_PROMPT).toMatch(
      /chiedilo subito dopo il prodotto, prima di budget, urgenza e consegna/,
    );
  });
});
