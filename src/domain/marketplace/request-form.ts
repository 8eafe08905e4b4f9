import { z } from "zod";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import {
  type Condition,
  conditionSchema,
  type DeliveryPreference,
  deliveryPreferenceSchema,
  type RequestCategory,
  requestCategorySchema,
  type Urgency,
  urgencySchema,
} from "../core/enums.ts";
import { optionalText, requiredText } from "../core/fields.ts";
import {
  DESCRIPTION_MAX_LENGTH,
  MAX_ACTIVE_REQUESTS_PER_BUYER,
  MAX_AMOUNT_EUR,
  MAX_REQUESTS_PER_DAY,
  PRODUCT_NAME_MAX_LENGTH,
} from "../core/limits.ts";
import { parsePrice } from "./offer-form.ts";
import { PUBLISHING_DEFAULTS, publishableRequestSchema } from "./publishing.ts";
import {
  actionRadiusSchema,
  type Budget,
  budgetSchema,
  type LocationInput,
  locationInputSchema,
} from "./request.ts";
import { requestPhotoUploadsSchema } from "./request-photo.ts";

/**
 * 'Compila tu' (/create): the plain form next to Algo. The same fields as the request Algo builds,
 * the same publishing defaults (spec §5: category generale, budget 0-1000, urgency giorni, delivery
 * both, radius 10 km, condition nuovo), published free through publishRequest
 * (functions/src/algo/publish-form.ts), which runs the summary card's own publishing code.
 */

/** The form's inputs, as the fields hold them. */
export type RequestFormValues = {
  productName: string;
  description: string;
  category: RequestCategory;
  budgetMin: string;
  budgetMax: string;
  urgency: Urgency;
  deliveryPreference: DeliveryPreference;
  condition: Condition;
  /** The place picked with the place picker (or the phone's position), null until one is chosen. */
  location: LocationInput | null;
  actionRadius: number;
};

/** The form as it opens: the spec's publishing defaults, nothing typed. */
export function emptyRequestForm(): RequestFormValues {
  return {
    productName: "",
    description: "",
    category: PUBLISHING_DEFAULTS.category,
    budgetMin: "",
    budgetMax: "",
    urgency: PUBLISHING_DEFAULTS.urgency,
    deliveryPreference: PUBLISHING_DEFAULTS.deliveryPreference,
    condition: PUBLISHING_DEFAULTS.condition,
    location: null,
    actionRadius: PUBLISHING_DEFAULTS.actionRadius,
  };
}

export const REQUEST_FORM_FIELDS = [
  "productName",
  "description",
  "budgetMin",
  "budgetMax",
  "location",
  "actionRadius",
] as const;
export type RequestFormField = (typeof REQUEST_FORM_FIELDS)[number];
export type RequestFormErrors = Partial<Record<RequestFormField, string>>;

/** The fields publishRequest takes: what the form says, every default filled in. */
export const requestFormFieldsSchema = z.object({
  productName: requiredText(PRODUCT_NAME_MAX_LENGTH, VALIDATION_MESSAGES.productNameRequired),
  description: optionalText(DESCRIPTION_MAX_LENGTH).default(""),
  category: requestCategorySchema,
  budget: budgetSchema,
  urgency: urgencySchema,
  deliveryPreference: deliveryPreferenceSchema,
  productDetails: z.object({ condition: conditionSchema }),
});
export type RequestFormFields = z.output<typeof requestFormFieldsSchema>;

/**
 * The form's idempotency key: one per filled-in form (a new one after any change), so 'Pubblica gratis'
 * sent twice (a double tap, a retry after a lost answer) publishes one request.
 */
export const submissionIdSchema = z.string().regex(/^[A-Za-z0-9-]{16,64}$/);

/** publishRequest({fields, location, actionRadius, photos?, submissionId?}) → {requestId, request}. */
export const publishRequestInputSchema = z.object({
  fields: requestFormFieldsSchema,
  location: locationInputSchema,
  actionRadius: actionRadiusSchema,
  photos: requestPhotoUploadsSchema.default([]),
  submissionId: submissionIdSchema.optional(),
});
export type PublishRequestInput = z.input<typeof publishRequestInputSchema>;
export const publishRequestOutputSchema = z.object({
  requestId: z.string().min(1),
  request: publishableRequestSchema,
});
export type PublishRequestOutput = z.infer<typeof publishRequestOutputSchema>;

/** A budget field: blank is no bound; otherwise a number from 0 to MAX_AMOUNT_EUR ('12,50' too). */
function readAmount(text: string): number | undefined | "invalid" {
  if (text.trim() === "") return undefined;
  const value = parsePrice(text);
  return Number.isFinite(value) && value >= 0 && value <= MAX_AMOUNT_EUR ? value : "invalid";
}

