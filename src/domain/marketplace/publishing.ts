import type { z } from "zod";
import {
  type Condition,
  conditionSchema,
  type DeliveryPreference,
  GENERAL_CATEGORY,
  type RequestCategory,
  type Urgency,
} from "../core/enums.ts";
import { cleanEnum, cleanText, compact, sanitizeRequestFields } from "../core/field-sanitizers.ts";
import { DEFAULT_ACTION_RADIUS_KM } from "../core/limits.ts";
import { field } from "../core/validation.ts";
import { locationInputSchema, newRequestInputSchema, productDetailsSchema } from "./request.ts";

/** Spec §5: what a published request gets for every field Algo did not collect. */
export const PUBLISHING_DEFAULTS = {
  productName: "Prodotto non specificato",
  category: GENERAL_CATEGORY as RequestCategory,
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

/**
 * Fills the spec's defaults into whatever Algo (or Gemini) collected. Accepts anything: each field goes
 * through the one sanitizer (field-sanitizers.ts) and is kept when valid, replaced by its default
 * otherwise (an inverted budget is swapped, a negative bound is no bound, a radius over 100 km is
 * capped). Never throws.
 */
export function applyPublishingDefaults(partial: unknown): PublishableRequest {
  const fields = sanitizeRequestFields(partial, { negativeAmounts: "omit" });
  const details = fields.productDetails ?? {};
  // A model may put the condition at the top level instead of in productDetails.
  const condition = cleanEnum(
    conditionSchema,
    field(field(partial, "productDetails"), "condition") ?? field(partial, "condition"),
  );
  const location = locationInputSchema.safeParse(field(partial, "location"));
  const algoConversationId = cleanText(field(partial, "algoConversationId"), 128);
  return {
    productName: fields.productName ?? PUBLISHING_DEFAULTS.productName,
    description: fields.description ?? "",
    category: fields.category ?? PUBLISHING_DEFAULTS.category,
    budget: withDefaultBounds(fields.budget),
    urgency: fields.urgency ?? PUBLISHING_DEFAULTS.urgency,
    deliveryPreference: fields.deliveryPreference ?? PUBLISHING_DEFAULTS.deliveryPreference,
    actionRadius: fields.actionRadius ?? PUBLISHING_DEFAULTS.actionRadius,
    ...(location.success ? { location: location.data } : {}),
    productDetails: {
      ...compact({
        size: details.size,
        color: details.color,
        material: details.material,
        specifications: details.specifications,
      }),
      condition: condition ?? PUBLISHING_DEFAULTS.condition,
    },
    aiGenerated: field(partial, "aiGenerated") === true,
    imageAnalyzed: field(partial, "imageAnalyzed") === true,
    ...(algoConversationId ? { algoConversationId } : {}),
  };
}

/** A missing bound takes the default: no minimum is 0, no maximum is the default or the minimum. */
function withDefaultBounds(budget: { min?: number; max?: number } | undefined): { min: number; max: number } {
  const min = budget?.min;
  const max = budget?.max;
  const defaults = PUBLISHING_DEFAULTS.budget;
  if (min === undefined && max === undefined) return { ...defaults };
  if (min === undefined) return { min: 0, max: max ?? defaults.max };
  if (max === undefined) return { min, max: Math.max(min, defaults.max) };
  return { min, max };
}
