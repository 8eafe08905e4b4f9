import { describe, expect, it } from "vitest";
import { isPriceOutsideBudget, parsePrice, validateOfferForm } from "./offer-form.ts";

const good = {
  price: "49,90",
  description: "  Disponibile in negozio ",
  deliveryOptions: ["pickup"],
  estimatedDeliveryTime: " domani ",
  additionalNotes: "",
};
const messageOf = (result: { ok: boolean; message?: string }) => (result.ok ? "ok" : result.message);

describe("validateOfferForm", () => {
  it("accepts a complete offer, parsing an Italian price and trimming", () => {
    expect(validateOfferForm(good)).toEqual({
      ok: true,
      data: {
        price: 49.9,
        description: "Disponibile in negozio",
        deliveryOptions: ["pickup"],
        estimatedDeliveryTime: "domani",
      },
    });
  });

  it("accepts numbers and checkbox flags, keeping option order", () => {
    const result = validateOfferForm({
      ...good,
      price: 10,
      deliveryOptions: { delivery: true, pickup: true },
    });
    expect(result.ok && result.data.deliveryOptions).toEqual(["pickup", "delivery"]);
    expect(result.ok && result.data.price).toBe(10);
  });

  it.each([
    ["no price", { price: "" }, "price"],
    ["blank price", { price: "  " }, "price"],
    ["no description", { description: "   " }, "description"],
    ["no delivery option", { deliveryOptions: [] }, "deliveryOptions"],
    ["no checked option", { deliveryOptions: { pickup: false, delivery: false } }, "deliveryOptions"],
    ["unknown options only", { deliveryOptions: ["drone"] }, "deliveryOptions"],
  ])("%s → 'Compila tutti i campi obbligatori', at the field", (_name, change, field) => {
    const result = validateOfferForm({ ...good, ...change });
    expect(messageOf(result)).toBe("Compila tutti i campi obbligatori");
    expect(!result.ok && result.field).toBe(field);
  });

  it("names the first missing field in the form's order", () => {
    const result = validateOfferForm({ price: "", description: "", deliveryOptions: [] });
    expect(!result.ok && result.field).toBe("price");
  });

  it.each(["0", "-5", "abc", "1e3", "12,5,0", 0, -1, Number.NaN, Number.POSITIVE_INFINITY, "2000000"])(
    "price %s → 'Inserisci un prezzo valido'",
    (price) => {
      const result = validateOfferForm({ ...good, price });
      expect(messageOf(result)).toBe("Inserisci un prezzo valido");
      expect(!result.ok && result.field).toBe("price");
    },
  );

  it("availability and notes are optional", () => {
    const result = validateOfferForm({ price: 5, description: "ok", deliveryOptions: ["delivery"] });
    expect(result).toEqual({
      ok: true,
      data: { price: 5, description: "ok", deliveryOptions: ["delivery"] },
    });
  });

  it.each([undefined, null, "x", 3, []])("bad input %s returns an Italian message", (input) => {
    expect(messageOf(validateOfferForm(input))).toBe("Compila tutti i campi obbligatori");
  });
});

describe("parsePrice and isPriceOutsideBudget", () => {
  it("parses prices", () => {
    expect(parsePrice("12,50")).toBe(12.5);
    expect(parsePrice("12.50 €")).toBe(12.5);
    expect(parsePrice(" 7 ")).toBe(7);
    expect(parsePrice("dodici")).toBeNaN();
    expect(parsePrice(undefined)).toBeNaN();
  });

  it("flags prices outside the budget, bounds included as inside", () => {
    const budget = { min: 50, max: 100 };
    expect(isPriceOutsideBudget(49.99, budget)).toBe(true);
    expect(isPriceOutsideBudget(50, budget)).toBe(false);
    expect(isPriceOutsideBudget(100, budget)).toBe(false);
    expect(isPriceOutsideBudget(100.01, budget)).toBe(true);
  });
});
