import { describe, expect, it } from "vitest";
import { areSimilar, groupSimilar, italianStem, productSignature } from "./product-similarity.ts";

type Row = [category: string, first: string, second: string, similar: boolean, why: string];
const other = (category: string): string => (category === "casa" ? "sport" : "casa");

/** The Italian examples: what a buyer or a shop types, and whether guidance puts them together. */
const TABLE: Row[] = [
  ["sport", "bicicletta da città", "bici da città", true, "synonym"],
  ["sport", "Bicicletta", "biciclette usate", true, "plural, adjective"],
  ["sport", "una bici elettrica", "e-bike", true, "synonym, article"],
  ["abbigliamento", "scarpe da running", "un paio di scarpe", true, "quantity, plural"],
  ["abbigliamento", "scarpa nera", "Scarpe", true, "singular/plural"],
  ["abbigliamento", "giacca invernale", "giacche", true, "-ca/-che"],
  ["abbigliamento", "giubbotto di pelle", "giacca", true, "synonym"],
  ["abbigliamento", "scarpe Nike", "scarpe nike air", true, "same brand"],
  ["abbigliamento", "scarpe Nike", "scarpe Adidas", false, "different brands"],
  ["abbigliamento", "scarpe", "giacca", false, "different products"],
  ["elettronica", "cellulare", "smartphone Samsung", true, "synonym, brand on one side"],
  ["elettronica", "iPhone 14", "telefono Apple 14", true, "implied brand, same model"],
  ["elettronica", "iPhone 14", "iPhone 15", false, "different models"],
  ["elettronica", "iPhone 14", "Samsung Galaxy S23", false, "different brands"],
  ["elettronica", "cuffie wireless", "auricolari bluetooth", true, "synonym"],
  ["elettronica", "televisore 55 pollici", "TV 55", true, "synonym, same size"],
  ["elettronica", "PS5", "playstation 5", false, "model written two ways: not guessed"],
  ["elettronica", "portatile", "notebook Lenovo", true, "synonym"],
  ["elettronica", "portatile", "tablet", false, "different products"],
  ["casa", "frigo", "frigorifero Samsung", true, "synonym"],
  ["casa", "moka", "caffettiera Bialetti", true, "synonym, brand"],
  ["casa", "divano letto", "divani", true, "plural"],
  ["casa", "divano", "sedia", false, "different products"],
  ["automotive", "gomme invernali", "pneumatici", true, "synonym, plural"],
  ["strumenti musicali", "chitarra acustica", "chitarre", true, "plural"],
  ["strumenti musicali", "chitarra Yamaha", "chitarra Fender", false, "different brands"],
  ["sport", "monopattino elettrico", "monopattini", true, "plural"],
];

describe("areSimilar: the table of Italian examples", () => {
  it.each(TABLE)("%s: «%s» ~ «%s» → %s (%s)", (category, first, second, similar) => {
    const a = { category, productName: first };
    const b = { category, productName: second };
    expect(areSimilar(a, b)).toBe(similar);
    expect(areSimilar(b, a)).toBe(similar);
  });

  it("never puts two categories together, even with the same words", () => {
    for (const [category, first] of TABLE) {
      expect(
        areSimilar({ category, productName: first }, { category: other(category), productName: first }),
      ).toBe(false);
    }
  });

  it("finds no product in words that name none", () => {
    expect(productSignature("")).toBeUndefined();
    expect(productSignature("un paio di")).toBeUndefined();
    expect(areSimilar({ category: "casa", productName: "" }, { category: "casa", productName: "" })).toBe(
      false,
    );
  });
});

describe("italianStem", () => {
  it("reduces singular and plural to one stem", () => {
    expect(italianStem("scarpa")).toBe(italianStem("scarpe"));
    expect(italianStem("pantalone")).toBe(italianStem("pantaloni"));
    expect(italianStem("giacca")).toBe(italianStem("giacche"));
    expect(italianStem("sci")).toBe("sci");
    expect(italianStem("tablet")).toBe("tablet");
  });
});

describe("groupSimilar", () => {
  it("puts similar requests together, in the order of each group's first", () => {
    const items = [
      { id: 1, category: "sport", productName: "bici da città" },
      { id: 2, category: "casa", productName: "divano" },
      { id: 3, category: "sport", productName: "Bicicletta" },
      { id: 4, category: "sport", productName: "biciclette usate" },
      { id: 5, category: "casa", productName: "bicicletta" },
    ];
    expect(groupSimilar(items).map((group) => group.map((item) => item.id))).toEqual([[1, 3, 4], [2], [5]]);
  });
});
