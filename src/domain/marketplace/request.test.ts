import { describe, expect, it } from "vitest";
import { validateWith } from "../core/validation.ts";
import { requestGeoFields } from "../geo/geo-cover.ts";
import { budgetSchema, newRequestInputSchema, requestSchema, shortAddress } from "./request.ts";

const now = new Date("2025-06-01T10:00:00Z");
const location = { address: "Piazza del Duomo, Milano", lat: 45.4642, lng: 9.19 };
const geo = requestGeoFields(location);

const stored = {
  id: "r1",
  customerId: "u1",
  productName: "Bici da corsa",
  description: "Taglia M",
  category: "sport",
  budget: { min: 300, max: 600 },
  urgency: "giorni",
  deliveryPreference: "both",
  actionRadius: 10,
  location: { ...location, geohash: geo.geohash },
  gh3: geo.gh3,
  gh4: geo.gh4,
  gh5: geo.gh5,
  productDetails: { size: "M", condition: "usato" },
  status: "active",
  aiGenerated: true,
  imageAnalyzed: false,
  createdAt: now,
  updatedAt: now,
};

describe("requestSchema", () => {
  it("parses a stored request", () => {
    expect(requestSchema.parse(stored)).toMatchObject({ id: "r1", status: "active", gh4: geo.gh4 });
  });

  it("reads legacy matched as in_progress", () => {
    expect(requestSchema.parse({ ...stored, status: "matched" }).status).toBe("in_progress");
  });

  it("refuses Firestore Timestamps (the data layer converts) and wrong enums", () => {
    expect(requestSchema.safeParse({ ...stored, createdAt: { seconds: 1, nanoseconds: 0 } }).success).toBe(
      false,
    );
    expect(requestSchema.safeParse({ ...stored, category: "giardinaggio" }).success).toBe(false);
    expect(requestSchema.safeParse({ ...stored, gh4: "u0n" }).success).toBe(false);
    expect(
      requestSchema.safeParse({ ...stored, location: { ...stored.location, geohash: "u0a" } }).success,
    ).toBe(false);
  });
});

describe("budgetSchema", () => {
  it("requires min ≤ max with an Italian message", () => {
    expect(budgetSchema.safeParse({ min: 10, max: 10 }).success).toBe(true);
    expect(validateWith(budgetSchema, { min: 20, max: 10 })).toEqual({
      ok: false,
      message: "Il budget minimo non può superare quello massimo",
    });
    expect(validateWith(budgetSchema, { min: -1, max: 10 })).toEqual({
      ok: false,
      message: "Inserisci un budget valido",
    });
    expect(validateWith(budgetSchema, "100")).toEqual({ ok: false, message: "Inserisci un budget valido" });
  });
});

describe("newRequestInputSchema", () => {
  const input = {
    productName: "  Chitarra classica ",
    category: "strumenti musicali",
    budget: { min: 0, max: 200 },
    urgency: "subito",
    deliveryPreference: "pickup",
    actionRadius: 5,
    location,
  };

  it("applies defaults and trims", () => {
    expect(newRequestInputSchema.parse(input)).toEqual({
      ...input,
      productName: "Chitarra classica",
      description: "",
      productDetails: {},
      aiGenerated: false,
      imageAnalyzed: false,
    });
  });

  it.each([
    [{ productName: "  " }, "Indica il prodotto che cerchi"],
    [{ location: { ...location, address: "" } }, "Indica il comune o l'indirizzo"],
    [{ location: { ...location, lat: 91 } }, "Latitudine non valida"],
    [{ location: { ...location, lng: 200 } }, "Longitudine non valida"],
    [{ actionRadius: 0 }, "Raggio d'azione non valido"],
    [{ actionRadius: 150 }, "Il raggio massimo è 100 km"],
    [{ urgency: "ieri" }, "Seleziona un'urgenza valida"],
    [{ budget: { min: 5, max: 1 } }, "Il budget minimo non può superare quello massimo"],
    [{ productName: "x".repeat(121) }, "Il testo può contenere al massimo 120 caratteri"],
  ])("refuses %j with an Italian message", (change, message) => {
    expect(validateWith(newRequestInputSchema, { ...input, ...change })).toEqual({ ok: false, message });
  });

  it("never throws on garbage", () => {
    for (const bad of [undefined, null, 1, "x", []]) {
      const result = validateWith(newRequestInputSchema, bad);
      expect(result.ok).toBe(false);
      expect(result.ok ? "" : result.message).toBe("Dati non validi. Controlla i campi e riprova.");
    }
  });
});

describe("shortAddress", () => {
  it("cuts at 30 characters", () => {
    expect(shortAddress("Via Roma 1")).toBe("Via Roma 1");
    expect(shortAddress("x".repeat(30))).toBe("x".repeat(30));
    expect(shortAddress("Via Giuseppe Garibaldi 123, 20121 Milano")).toBe(
      "Via Giuseppe Garibaldi 123, 20...",
    );
  });
});