/** A missing bound takes the publishing default, as for Algo's requests (publishing.ts). */
function budgetOf(min: number | undefined, max: number | undefined): Budget {
  const defaults = PUBLISHING_DEFAULTS.budget;
  return { min: min ?? 0, max: max ?? Math.max(min ?? 0, defaults.max) };
}

export type RequestFormResult =
  | { ok: true; input: Omit<z.output<typeof publishRequestInputSchema>, "photos"> }
  | { ok: false; errors: RequestFormErrors };

/**
 * The form's checks, each with its Italian message next to its field: the product is needed
 * ('Indica il prodotto che cerchi'), each budget bound is a number ('Inserisci un budget valido') and
 * the minimum is not above the maximum ('Il budget minimo non può superare quello massimo'), a place
 * is needed ('Indica il comune o l'indirizzo'), the radius within 100 km.
 */
export function validateRequestForm(values: RequestFormValues): RequestFormResult {
  const errors: RequestFormErrors = {};
  const product = requestFormFieldsSchema.shape.productName.safeParse(values.productName);
  if (!product.success) errors.productName = product.error.issues[0]?.message;
  const description = requestFormFieldsSchema.shape.description.safeParse(values.description);
  if (!description.success) errors.description = description.error.issues[0]?.message;
  const min = readAmount(values.budgetMin);
  const max = readAmount(values.budgetMax);
  if (min === "invalid") errors.budgetMin = VALIDATION_MESSAGES.invalidBudget;
  if (max === "invalid") errors.budgetMax = VALIDATION_MESSAGES.invalidBudget;
  if (min !== "invalid" && max !== "invalid" && min !== undefined && max !== undefined && min > max) {
    errors.budgetMax = VALIDATION_MESSAGES.budgetRange;
  }
  const location = locationInputSchema.safeParse(values.location);
  if (!location.success) errors.location = VALIDATION_MESSAGES.addressRequired;
  const radius = actionRadiusSchema.safeParse(values.actionRadius);
  if (!radius.success) errors.actionRadius = radius.error.issues[0]?.message;
  if (
    Object.keys(errors).length > 0 ||
    !product.success ||
    !location.success ||
    !radius.success ||
    min === "invalid" ||
    max === "invalid"
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    input: {
      fields: {
        productName: product.data,
        description: description.success ? (description.data ?? "") : "",
        category: values.category,
        budget: budgetOf(min, max),
        urgency: values.urgency,
        deliveryPreference: values.deliveryPreference,
        productDetails: { condition: values.condition },
      },
      location: location.data,
      actionRadius: radius.data,
    },
  };
}

/** The form's own words (ours: the spec has no text for the form). */
export const REQUEST_FORM_LABELS = {
  open: "Compila tu",
  openHint: "Preferisci scrivere da te? Compila il modulo: è gratis, senza token.",
  title: "Compila la richiesta",
  intro: "Pubblicare è gratis. I campi con * sono obbligatori; gli altri hanno già un valore predefinito.",
  backToAlgo: "Torna ad Algo",
  product: "Prodotto *",
  description: "Descrizione",
  category: "Categoria",
  budgetMin: "Budget da (€)",
  budgetMax: "Budget fino a (€)",
  budgetHint: "Vuoto: da 0 a 1000 €.",
  urgency: "Quando ti serve",
  delivery: "Consegna",
  condition: "Condizione",
  place: "Dove *",
  photo: "Foto (facoltativa)",
  photoHint: "I negozi la vedono con la richiesta. La riduciamo noi a 300 kB al massimo.",
  removePhoto: "Togli la foto",
  photoPreview: "Anteprima della foto scelta",
  publish: "Pubblica gratis",
  errorsTitle: "Controlla i campi segnalati.",
} as const;

/** What publishRequest answers (ours; Algo says the caps in its own words: publishing-messages.ts). */
export const REQUEST_FORM_MESSAGES = {
  buyersOnly: "Le richieste le pubblica chi cerca: i negozi rispondono con le offerte.",
  tooManyActive: `Hai già ${MAX_ACTIVE_REQUESTS_PER_BUYER} richieste attive, il massimo. Quando una si conclude, o se ne annulli una dalla tua area, potrai pubblicare questa: il modulo resta compilato.`,
  dailyLimit: `Oggi hai già pubblicato ${MAX_REQUESTS_PER_DAY} richieste, il massimo per un giorno. Potrai pubblicare questa domani.`,
} as const;
