import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import { PUBLISHING_DEFAULTS } from "./publishing.ts";
import {
  emptyRequestForm,
  publishRequestInputSchema,
  type RequestFormValues,
  validateRequestForm,
} from "./request-form.ts";

const milano = { address: "Milano (MI)", lat: 45.4642, lng: 9.19 };

function form(overrides: Partial<RequestFormValues> = {}): RequestFormValues {
  return { ...emptyRequestForm(), productName: "Trapano a percussione", location: milano, ...overrides };
}

describe("the free form's validation", () => {
  it("opens with the spec's publishing defaults", () => {
    expect(emptyRequestForm()).toMatchObject({
      category: PUBLISHING_DEFAULTS.category,
      urgency: PUBLISHING_DEFAULTS.urgency,
      deliveryPreference: PUBLISHING_DEFAULTS.deliveryPreference,
      condition: PUBLISHING_DEFAULTS.condition,
      actionRadius: 10,
      location: null,
    });
  });

  it.each([
    ["no product", { productName: "   " }, { productName: VALIDATION_MESSAGES.productNameRequired }],
    ["no place", { location: null }, { location: VALIDATION_MESSAGES.addressRequired }],
    ["a word as the minimum", { budgetMin: "poco" }, { budgetMin: VALIDATION_MESSAGES.invalidBudget }],
    ["a negative maximum", { budgetMax: "-5" }, { budgetMax: VALIDATION_MESSAGES.invalidBudget }],
    [
      "the minimum above the maximum",
      { budgetMin: "200", budgetMax: "50" },
      { budgetMax: VALIDATION_MESSAGES.budgetRange },
    ],
    ["a radius past 100 km", { actionRadius: 150 }, { actionRadius: "Il raggio massimo è 100 km" }],
    [
      "a description past 2000 characters",
      { description: "a".repeat(2001) },
      { description: "Il testo può contenere al massimo 2000 caratteri" },
    ],
    [
      "nothing at all",
      { productName: "", location: null },
      { productName: VALIDATION_MESSAGES.productNameRequired, location: VALIDATION_MESSAGES.addressRequired },
    ],
  ] as const)("refuses %s with the message at its field", (_name, overrides, errors) => {
    const result = validateRequestForm(form(overrides));
    expect(result).toEqual({ ok: false, errors });
  });

  it("fills the defaults the buyer left: budget 0-1000, generale, giorni, both, nuovo", () => {
    const result = validateRequestForm(form());
    expect(result).toEqual({
      ok: true,
      input: {
        fields: {
          productName: "Trapano a percussione",
          description: "",
          category: "generale",
          budget: { min: 0, max: 1000 },
          urgency: "giorni",
          deliveryPreference: "both",
          productDetails: { condition: "nuovo" },
        },
        location: milano,
        actionRadius: 10,
      },
    });
    if (result.ok) expect(publishRequestInputSchema.parse(result.input).photos).toEqual([]);
  });

  it("reads Italian amounts and a single bound as Algo's requests do", () => {
    const result = validateRequestForm(
      form({
        budgetMin: "49,90",
        budgetMax: "",
        category: "casa",
        urgency: "subito",
        description: "  Per muri  ",
      }),
    );
    expect(result.ok && result.input.fields).toMatchObject({
      budget: { min: 49.9, max: 1000 },
      category: "casa",
      urgency: "subito",
      description: "Per muri",
    });
    const onlyMax = validateRequestForm(form({ budgetMax: "80" }));
    expect(onlyMax.ok && onlyMax.input.fields.budget).toEqual({ min: 0, max: 80 });
    const aboveDefault = validateRequestForm(form({ budgetMin: "1500" }));
    expect(aboveDefault.ok && aboveDefault.input.fields.budget).toEqual({ min: 1500, max: 1500 });
  });
});
