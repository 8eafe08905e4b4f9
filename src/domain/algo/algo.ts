import { z } from "zod";
import { VALIDATION_MESSAGES } from "../core/common-messages.ts";
import {
  ALGO_ALMOST_COMPLETE_FIELDS,
  ALGO_IMAGE_BASE64_MAX_LENGTH,
  ALGO_IMAGE_MAX_BYTES,
  ALGO_MESSAGE_MAX_LENGTH,
  ALGO_PUBLISH_THRESHOLD,
  MAX_AMOUNT_EUR,
  SHORT_TEXT_MAX_LENGTH,
} from "../core/limits.ts";
import { field } from "../core/validation.ts";
import { publishableRequestSchema } from "../marketplace/publishing.ts";
import { actionRadiusSchema, locationInputSchema } from "../marketplace/request.ts";
import { requestPhotoUploadsSchema } from "../marketplace/request-photo.ts";
import { ALGO_LIMIT_MESSAGES } from "./algo-limit-messages.ts";

/**
 * Algo's chat contract (architecture §2). `extractedData` uses the Request field names of spec §3 and
 * is deliberately loose (whatever the model or the offline extractor gathered so far);
 * `applyPublishingDefaults` turns it into a publishable request.
 */
export const algoExtractedDataSchema = z
  .object({
    productName: z.string(),
    description: z.string(),
    category: z.string(),
    budget: z.object({ min: z.number(), max: z.number() }).partial(),
    urgency: z.string(),
    deliveryPreference: z.string(),
    actionRadius: z.number(),
    location: z.object({ address: z.string(), lat: z.number(), lng: z.number() }).partial(),
    productDetails: z
      .object({
        size: z.string(),
        color: z.string(),
        material: z.string(),
        condition: z.string(),
        specifications: z.string(),
      })
      .partial(),
  })
  .partial();
export type AlgoExtractedData = z.infer<typeof algoExtractedDataSchema>;

/** The JSON reply asked of the model (spec §7). */
export const algoReplySchema = z.object({
  message: z.string(),
  extractedData: algoExtractedDataSchema.default({}),
  isComplete: z.boolean().default(false),
  finalRequest: algoExtractedDataSchema.optional(),
});
export type AlgoReply = z.infer<typeof algoReplySchema>;

/** Bytes a base64 text decodes to. */
export function base64ByteLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * algoChat input: text (at most 2,000 characters), or a photo (base64 JPEG, no data: prefix, at most
 * 1.5 MB decoded) with optional text. What the model is sent is bounded here, before any charge.
 */
export const algoChatInputSchema = z
  .object({
    conversationId: z.string().min(1).max(128).optional(),
    message: z
      .string({ error: VALIDATION_MESSAGES.emptyMessage })
      .trim()
      .max(ALGO_MESSAGE_MAX_LENGTH, { error: VALIDATION_MESSAGES.messageTooLong })
      .default(""),
    imageBase64: z
      .string()
      .max(ALGO_IMAGE_BASE64_MAX_LENGTH, { error: ALGO_LIMIT_MESSAGES.imageTooLarge })
      .regex(/^[A-Za-z0-9+/]+=*$/, { error: VALIDATION_MESSAGES.imageOnly })
      .refine((base64) => base64ByteLength(base64) <= ALGO_IMAGE_MAX_BYTES, {
        error: ALGO_LIMIT_MESSAGES.imageTooLarge,
      })
      .optional(),
    /** Where the need is (gazetteer or the phone's position); kept by the conversation once sent. */
    location: locationInputSchema.optional(),
    /** Action radius in km; the publishing default (10 km) when never sent. */
    actionRadius: actionRadiusSchema.optional(),
  })
  .refine((input) => input.message.length > 0 || input.imageBase64 !== undefined, {
    error: VALIDATION_MESSAGES.emptyMessage,
    path: ["message"],
  });
export type AlgoChatInput = z.input<typeof algoChatInputSchema>;

