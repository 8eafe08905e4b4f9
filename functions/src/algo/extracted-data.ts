import type { AlgoExtractedData } from "@/domain/algo";
import {
  conditionSchema,
  deliveryPreferenceSchema,
  MAX_RADIUS_KM,
  parseRequestCategory,
  urgencySchema,
} from "@/domain/enums";
import {
  DESCRIPTION_MAX_LENGTH,
  MAX_AMOUNT_EUR,
  PRODUCT_NAME_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from "@/domain/limits";
import { field } from "@/domain/validation";

/**
 * The fields Algo collects, cleaned and merged. Whatever a model (or a stored conversation) holds is
 * treated as untrusted: strings are trimmed and bounded, enums coerced or dropped, amounts clamped to
 * 0..MAX_AMOUNT_EUR with min ≤ max, and the location is never taken from the model (it comes from the
 * client's input).
 */

type Details = NonNullable<AlgoExtractedData["productDetails"]>;
type Budget = NonNullable<AlgoExtractedData["budget"]>;

export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim().replace(/\s+/g, " ");
  return trimmed ? Array.from(trimmed).slice(0, max).join("") : undefined;
}

function amount(value: unknown): number | undefined {
  const parsed = typeof value === "string" ? Number(value.replace(",", ".")) : value;
  if (typeof parsed !== "number" || !Number.isFinite(parsed)) return undefined;
  return Math.min(Math.max(parsed, 0), MAX_AMOUNT_EUR);
}

function cleanBudget(value: unknown): Budget | undefined {
  const min = amount(field(value, "min"));
  const max = amount(field(value, "max"));
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined && min > max) return { min: max, max: min };
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function enumValue<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }, value: unknown) {
  const normalised = typeof value === "string" ? value.trim().toLowerCase() : value;
  const parsed = schema.safeParse(normalised);
  return parsed.success ? parsed.data : undefined;
}

function cleanSpecifications(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    return cleanText(value.filter((item) => typeof item === "string").join(", "), DESCRIPTION_MAX_LENGTH);
  }
  return cleanText(value, DESCRIPTION_MAX_LENGTH);
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function cleanDetails(value: unknown): Details | undefined {
  const details = compact<Details>({
    size: cleanText(field(value, "size"), SHORT_TEXT_MAX_LENGTH),
    color: cleanText(field(value, "color"), SHORT_TEXT_MAX_LENGTH),
    material: cleanText(field(value, "material"), SHORT_TEXT_MAX_LENGTH),
    condition: enumValue(conditionSchema, field(value, "condition")),
    specifications: cleanSpecifications(field(value, "specifications")),
  });
  return Object.keys(details).length > 0 ? details : undefined;
}

/** Untrusted extracted data → the clean subset (never throws; unknown keys and the location dropped). */
export function sanitizeExtractedData(raw: unknown): AlgoExtractedData {
  const radius = field(raw, "actionRadius");
  return compact<AlgoExtractedData>({
    productName: cleanText(field(raw, "productName"), PRODUCT_NAME_MAX_LENGTH),
    description: cleanText(field(raw, "description"), DESCRIPTION_MAX_LENGTH),
    category: parseRequestCategory(field(raw, "category")),
    budget: cleanBudget(field(raw, "budget")),
    urgency: enumValue(urgencySchema, field(raw, "urgency")),
    deliveryPreference: enumValue(deliveryPreferenceSchema, field(raw, "deliveryPreference")),
    actionRadius:
      typeof radius === "number" && Number.isFinite(radius) && radius > 0
        ? Math.min(radius, MAX_RADIUS_KM)
        : undefined,
    productDetails: cleanDetails(field(raw, "productDetails")),
  });
}

/**
 * Later values win field by field (a correction replaces what was said before); budget and product
 * details merge their own keys. A budget whose merge inverts min and max keeps the newer bound only.
 */
export function mergeExtractedData(previous: AlgoExtractedData, next: AlgoExtractedData): AlgoExtractedData {
  const merged: AlgoExtractedData = { ...previous, ...compact(next) };
  if (previous.budget || next.budget) {
    if (next.budget && next.budget.min !== undefined && next.budget.max !== undefined) {
      merged.budget = { ...next.budget };
    } else {
      const budget = { ...previous.budget, ...compact(next.budget ?? {}) };
      merged.budget =
        budget.min !== undefined && budget.max !== undefined && budget.min > budget.max
          ? compact({ ...next.budget })
          : budget;
    }
  }
  if (previous.productDetails || next.productDetails) {
    merged.productDetails = { ...previous.productDetails, ...compact(next.productDetails ?? {}) };
  }
  if (previous.location || next.location) merged.location = next.location ?? previous.location;
  return merged;
}
