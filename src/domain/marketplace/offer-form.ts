import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import type { DeliveryOption } from "../core/enums.ts";
import { DELIVERY_OPTIONS } from "../core/enums.ts";
import { DESCRIPTION_MAX_LENGTH, MAX_AMOUNT_EUR, SHORT_TEXT_MAX_LENGTH } from "../core/limits.ts";
import { field, invalid, stringField, type ValidationResult, valid } from "../core/validation.ts";
import { HOLD_CHOICES, type HoldChoice } from "./pickup-hold.ts";
import type { Budget } from "./request.ts";

/** The make-offer form's values, as the inputs hold them. */
export type OfferFormValues = {
  price: string | number;
  description: string;
  deliveryOptions: readonly DeliveryOption[] | Partial<Record<DeliveryOption, boolean>>;
  estimatedDeliveryTime?: string;
  additionalNotes?: string;
};

export type OfferFormData = {
  price: number;
  description: string;
  deliveryOptions: DeliveryOption[];
  estimatedDeliveryTime?: string;
  additionalNotes?: string;
  /** How long the shop holds the item once accepted (pickup-hold.ts); the default when absent. */
  holdChoice?: HoldChoice;
};

/** Parses an Italian or plain price ("12,50", "12.50", 12.5); anything else gives NaN. */
export function parsePrice(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  const text = value.trim().replace(/\s|€/g, "");
  if (!/^\d+([.,]\d+)?$/.test(text)) return Number.NaN;
  return Number(text.replace(",", "."));
}

/** Accepts a list (["pickup"]) or checkbox flags ({ pickup: true }); keeps known options once, in order. */
function readDeliveryOptions(value: unknown): DeliveryOption[] {
  if (Array.isArray(value)) return DELIVERY_OPTIONS.filter((option) => value.includes(option));
  if (typeof value === "object" && value !== null) {
    return DELIVERY_OPTIONS.filter((option) => (value as Record<string, unknown>)[option] === true);
  }
  return [];
}

function isBlankPrice(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** The offer form's inputs, as validateOfferForm names them in a failure's `field`. */
export const OFFER_FORM_FIELDS = {
  price: "price",
  description: "description",
  deliveryOptions: "deliveryOptions",
  estimatedDeliveryTime: "estimatedDeliveryTime",
  additionalNotes: "additionalNotes",
} as const;
export type OfferFormField = (typeof OFFER_FORM_FIELDS)[keyof typeof OFFER_FORM_FIELDS];

/**
 * Offer form (spec §5): price, description and at least one delivery option are required
 * ('Compila tutti i campi obbligatori'); the price must be a number above 0 ('Inserisci un prezzo
 * valido'). Availability time and notes are optional.
 */
export function validateOfferForm(input: unknown): ValidationResult<OfferFormData> {
  const rawPrice = field(input, "price");
  const description = stringField(input, "description").trim();
  const deliveryOptions = readDeliveryOptions(field(input, "deliveryOptions"));
  // The first missing field, in the form's order, is where the message shows.
  if (isBlankPrice(rawPrice)) return invalid(VALIDATION_MESSAGES.requiredFields, OFFER_FORM_FIELDS.price);
  if (!description) return invalid(VALIDATION_MESSAGES.requiredFields, OFFER_FORM_FIELDS.description);
  if (deliveryOptions.length === 0)
    return invalid(VALIDATION_MESSAGES.requiredFields, OFFER_FORM_FIELDS.deliveryOptions);
  const price = parsePrice(rawPrice);
  if (!Number.isFinite(price) || price <= 0 || price > MAX_AMOUNT_EUR)
    return invalid(VALIDATION_MESSAGES.invalidPrice, OFFER_FORM_FIELDS.price);
  if (description.length > DESCRIPTION_MAX_LENGTH)
    return invalid(VALIDATION_MESSAGES.invalidData, OFFER_FORM_FIELDS.description);
  const estimatedDeliveryTime = stringField(input, "estimatedDeliveryTime").trim();
  const additionalNotes = stringField(input, "additionalNotes").trim();
  const holdChoice = HOLD_CHOICES.find((choice) => choice === field(input, "holdChoice"));
  if (estimatedDeliveryTime.length > SHORT_TEXT_MAX_LENGTH)
    return invalid(VALIDATION_MESSAGES.invalidData, OFFER_FORM_FIELDS.estimatedDeliveryTime);
  if (additionalNotes.length > DESCRIPTION_MAX_LENGTH)
    return invalid(VALIDATION_MESSAGES.invalidData, OFFER_FORM_FIELDS.additionalNotes);
  return valid({
    price,
    description,
    deliveryOptions,
    ...(estimatedDeliveryTime ? { estimatedDeliveryTime } : {}),
    ...(additionalNotes ? { additionalNotes } : {}),
    ...(holdChoice ? { holdChoice } : {}),
  });
}

/** True when the price falls outside [min, max]: the form then asks for confirmation. */
export function isPriceOutsideBudget(price: number, budget: Budget): boolean {
  return price < budget.min || price > budget.max;
}