export const algoChatOutputSchema = z.object({
  conversationId: z.string().min(1),
  message: z.string(),
  /** Every field collected so far, with the place (`location`) once the buyer gave one. */
  extractedData: algoExtractedDataSchema,
  /** Algo considers the request complete (the buyer confirmed, or every topic is answered). */
  isComplete: z.boolean(),
  /** Enough to publish (a product, a place, ~70 % of the fields): the page shows the summary card. */
  readyToPublish: z.boolean().default(false),
  /** Algo's question is where: the page offers 'Usa la mia posizione' in the conversation. */
  asksPlace: z.boolean().optional(),
  /** The action radius the conversation keeps (the card's choice), when set. */
  actionRadius: actionRadiusSchema.optional(),
  tokenBalance: z.number(),
  /** True when the turn was refused for lack of tokens (the client opens the purchase dialog). */
  outOfTokens: z.boolean().optional(),
});
export type AlgoChatOutput = z.infer<typeof algoChatOutputSchema>;

/**
 * publishAlgoRequest: the summary card's 'Pubblica', the only way a request is published. The draft
 * as the buyer reviewed (and maybe edited) it; the server merges it over the conversation's fields,
 * needs a product and a place (the one sent, else the one the conversation resolved from the chat),
 * and publishes within the buyer's caps. Publishing a conversation twice answers the same request.
 */
export const publishAlgoRequestInputSchema = z.object({
  conversationId: z.string().min(1).max(128),
  fields: algoExtractedDataSchema.default({}),
  location: locationInputSchema.optional(),
  actionRadius: actionRadiusSchema.optional(),
  /** The photos the buyer gave Algo, made to fit in the browser (request-photo.ts), kept with the request. */
  photos: requestPhotoUploadsSchema.optional(),
});
export type PublishAlgoRequestInput = z.input<typeof publishAlgoRequestInputSchema>;
export const publishAlgoRequestOutputSchema = z.object({
  requestId: z.string().min(1),
  request: publishableRequestSchema,
});
export type PublishAlgoRequestOutput = z.infer<typeof publishAlgoRequestOutputSchema>;

/** The fields the create page's progress card counts. */
export const ALGO_PROGRESS_FIELDS = [
  "productName",
  "category",
  "budget",
  "urgency",
  "deliveryPreference",
  "location",
  "condition",
] as const;
export type AlgoProgressField = (typeof ALGO_PROGRESS_FIELDS)[number];

function isCollected(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim().length > 0;
  if (typeof value === "object") return Object.values(value).some(isCollected);
  return true;
}

export function collectedFields(data: unknown): AlgoProgressField[] {
  return ALGO_PROGRESS_FIELDS.filter((name) =>
    isCollected(name === "condition" ? field(field(data, "productDetails"), "condition") : field(data, name)),
  );
}

/** Share of the progress fields collected, 0..1. */
export function algoProgress(data: unknown): number {
  return collectedFields(data).length / ALGO_PROGRESS_FIELDS.length;
}

/**
 * Enough to publish, so the page shows the summary card: a product and a place the buyer gave, and
 * Algo proposed publishing, or the buyer confirmed, or about 70 % of the progress fields are known.
 */
export function isReadyToPublish(
  data: AlgoExtractedData,
  algo: { complete: boolean; proposed: boolean },
): boolean {
  const hasPlace = data.location?.lat !== undefined && data.location.lng !== undefined;
  if (!data.productName || !hasPlace) return false;
  return algo.complete || algo.proposed || algoProgress(data) >= ALGO_PUBLISH_THRESHOLD;
}

/** With 4 or more fields the create page says the request is almost complete. */
export function isAlmostComplete(data: unknown): boolean {
  return collectedFields(data).length >= ALGO_ALMOST_COMPLETE_FIELDS;
}

/**
 * generateOfferDescription (merchant, 'Scrivi con Leonardo', 0.5 tokens): a polite Italian offer text
 * for a request at a price. Out of tokens → `outOfTokens` and an empty description.
 */
export const generateOfferDescriptionInputSchema = z.object({
  requestId: z.string().trim().min(1).max(128),
  price: z
    .number({ error: VALIDATION_MESSAGES.invalidPrice })
    .positive({ error: VALIDATION_MESSAGES.invalidPrice })
    .max(MAX_AMOUNT_EUR, { error: VALIDATION_MESSAGES.invalidPrice }),
  /** What the merchant wants mentioned (availability, brand, warranty…). */
  notes: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).optional(),
});
export type GenerateOfferDescriptionInput = z.input<typeof generateOfferDescriptionInputSchema>;
export const generateOfferDescriptionOutputSchema = z.object({
  description: z.string(),
  tokenBalance: z.number(),
  outOfTokens: z.boolean().optional(),
});
export type GenerateOfferDescriptionOutput = z.infer<typeof generateOfferDescriptionOutputSchema>;
