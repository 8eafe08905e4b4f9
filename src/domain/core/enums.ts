import { z } from "zod";
import { BROWSE_CATEGORIES, RADIUS_OPTIONS_KM, REQUEST_CATEGORIES, URGENCIES } from "./enum-values.ts";

export {
  BROWSE_CATEGORIES,
  CATEGORY_LABELS,
  GENERAL_CATEGORY,
  parseRequestCategory,
  RADIUS_OPTIONS_KM,
  REQUEST_CATEGORIES,
  URGENCIES,
} from "./enum-values.ts";

/**
 * Enumerations of spec §3. Each one is an `as const` array (for selects and loops),
 * a zod enum (for parsing) and an Italian label map (for selects and badges).
 */

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

/** Categories a merchant can filter by (spec §3; the values in ./enum-values.ts). */
export const browseCategorySchema = z.enum(BROWSE_CATEGORIES, { error: "Seleziona una categoria valida" });
export type BrowseCategory = z.infer<typeof browseCategorySchema>;

/** A request's category: a browse category or `generale` (./enum-values.ts). */
export const requestCategorySchema = z.enum(REQUEST_CATEGORIES, { error: "Seleziona una categoria valida" });
export type RequestCategory = z.infer<typeof requestCategorySchema>;

/** Radius filter of the browse page, in km (spec §3; the values in ./enum-values.ts). */
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
