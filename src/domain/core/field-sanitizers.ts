import {
  type Condition,
  conditionSchema,
  type DeliveryPreference,
  deliveryPreferenceSchema,
  MAX_RADIUS_KM,
  parseRequestCategory,
  type RequestCategory,
  type Urgency,
  urgencySchema,
} from "./enums.ts";
import {
  DESCRIPTION_MAX_LENGTH,
  MAX_AMOUNT_EUR,
  PRODUCT_NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from "./limits.ts";
import { field } from "./validation.ts";

/**
 * The one sanitizer of a request's fields from an untrusted source: a model's JSON, a stored Algo
 * conversation, what is about to be published. Strings are trimmed, blanks collapsed and bounded; enums
 * coerced (case and blanks ignored) or dropped; amounts clamped to 0..MAX_AMOUNT_EUR with min ≤ max; the
 * radius capped. It never throws, and it never takes a location (that comes from the client's input).
 */

export interface SanitizedRequestFields {
  productName?: string;
  description?: string;
  category?: RequestCategory;
  budget?: { min?: number; max?: number };
  urgency?: Urgency;
  deliveryPreference?: DeliveryPreference;
  actionRadius?: number;
  productDetails?: {
    size?: string;
    color?: string;
    material?: string;
    condition?: Condition;
    specifications?: string;
  };
}

/**
 * What a negative amount means. A model's fields (`zero`): the buyer named no price above nothing, so
 * the bound is 0. At publishing (`omit`): a negative bound is no bound, and the publishing default
 * takes its place.
 */
export type NegativeAmounts = "zero" | "omit";

export interface SanitizeOptions {
  negativeAmounts?: NegativeAmounts;
}

/** A bounded single-line text; a finite number reads as its digits. */
export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim().replace(/\s+/g, " ");
  return trimmed ? Array.from(trimmed).slice(0, max).join("") : undefined;
}

/** An amount in euro, from a number or a string with a decimal comma ("20,5"), at most MAX_AMOUNT_EUR. */
export function cleanAmount(value: unknown, negative: NegativeAmounts = "zero"): number | undefined {
  const parsed = typeof value === "string" ? Number(value.replace(",", ".")) : value;
  if (typeof parsed !== "number" || !Number.isFinite(parsed)) return undefined;
  if (parsed < 0 && negative === "omit") return undefined;
  return Math.min(Math.max(parsed, 0), MAX_AMOUNT_EUR);
}

/** A budget's bounds, each optional, swapped when inverted. */
export function cleanBudget(
  value: unknown,
  negative: NegativeAmounts = "zero",
): { min?: number; max?: number } | undefined {
  const min = cleanAmount(field(value, "min"), negative);
  const max = cleanAmount(field(value, "max"), negative);
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined && min > max) return { min: max, max: min };
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

/** An enum value whatever its case and surrounding blanks ("Usato " → "usato"), or undefined. */
export function cleanEnum<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  value: unknown,
): T | undefined {
  const normalised = typeof value === "string" ? value.trim().toLowerCase() : value;
  const parsed = schema.safeParse(normalised);
  return parsed.success ? parsed.data : undefined;
}

/** Specifications as one text: a list is joined with commas (its non-strings dropped). */
export function cleanSpecifications(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    return cleanText(value.filter((item) => typeof item === "string").join(", "), DESCRIPTION_MAX_LENGTH);
  }
  return cleanText(value, DESCRIPTION_MAX_LENGTH);
}

/** A positive radius in km, capped at MAX_RADIUS_KM. */
export function cleanRadius(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0
    ? Math.min(value, MAX_RADIUS_KM)
    : undefined;
}

/** The object without its undefined values (Firestore refuses them, and equality checks trip on them). */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function cleanDetails(value: unknown): SanitizedRequestFields["productDetails"] {
  const details = compact({
    size: cleanText(field(value, "size"), SHORT_TEXT_MAX_LENGTH),
    color: cleanText(field(value, "color"), SHORT_TEXT_MAX_LENGTH),
    material: cleanText(field(value, "material"), SHORT_TEXT_MAX_LENGTH),
    condition: cleanEnum(conditionSchema, field(value, "condition")),
    specifications: cleanSpecifications(field(value, "specifications")),
  });
  return Object.keys(details).length > 0 ? details : undefined;
}

/** Untrusted fields → the clean subset: unknown keys and the location dropped, nothing invented. */
export function sanitizeRequestFields(raw: unknown, options: SanitizeOptions = {}): SanitizedRequestFields {
  const negative = options.negativeAmounts ?? "zero";
  return compact<SanitizedRequestFields>({
    productName: cleanText(field(raw, "productName"), PRODUCT_NAME_MAX_LENGTH),
    description: cleanText(field(raw, "description"), DESCRIPTION_MAX_LENGTH),
    category: parseRequestCategory(field(raw, "category")),
    budget: cleanBudget(field(raw, "budget"), negative),
    urgency: cleanEnum(urgencySchema, field(raw, "urgency")),
    deliveryPreference: cleanEnum(deliveryPreferenceSchema, field(raw, "deliveryPreference")),
    actionRadius: cleanRadius(field(raw, "actionRadius")),
    productDetails: cleanDetails(field(raw, "productDetails")),
  });
}
