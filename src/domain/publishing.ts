import type { z } from "zod";
import {
  type Condition,
  conditionSchema,
  type DeliveryOption,
  type DeliveryPreference,
  deliveryPreferenceSchema,
  MAX_RADIUS_KM,
  parseRequestCategory,
  type RequestCategory,
  type Urgency,
  urgencySchema,
} from "./enums.ts";
import {
  DEFAULT_ACTION_RADIUS_KM,
  DESCRIPTION_MAX_LENGTH,
  MAX_AMOUNT_EUR,
  PRODUCT_NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from "./limits.ts";
import { locationInputSchema, newRequestInputSchema, productDetailsSchema } from "./request.ts";
import { field } from "./validation.ts";

/** Spec §5: what a published request gets for every field Algo did not collect. */
export const PUBLISHING_DEFAULTS = {
  productName: "Prodotto non specificato",
  category: "generale" as RequestCategory,
  budget: { min: 0, max: 1000 },
  urgency: "giorni" as Urgency,
  deliveryPreference: "both" as DeliveryPreference,
  actionRadius: DEFAULT_ACTION_RADIUS_KM,
  condition: "nuovo" as Condition,
} as const;

/** A request ready to publish; the location may still be missing (the caller supplies the user's). */
export const publishableRequestSchema = newRequestInputSchema.extend({
  location: locationInputSchema.optional(),
  productDetails: productDetailsSchema.extend({ condition: conditionSchema }),
});
export type PublishableRequest = z.output<typeof publishableRequestSchema>;

function text(value: unknown, max: number): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim().replace(/\s+/g, " ");
  return trimmed ? Array.from(trimmed).slice(0, max).join("") : undefined;
}

function amount(value: unknown): number | undefined {
  const parsed = typeof value === "string" ? Number(value.replace(",", ".")) : value;
  return typeof parsed === "number" && Number.isFinite(parsed) && parsed >= 0
    ? Math.min(parsed, MAX_AMOUNT_EUR)
    : undefined;
}

function budgetFrom(value: unknown): { min: number; max: number } {
  const min = amount(field(value, "min"));
  const max = amount(field(value, "max"));
  const defaults = PUBLISHING_DEFAULTS.budget;
  if (min === undefined && max === undefined) return { ...defaults };
  if (min === undefined) return { min: 0, max: max as number };
  if (max === undefined) return { min, max: Math.max(min, defaults.max) };
  return min <= max ? { min, max } : { min: max, max: min };
}

function radiusFrom(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0
    ? Math.min(value, MAX_RADIUS_KM)
    : PUBLISHING_DEFAULTS.actionRadius;
}

function specificationsFrom(value: unknown): string | undefined {
  if (Array.isArray(value))
    return text(value.filter((item) => typeof item === "string").join(", "), DESCRIPTION_MAX_LENGTH);
  return text(value, DESCRIPTION_MAX_LENGTH);
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/**
 * Fills the spec's defaults into whatever Algo (or Gemini) collected. Accepts anything: each field is
 * kept when valid, replaced by its default otherwise (an inverted budget is swapped, a radius over
 * 100 km is capped). Never throws.
 */
export function applyPublishingDefaults(partial: unknown): PublishableRequest {
  const details = field(partial, "productDetails");
  const urgency = urgencySchema.safeParse(field(partial, "urgency"));
  const delivery = deliveryPreferenceSchema.safeParse(field(partial, "deliveryPreference"));
  const condition = conditionSchema.safeParse(field(details, "condition") ?? field(partial, "condition"));
  const location = locationInputSchema.safeParse(field(partial, "location"));
  const algoConversationId = text(field(partial, "algoConversationId"), 128);
  return {
    productName:
      text(field(partial, "productName"), PRODUCT_NAME_MAX_LENGTH) ?? PUBLISHING_DEFAULTS.productName,
    description: text(field(partial, "description"), DESCRIPTION_MAX_LENGTH) ?? "",
    category: parseRequestCategory(field(partial, "category")) ?? PUBLISHING_DEFAULTS.category,
    budget: budgetFrom(field(partial, "budget")),
    urgency: urgency.success ? urgency.data : PUBLISHING_DEFAULTS.urgency,
    deliveryPreference: delivery.success ? delivery.data : PUBLISHING_DEFAULTS.deliveryPreference,
    actionRadius: radiusFrom(field(partial, "actionRadius")),
    ...(location.success ? { location: location.data } : {}),
    productDetails: {
      ...optional("size", text(field(details, "size"), SHORT_TEXT_MAX_LENGTH)),
      ...optional("color", text(field(details, "color"), SHORT_TEXT_MAX_LENGTH)),
      ...optional("material", text(field(details, "material"), SHORT_TEXT_MAX_LENGTH)),
      ...optional("specifications", specificationsFrom(field(details, "specifications"))),
      condition: condition.success ? condition.data : PUBLISHING_DEFAULTS.condition,
    },
    aiGenerated: field(partial, "aiGenerated") === true,
    imageAnalyzed: field(partial, "imageAnalyzed") === true,
    ...(algoConversationId ? { algoConversationId } : {}),
  };
}

/** The offer form's delivery checkboxes start from the request's preference: both → both. */
export function deliveryOptionsFromPreference(preference: DeliveryPreference | undefined): DeliveryOption[] {
  if (preference === "pickup") return ["pickup"];
  if (preference === "delivery") return ["delivery"];
  return ["pickup", "delivery"];
}
