import { describe, expect, it } from "vitest";
import {
  categoryScopeFromParam,
  categoryScopeToParam,
  ownCategoriesText,
  scopeCategories,
} from "./feed-categories.ts";

describe("a shop's feed categories", () => {
  it("opens on the shop's own categories, with 'Generale' (what Algo could not place)", () => {
    expect(categoryScopeFromParam(null)).toBe("mine");
    expect(scopeCategories("mine", ["elettronica", "casa"])).toEqual(["elettronica", "casa", "generale"]);
    expect(ownCategoriesText(["elettronica", "casa"])).toBe("Elettronica, Casa e Generale");
  });

  it("reads every category, one category and 'Generale' from the URL, and writes them back", () => {
    expect(categoryScopeFromParam("tutte")).toBe("all");
    expect(scopeCategories("all", ["elettronica"])).toBeUndefined();
    expect(categoryScopeFromParam("strumenti musicali")).toBe("strumenti musicali");
    expect(categoryScopeFromParam("generale")).toBe("generale");
    expect(scopeCategories("generale", ["elettronica"])).toEqual(["generale"]);
    expect(categoryScopeFromParam("biciclette")).toBe("mine");
    expect(categoryScopeToParam("mine")).toBeNull();
    expect(categoryScopeToParam("all")).toBe("tutte");
    expect(categoryScopeToParam("sport")).toBe("sport");
  });

  it("shows every category to a shop that named none", () => {
    expect(scopeCategories("mine", [])).toBeUndefined();
  });
});
