import { describe, expect, it } from "vitest";
import { deliveryOptionsFromPreference } from "./delivery-options.ts";
import { applyPublishingDefaults, publishableRequestSchema } from "./publishing.ts";

describe("applyPublishingDefaults", () => {
  it("fills the spec's defaults into an empty request", () => {
    const result = applyPublishingDefaults({});
    expect(result).toEqual({
      productName: "Prodotto non specificato",
      description: "",
      category: "generale",
      budget: { min: 0, max: 1000 },
      urgency: "giorni",
      deliveryPreference: "both",
      actionRadius: 10,
      productDetails: { condition: "nuovo" },
      aiGenerated: false,
      imageAnalyzed: false,
    });
    expect(publishableRequestSchema.safeParse(result).success).toBe(true);
  });

  it.each([undefined, null, "x", 42, []])("never throws on %s", (input) => {
    expect(applyPublishingDefaults(input).productName).toBe("Prodotto non specificato");
  });

  it("keeps what was collected", () => {
    const location = { address: "Via Torino 1, Milano", lat: 45.46, lng: 9.18 };
    const result = applyPublishingDefaults({
      productName: "  Bici da corsa ",
      category: "Sport",
      budget: { min: 300, max: 600 },
      urgency: "48h",
      deliveryPreference: "pickup",
      actionRadius: 20,
      location,
      productDetails: { size: "M", color: "rosso", condition: "usato", specifications: ["carbonio", "11v"] },
      aiGenerated: true,
      imageAnalyzed: true,
      algoConversationId: "c1",
    });
    expect(result).toEqual({
      productName: "Bici da corsa",
      description: "",
      category: "sport",
      budget: { min: 300, max: 600 },
      urgency: "48h",
      deliveryPreference: "pickup",
      actionRadius: 20,
      location,
      productDetails: { size: "M", color: "rosso", condition: "usato", specifications: "carbonio, 11v" },
      aiGenerated: true,
      imageAnalyzed: true,
      algoConversationId: "c1",
    });
    expect(publishableRequestSchema.safeParse(result).success).toBe(true);
  });

  it("replaces invalid values by defaults and repairs budgets and radii", () => {
    const result = applyPublishingDefaults({
      productName: "   ",
      category: "giardinaggio",
      budget: { min: 500, max: 100 },
      urgency: "domani",
      deliveryPreference: "drone",
      actionRadius: 500,
      location: { address: "", lat: 100, lng: 0 },
      productDetails: { condition: "rotto" },
    });
    expect(result).toMatchObject({
      productName: "Prodotto non specificato",
      category: "generale",
      budget: { min: 100, max: 500 },
      urgency: "giorni",
      deliveryPreference: "both",
      actionRadius: 100,
      productDetails: { condition: "nuovo" },
    });
    expect(result.location).toBeUndefined();
    expect(applyPublishingDefaults({ budget: { min: 1500 } }).budget).toEqual({ min: 1500, max: 1500 });
    expect(applyPublishingDefaults({ budget: { max: 80 } }).budget).toEqual({ min: 0, max: 80 });
    expect(applyPublishingDefaults({ budget: { min: "20,5", max: -3 } }).budget).toEqual({
      min: 20.5,
      max: 1000,
    });
    expect(applyPublishingDefaults({ actionRadius: 0 }).actionRadius).toBe(10);
  });
});

describe("deliveryOptionsFromPreference", () => {
  it("both means pickup and delivery", () => {
    expect(deliveryOptionsFromPreference("both")).toEqual(["pickup", "delivery"]);
    expect(deliveryOptionsFromPreference("pickup")).toEqual(["pickup"]);
    expect(deliveryOptionsFromPreference("delivery")).toEqual(["delivery"]);
    expect(deliveryOptionsFromPreference(undefined)).toEqual(["pickup", "delivery"]);
  });
});
