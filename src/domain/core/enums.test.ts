import { describe, expect, it } from "vitest";
import {
  BROWSE_CATEGORIES,
  CATEGORY_LABELS,
  CONDITION_LABELS,
  CONDITIONS,
  conditionSchema,
  DELIVERY_OPTIONS,
  DELIVERY_PREFERENCE_LABELS,
  DELIVERY_PREFERENCES,
  deliveryPreferenceSchema,
  parseRequestCategory,
  RADIUS_LABELS,
  RADIUS_OPTIONS_KM,
  REQUEST_CATEGORIES,
  radiusOptionSchema,
  requestCategorySchema,
  URGENCIES,
  URGENCY_LABELS,
  urgencySchema,
} from "./enums.ts";

describe("enumerations of spec §3", () => {
  it("hold the spec's values in order", () => {
    expect(URGENCIES).toEqual(["subito", "ore", "giornata", "48h", "giorni"]);
    expect(DELIVERY_PREFERENCES).toEqual(["pickup", "delivery", "both"]);
    expect(DELIVERY_OPTIONS).toEqual(["pickup", "delivery"]);
    expect(CONDITIONS).toEqual(["nuovo", "usato", "ricondizionato"]);
    expect(BROWSE_CATEGORIES).toEqual([
      "elettronica",
      "abbigliamento",
      "casa",
      "sport",
      "automotive",
      "strumenti musicali",
    ]);
    expect(REQUEST_CATEGORIES).toEqual([...BROWSE_CATEGORIES, "generale"]);
    expect(RADIUS_OPTIONS_KM).toEqual([5, 10, 20, 50, 100]);
  });

  it("label every value in Italian", () => {
    expect(URGENCY_LABELS).toEqual({
      subito: "Subito",
      ore: "Entro poche ore",
      giornata: "In giornata",
      "48h": "Entro 48 ore",
      giorni: "Nei prossimi giorni",
    });
    expect(Object.keys(DELIVERY_PREFERENCE_LABELS)).toEqual([...DELIVERY_PREFERENCES]);
    expect(CONDITION_LABELS.ricondizionato).toBe("Ricondizionato");
    expect(Object.keys(CATEGORY_LABELS).sort()).toEqual([...REQUEST_CATEGORIES].sort());
    expect(CATEGORY_LABELS["strumenti musicali"]).toBe("Strumenti musicali");
    expect(RADIUS_LABELS[50]).toBe("50 km");
  });

  it("parse with Italian errors", () => {
    expect(urgencySchema.safeParse("48h").success).toBe(true);
    const bad = urgencySchema.safeParse("domani");
    expect(bad.success ? "" : bad.error.issues[0]?.message).toBe("Seleziona un'urgenza valida");
    expect(deliveryPreferenceSchema.safeParse("both").success).toBe(true);
    expect(conditionSchema.safeParse("rotto").success).toBe(false);
    expect(requestCategorySchema.safeParse("generale").success).toBe(true);
    expect(radiusOptionSchema.safeParse(20).success).toBe(true);
    expect(radiusOptionSchema.safeParse(15).success).toBe(false);
    expect(radiusOptionSchema.safeParse("20").success).toBe(false);
  });

  it("parseRequestCategory tolerates case and separators", () => {
    expect(parseRequestCategory(" Elettronica ")).toBe("elettronica");
    expect(parseRequestCategory("strumenti_musicali")).toBe("strumenti musicali");
    expect(parseRequestCategory("Strumenti-Musicali")).toBe("strumenti musicali");
    expect(parseRequestCategory("giardinaggio")).toBeUndefined();
    expect(parseRequestCategory(42)).toBeUndefined();
  });
});
