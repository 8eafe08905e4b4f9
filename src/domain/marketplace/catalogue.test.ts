import { describe, expect, it } from "vitest";
import { MAX_CATALOGUE_PRODUCTS } from "../core/limits.ts";
import {
  CATALOGUE_MESSAGES,
  catalogueMatch,
  catalogueOfferDraft,
  catalogueSlots,
  freeSlots,
} from "./catalogue.ts";

const product = (
  id: string,
  name: string,
  price: number,
  extra: { paused?: boolean; category?: string } = {},
) =>
  ({
    id,
    name,
    category: (extra.category ?? "sport") as "sport",
    condition: "nuovo" as const,
    price,
    paused: extra.paused ?? false,
  }) as const;

describe("catalogueMatch", () => {
  const products = [
    product("p00", "Bicicletta da città Bianchi", 289),
    product("p01", "Bici elettrica", 1200),
    product("p02", "Casco da bici", 45),
    product("p03", "Bicicletta pieghevole", 150, { paused: true }),
    product("p04", "Bicicletta giocattolo", 20, { category: "casa" }),
  ];

  it("finds the cheapest similar product in the same category, never a paused one", () => {
    expect(catalogueMatch({ category: "sport", productName: "una bicicletta" }, products)?.id).toBe("p00");
    expect(catalogueMatch({ category: "sport", productName: "casco" }, products)?.id).toBe("p02");
  });

  it("finds nothing for another product, another category or another brand", () => {
    expect(
      catalogueMatch({ category: "sport", productName: "racchetta da tennis" }, products),
    ).toBeUndefined();
    expect(catalogueMatch({ category: "elettronica", productName: "bicicletta" }, products)).toBeUndefined();
    expect(
      catalogueMatch({ category: "sport", productName: "bicicletta Decathlon" }, [products[0] as never]),
    ).toBeUndefined();
  });
});

describe("catalogue slots", () => {
  it("has exactly MAX_CATALOGUE_PRODUCTS slots, p00-p99, as the rules allow", () => {
    const slots = catalogueSlots();
    expect(slots).toHaveLength(MAX_CATALOGUE_PRODUCTS);
    expect(slots[0]).toBe("p00");
    expect(slots.at(-1)).toBe("p99");
    expect(slots.every((slot) => /^p[0-9]{2}$/.test(slot))).toBe(true);
  });

  it("gives free slots, or null when the catalogue has no room", () => {
    expect(freeSlots(["p00", "p02"], 2)).toEqual(["p01", "p03"]);
    expect(freeSlots(catalogueSlots().slice(1), 2)).toBeNull();
  });
});

describe("the offer filled from the catalogue", () => {
  it("carries the price with a decimal comma, the description and its origin (the form adds the buyer's delivery)", () => {
    const draft = catalogueOfferDraft({ name: "Bicicletta da città", condition: "usato", price: 89 });
    expect(draft).toMatchObject({
      price: "89,00",
      description: "Bicicletta da città (usato), disponibile in negozio.",
      deliveryOptions: [],
      origin: "catalogo",
    });
    expect(CATALOGUE_MESSAGES.youHaveIt("89,00 €")).toBe("Ce l'hai a 89,00 €");
  });
});
