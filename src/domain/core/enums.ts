import { z } from "zod";

/**
 * Enumerations of spec §3. Each one is an `as const` array (for selects and loops),
 * a zod enum (for parsing) and an Italian label map (for selects and badges).
 */

export const URGENCIES = ["subito", "ore", "giornata", "48h", "giorni"] as const;
export const urgencySchema = z.enum(URGENCIES, { error: "Seleziona un'urgenza valida" });
export type Urgency = z.infer<typeof urgencySchema>;
export const URGENCY_LABELS: Record<Urgency, string> = {
  subito: "Subito",
  ore: "Entro poche ore",
  giornata: "In giornata",
  "48h": "Entro 48 ore",
  giorni: "Nei prossimi giorni",
};

/** How the buyer wants to receive the product (a request field). */
export const DELIVERY_PREFERENCES = ["pickup", "delivery", "both"] as const;
export const deliveryPreferenceSchema = z.enum(DELIVERY_PREFERENCES, {
  error: "Seleziona una modalità di consegna valida",
});
export type DeliveryPreference = z.infer<typeof deliveryPreferenceSchema>;
export const DELIVERY_PREFERENCE_LABELS: Record<DeliveryPreference, string> = {
  pickup: "Ritiro in negozio",
  delivery: "Consegna a domicilio",
  both: "Ritiro o consegna",
};

/** What a merchant offers (an offer's `deliveryOptions` holds one or both). */
export const DELIVERY_OPTIONS = ["pickup", "delivery"] as const;
export const deliveryOptionSchema = z.enum(DELIVERY_OPTIONS, {
  error: "Seleziona una modalità di consegna valida",
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;
export const DELIVERY_OPTION_LABELS: Record<DeliveryOption, string> = {
  pickup: "Ritiro in negozio",
  delivery: "Consegna a domicilio",
};

export const CONDITIONS = ["nuovo", "usato", "ricondizionato"] as const;
export const conditionSchema = z.enum(CONDITIONS, { error: "Seleziona una condizione valida" });
export type Condition = z.infer<typeof conditionSchema>;
export const CONDITION_LABELS: Record<Condition, string> = {
  nuovo: "Nuovo",
  usato: "Usato",
  ricondizionato: "Ricondizionato",
};

/**
 * Categories a merchant can filter by (spec §3). The stored value is the spec's text,
 * space included ("strumenti musicali"); encode it when it goes into a URL.
 */
export const BROWSE_CATEGORIES = [
  "elettronica",
  "abbigliamento",
  "casa",
  "sport",
  "automotive",
  "strumenti musicali",
] as const;
export const browseCategorySchema = z.enum(BROWSE_CATEGORIES, { error: "Seleziona una categoria valida" });
export type BrowseCategory = z.infer<typeof browseCategorySchema>;

/** A request may also be `generale` (the publishing default, spec §5): what Algo could not place. */
export const GENERAL_CATEGORY = "generale";
export const REQUEST_CATEGORIES = [...BROWSE_CATEGORIES, GENERAL_CATEGORY] as const;
export const requestCategorySchema = z.enum(REQUEST_CATEGORIES, { error: "Seleziona una categoria valida" });
export type RequestCategory = z.infer<typeof requestCategorySchema>;
export const CATEGORY_LABELS: Record<RequestCategory, string> = {
  elettronica: "Elettronica",
  abbigliamento: "Abbigliamento",
  casa: "Casa",
  sport: "Sport",
  automotive: "Automotive",
  "strumenti musicali": "Strumenti musicali",
  generale: "Generale",
};

/**
 * Lenient category parsing for AI output and URL parameters: case, surrounding blanks,
 * `_`/`-` instead of the space are tolerated. Unknown values give `undefined`.
 */
export function parseRequestCategory(value: unknown): RequestCategory | undefined {
  if (typeof value !== "string") return undefined;
  const normalised = value.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  const parsed = requestCategorySchema.safeParse(normalised);
  return parsed.success ? parsed.data : undefined;
}

/** Radius filter of the browse page, in km (spec §3). */
export const RADIUS_OPTIONS_KM = [5, 10, 20, 50, 100] as const;
export const radiusOptionSchema = z.literal(RADIUS_OPTIONS_KM, { error: "Seleziona un raggio valido" });
export type RadiusOption = z.infer<typeof radiusOptionSchema>;
export const RADIUS_LABELS: Record<RadiusOption, string> = {
  5: "5 km",
  10: "10 km",
  20: "20 km",
  50: "50 km",
  100: "100 km",
};
/** Largest radius the product supports; request and feed radii are capped here. */
export const MAX_RADIUS_KM = 100;
