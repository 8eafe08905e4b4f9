import { describe, expect, it } from "vitest";
import {
  aiCacheEntrySchema,
  aiCacheKey,
  aiLearningRecordSchema,
  capKeywords,
  mergePreferredCategories,
  mergeTopSearchTerms,
  normalizeCacheQuery,
  shouldReuseCache,
} from "./ai.ts";

describe("aiCacheKey", () => {
  it("normalises the query: lower case, trimmed, whitespace collapsed, punctuation stripped, accents kept", () => {
    expect(normalizeCacheQuery("  Cerco   un IPHONE 15!!  ")).toBe("cerco un iphone 15");
    expect(normalizeCacheQuery("Perché? Città, caffè.")).toBe("perché città caffè");
    expect(normalizeCacheQuery("l'iPhone\t\n15")).toBe("l iphone 15");
    expect(normalizeCacheQuery("scarpe-da-corsa 🏃")).toBe("scarpe da corsa");
    expect(normalizeCacheQuery("!!!")).toBe("");
  });

  it("keeps decomposed and composed accents equal", () => {
    expect(normalizeCacheQuery("perche\u0301")).toBe(normalizeCacheQuery("perché"));
  });

  it("equal queries with different formatting share a key", () => {
    expect(aiCacheKey("Cerco una bici!", "ctx")).toBe(aiCacheKey("  cerco UNA   bici ", "ctx"));
    expect(aiCacheKey("Cerco una bici", "ctx")).toBe("cerco una bici|ctx");
  });

  it("uses only the first 50 characters of the context", () => {
    const context = "x".repeat(50);
    expect(aiCacheKey("q", `${context}DIFFERENT`)).toBe(aiCacheKey("q", `${context}OTHER`));
    expect(aiCacheKey("q", `${context}tail`)).toBe(`q|${context}`);
    expect(aiCacheKey("q", `${"a".repeat(49)}b`)).not.toBe(aiCacheKey("q", "a".repeat(50)));
    expect(aiCacheKey("q")).toBe("q|");
  });

  it("does not split a character made of two code units", () => {
    const key = aiCacheKey("q", `${"a".repeat(49)}😀😀`);
    expect(key.endsWith("😀")).toBe(true);
    expect(Array.from(key.split("|")[1] ?? "")).toHaveLength(50);
  });
});

describe("shouldReuseCache", () => {
  it("reuses only above 0.7 strictly", () => {
    expect(shouldReuseCache(0.7)).toBe(false);
    expect(shouldReuseCache(0.70001)).toBe(true);
    expect(shouldReuseCache(1)).toBe(true);
    expect(shouldReuseCache(0)).toBe(false);
  });
});

describe("learning caps", () => {
  it("keeps at most 5 categories, the most recent first, without duplicates", () => {
    const current = ["casa", "sport", "elettronica", "automotive", "abbigliamento"];
    expect(mergePreferredCategories(current, "generale")).toEqual([
      "generale",
      "casa",
      "sport",
      "elettronica",
      "automotive",
    ]);
    expect(mergePreferredCategories(current, "elettronica")).toEqual([
      "elettronica",
      "casa",
      "sport",
      "automotive",
      "abbigliamento",
    ]);
    expect(mergePreferredCategories([], ["a", "b", "a"])).toEqual(["a", "b"]);
  });

  it("keeps at most 10 search terms, cleaned", () => {
    const current = Array.from({ length: 10 }, (_, i) => `t${i}`);
    const merged = mergeTopSearchTerms(current, ["  Nuovo   Termine ", "t3", ""]);
    expect(merged).toHaveLength(10);
    expect(merged.slice(0, 3)).toEqual(["nuovo termine", "t3", "t0"]);
    expect(merged).not.toContain("t9");
  });

  it("caps keywords at 10", () => {
    const keywords = Array.from({ length: 15 }, (_, i) => `k${i}`);
    expect(capKeywords(keywords)).toEqual(keywords.slice(0, 10));
    expect(capKeywords(["Bici", "bici", " ", "casco"])).toEqual(["bici", "casco"]);
  });
});

describe("AI schemas", () => {
  const date = new Date();
  it("parse a cache entry and a learning record", () => {
    expect(
      aiCacheEntrySchema.safeParse({
        id: "c1",
        cacheKey: "k|",
        aiAssistant: "algo",
        userQuery: "q",
        response: "{}",
        usage_count: 3,
        success_rate: 0.8,
        created_at: date,
        updated_at: date,
      }).success,
    ).toBe(true);
    const record = {
      id: "l1",
      userId: "u1",
      aiAssistant: "leonardo",
      interaction: { userInput: "ciao", aiResponse: "ciao!" },
      extractedPatterns: { keywords: ["bici"], userPreferences: {} },
      timestamp: date,
      sessionId: "s1",
    };
    expect(aiLearningRecordSchema.safeParse(record).success).toBe(true);
    const tooMany = { ...record, extractedPatterns: { keywords: Array(11).fill("k"), userPreferences: {} } };
    expect(aiLearningRecordSchema.safeParse(tooMany).success).toBe(false);
  });
});
