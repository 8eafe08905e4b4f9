import { z } from "zod";
import {
  CONDITION_LABELS,
  conditionSchema,
  DELIVERY_PREFERENCE_LABELS,
  deliveryPreferenceSchema,
  RADIUS_LABELS,
  URGENCY_LABELS,
  urgencySchema,
} from "../core/enums.ts";
import { DEFAULT_ACTION_RADIUS_KM } from "../core/limits.ts";
import { MAX_REQUEST_PHOTOS, requestPhotoUploadSchema } from "../marketplace/request-photo.ts";
import { budgetText } from "../products/budget-text.ts";
import { agree, productAgreement } from "../products/product-agreement.ts";
import { displayProductName } from "../products/product-name.ts";
import { type AlgoExtractedData, algoExtractedDataSchema } from "./algo.ts";

/**
 * The request being prepared on /create, as the summary card shows it: what Algo gathered, with the
 * buyer's edits from the card on top ('Modifica' changes the draft without asking Algo again). Kept
 * in the browser (localStorage) so that a reload or a lost connection loses nothing; the server keeps
 * its own copy in the Algo conversation, and 'Pubblica' sends this one (publishAlgoRequest).
 */

/** A chat bubble as the page keeps it (its photo, if any, is kept apart: algoDraftPhotoSchema). */
export const draftMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  text: z.string(),
});

export const algoDraftSchema = z.object({
  /** The signed-in buyer: another account on the same phone never sees this draft. */
  uid: z.string().min(1),
  conversationId: z.string().optional(),
  messages: z.array(draftMessageSchema).max(200),
  extractedData: algoExtractedDataSchema,
  edits: algoExtractedDataSchema.default({}),
  readyToPublish: z.boolean().default(false),
  asksPlace: z.boolean().default(false),
  actionRadius: z.number().optional(),
  savedAt: z.number(),
});
export type AlgoDraft = z.infer<typeof algoDraftSchema>;

/**
 * A photo the buyer gave Algo, kept with the draft (under its own storage key, written only when the
 * photos change: at most MAX_REQUEST_PHOTOS of 300 kB) so that a reload still publishes it; the
 * chat bubble it came with shows it again.
 */
export const algoDraftPhotoSchema = requestPhotoUploadSchema.extend({ messageId: z.string().min(1) });
export type AlgoDraftPhoto = z.infer<typeof algoDraftPhotoSchema>;
export const algoDraftPhotosSchema = z.array(algoDraftPhotoSchema).max(MAX_REQUEST_PHOTOS);

/** A draft older than this is a conversation abandoned: the page starts afresh. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** What the card shows and publishes: Algo's fields with the buyer's edits on top. */
export function draftFields(draft: Pick<AlgoDraft, "extractedData" | "edits">): AlgoExtractedData {
  const { extractedData: algo, edits } = draft;
  return {
    ...algo,
    ...edits,
    ...(algo.productDetails || edits.productDetails
      ? { productDetails: { ...algo.productDetails, ...edits.productDetails } }
      : {}),
  };
}

/**
 * The edits still standing after Algo's new reply: an edited field Algo has since changed (the buyer
 * told Algo something new about it) goes back to Algo's value.
 */
export function editsAfterReply(
  edits: AlgoExtractedData,
  before: AlgoExtractedData,
  after: AlgoExtractedData,
): AlgoExtractedData {
  const same = (key: keyof AlgoExtractedData) => JSON.stringify(before[key]) === JSON.stringify(after[key]);
  return Object.fromEntries(
    Object.entries(edits).filter(([key]) => same(key as keyof AlgoExtractedData)),
  ) as AlgoExtractedData;
}

export type ReviewRow = { label: string; value: string };

const labelOf = <T extends string>(labels: Record<T, string>, schema: z.ZodType<T>, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? labels[parsed.data] : undefined;
};

/** The summary card's rows, in Italian; a field not known yet reads 'Da definire'. */
export function reviewRows(fields: AlgoExtractedData, actionRadius: number | undefined): ReviewRow[] {
  const details = fields.productDetails ?? {};
  const agreement = productAgreement(fields.productName);
  const condition = labelOf(CONDITION_LABELS, conditionSchema, details.condition);
  const detailText = [
    condition ? agree(condition.toLowerCase(), agreement) : undefined,
    details.size ? `taglia ${details.size}` : undefined,
    details.color,
    details.material ? `in ${details.material}` : undefined,
    details.specifications,
  ].filter(Boolean);
  const radius = actionRadius ?? DEFAULT_ACTION_RADIUS_KM;
  const radiusLabel = (RADIUS_LABELS as Record<number, string>)[radius] ?? `${radius} km`;
  const missing = REVIEW_LABELS.missing;
  return [
    {
      label: REVIEW_LABELS.product,
      value: fields.productName ? displayProductName(fields.productName) : missing,
    },
    { label: REVIEW_LABELS.details, value: detailText.length > 0 ? detailText.join(", ") : missing },
    { label: REVIEW_LABELS.budget, value: budgetText(fields.budget) ?? missing },
    {
      label: REVIEW_LABELS.urgency,
      value: labelOf(URGENCY_LABELS, urgencySchema, fields.urgency) ?? missing,
    },
    {
      label: REVIEW_LABELS.delivery,
      value:
        labelOf(DELIVERY_PREFERENCE_LABELS, deliveryPreferenceSchema, fields.deliveryPreference) ?? missing,
    },
    {
      label: REVIEW_LABELS.place,
      value: fields.location?.address ? `${fields.location.address} · ${radiusLabel}` : missing,
    },
  ];
}

/** The card's words (ours: the spec has no review step). */
export const REVIEW_LABELS = {
  title: "Riepilogo della richiesta",
  intro: "Controlla i dati: la richiesta arriva ai negozi solo quando tocchi «Pubblica».",
  product: "Prodotto",
  details: "Dettagli",
  condition: "Condizione",
  budget: "Budget",
  urgency: "Quando",
  delivery: "Consegna",
  place: "Dove",
  photo: "Foto",
  missing: "Da definire",
  publish: "Pubblica",
  publishing: "Pubblicazione…",
  edit: "Modifica",
  save: "Salva le modifiche",
  cancel: "Annulla",
  editTitle: "Modifica la richiesta",
  budgetMin: "Budget da (€)",
  budgetMax: "Budget fino a (€)",
  usePosition: "Usa la mia posizione",
  orPlace: "Oppure scrivi il comune",
  myPosition: "La mia posizione",
  restored: "Ho ripreso la richiesta che stavi preparando.",
  startOver: "Ricomincia",
} as const;
