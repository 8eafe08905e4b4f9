import { describe, expect, it } from "vitest";
import { validateWith } from "../core/validation.ts";
import {
  algoChatInputSchema,
  algoProgress,
  algoReplySchema,
  collectedFields,
  isAlmostComplete,
} from "./algo.ts";

describe("algo contract", () => {
  it("accepts text, a photo, or both; refuses neither", () => {
    expect(algoChatInputSchema.safeParse({ message: "Cerco una bici" }).success).toBe(true);
    expect(algoChatInputSchema.safeParse({ message: "", imageBase64: "/9j/4AAQSkZJRg==" }).success).toBe(
      true,
    );
    expect(validateWith(algoChatInputSchema, { message: "   " })).toEqual({
      ok: false,
      message: "Scrivi un messaggio prima di inviarlo",
    });
    expect(
      validateWith(algoChatInputSchema, { message: "x", imageBase64: "data:image/jpeg;base64,xx" }),
    ).toEqual({
      ok: false,
      message: "Puoi caricare solo immagini",
    });
    expect(validateWith(algoChatInputSchema, { message: "x".repeat(2001) })).toEqual({
      ok: false,
      message: "Il messaggio è troppo lungo",
    });
  });

  it("parses a model reply with defaults", () => {
    expect(algoReplySchema.parse({ message: "Che budget hai?" })).toEqual({
      message: "Che budget hai?",
      extractedData: {},
      isComplete: false,
    });
    expect(algoReplySchema.safeParse({ extractedData: {} }).success).toBe(false);
  });

  it("counts collected fields for the progress card", () => {
    expect(collectedFields({})).toEqual([]);
    const data = {
      productName: "Bici",
      category: "sport",
      budget: { max: 500 },
      urgency: " ",
      productDetails: { condition: "usato" },
    };
    expect(collectedFields(data)).toEqual(["productName", "category", "budget", "condition"]);
    expect(isAlmostComplete(data)).toBe(true);
    expect(isAlmostComplete({ productName: "Bici", category: "sport", budget: {} })).toBe(false);
    expect(algoProgress(data)).toBeCloseTo(4 / 7, 10);
    expect(collectedFields(null)).toEqual([]);
  });
});
