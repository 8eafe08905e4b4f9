import { z } from "zod";
import { dateSchema, idSchema } from "../core/fields.ts";
import { CAMERA_JPEG_QUALITY } from "../core/limits.ts";

/**
 * Photos kept with a request (the one the buyer gave Algo, or the free form's): requests/{id}/photos/{photoId},
 * one Firestore document per photo holding the JPEG as base64 (architecture §6: no Storage emulator
 * offline; docs/local-stack.md 'Photos' says what moving them to Cloud Storage takes). Written only by the
 * publishing callables, in the transaction that creates the request (which counts them in
 * `photoCount`); read by whoever may read the request (firestore.rules).
 *
 * The browser makes every photo fit before it leaves the phone: the longest side at most
 * REQUEST_PHOTO_MAX_SIDE_PX, then JPEG at falling qualities (and, past the lowest, smaller sides)
 * until it weighs at most REQUEST_PHOTO_MAX_BYTES. The sizing maths is here, pure; the canvas work is
 * in src/features/create/lib/resize-image.ts.
 */

/** Longest side of a kept photo, in pixels. */
export const REQUEST_PHOTO_MAX_SIDE_PX = 1280;
/** Heaviest kept photo: 300 kB of JPEG. */
export const REQUEST_PHOTO_MAX_BYTES = 300_000;
/** Photos one request keeps at most (the last ones the buyer gave). */
export const MAX_REQUEST_PHOTOS = 3;
/**
 * JPEG qualities tried in turn until the photo fits: first the camera's (spec §7, 0.8), for a photo taken
 * in the app and one chosen from the phone alike.
 */
export const REQUEST_PHOTO_QUALITIES = [CAMERA_JPEG_QUALITY, 0.7, 0.6, 0.5, 0.4] as const;
/** Past the lowest quality the sides shrink by this factor and the qualities start again. */
export const REQUEST_PHOTO_SHRINK = 0.75;
/** Below this longest side the photo is not shrunk any further (it would show nothing). */
export const REQUEST_PHOTO_MIN_SIDE_PX = 320;
/** The only type kept. */
export const REQUEST_PHOTO_CONTENT_TYPE = "image/jpeg";

/** Base64 characters (with padding) of `bytes` bytes. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** The longest base64 text a kept photo may be (the rules and the callables check it). */
export const REQUEST_PHOTO_MAX_BASE64_LENGTH = base64Length(REQUEST_PHOTO_MAX_BYTES);

/** Bytes a base64 text decodes to (padding taken off). */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

export type PhotoSize = { width: number; height: number };

/** The size that fits `maxSide` on the longest side, proportions kept; never enlarged, at least 1 px. */
export function fitWithin(size: PhotoSize, maxSide: number = REQUEST_PHOTO_MAX_SIDE_PX): PhotoSize {
  const longest = Math.max(size.width, size.height, 1);
  const scale = Math.min(1, maxSide / longest);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** One encoding to try: the canvas size and the JPEG quality. */
export type PhotoAttempt = PhotoSize & { quality: number };

/** The first encoding of a picture of `size`: within the longest side, at the best quality. */
export function firstPhotoAttempt(size: PhotoSize): PhotoAttempt {
  return { ...fitWithin(size), quality: REQUEST_PHOTO_QUALITIES[0] };
}

/**
 * What to try after `attempt` gave `bytes` bytes: undefined when it fits (keep it) or when nothing
 * smaller is worth trying (the photo is then too heavy and is not kept). Lower quality first; past
 * the lowest, the sides shrink by REQUEST_PHOTO_SHRINK and the qualities start again.
 */
export function nextPhotoAttempt(attempt: PhotoAttempt, bytes: number): PhotoAttempt | undefined {
  if (bytes <= REQUEST_PHOTO_MAX_BYTES) return undefined;
  const index = REQUEST_PHOTO_QUALITIES.findIndex((quality) => quality < attempt.quality);
  if (index !== -1) return { ...attempt, quality: REQUEST_PHOTO_QUALITIES[index] ?? attempt.quality };
  const longest = Math.max(attempt.width, attempt.height);
  if (longest <= REQUEST_PHOTO_MIN_SIDE_PX) return undefined;
  const side = Math.max(REQUEST_PHOTO_MIN_SIDE_PX, Math.round(longest * REQUEST_PHOTO_SHRINK));
  return { ...fitWithin(attempt, side), quality: REQUEST_PHOTO_QUALITIES[0] };
}

/** A JPEG's base64 always starts with the SOI marker FF D8 FF. */
const JPEG_BASE64 = /^\/9j\/[A-Za-z0-9+/]*={0,2}$/;

/** A photo as a client sends it to a publishing callable: base64 JPEG (no data: prefix) and its size. */
export const requestPhotoUploadSchema = z.object({
  data: z
    .string()
    .max(REQUEST_PHOTO_MAX_BASE64_LENGTH, { error: "La foto è troppo grande" })
    .regex(JPEG_BASE64, { error: "La foto deve essere un'immagine JPEG" }),
  width: z.number().int().min(1).max(REQUEST_PHOTO_MAX_SIDE_PX),
  height: z.number().int().min(1).max(REQUEST_PHOTO_MAX_SIDE_PX),
});
export type RequestPhotoUpload = z.infer<typeof requestPhotoUploadSchema>;

/** The photos a publishing callable takes (at most MAX_REQUEST_PHOTOS, in the buyer's order). */
export const requestPhotoUploadsSchema = z.array(requestPhotoUploadSchema).max(MAX_REQUEST_PHOTOS);

/** requests/{requestId}/photos/{photoId}. */
export const requestPhotoSchema = requestPhotoUploadSchema.extend({
  id: idSchema,
  requestId: idSchema,
  customerId: idSchema,
  contentType: z.literal(REQUEST_PHOTO_CONTENT_TYPE),
  bytes: z.number().int().min(1).max(REQUEST_PHOTO_MAX_BYTES),
  createdAt: dateSchema,
});
export type RequestPhoto = z.infer<typeof requestPhotoSchema>;

/**
 * The thumbnail of a request's first photo, kept on the request itself (`thumbnail`) so the feed's cards
 * and the chat show a picture without reading the photos (≈ 300 kB each): a JPEG with the longest side
 * REQUEST_THUMBNAIL_MAX_SIDE_PX (twice the 64 CSS px the cards draw), made by the publishing callables
 * from the photo they store (functions/src/algo/photo-thumbnail.ts), a few kB. The full photos are read
 * when the buyer's or the shop's thumbnail is opened.
 */
export const REQUEST_THUMBNAIL_MAX_SIDE_PX = 128;
/** The thumbnail's JPEG quality (jpeg-js's scale, 1-100). */
export const REQUEST_THUMBNAIL_QUALITY = 70;
/** The longest base64 text a thumbnail may be (12 kB of JPEG; a 128 px one is 3-6 kB). */
export const REQUEST_THUMBNAIL_MAX_BASE64_LENGTH = base64Length(12_000);

/** requests/{id}.thumbnail. */
export const requestThumbnailSchema = z.object({
  data: z.string().max(REQUEST_THUMBNAIL_MAX_BASE64_LENGTH).regex(JPEG_BASE64),
  width: z.number().int().min(1).max(REQUEST_THUMBNAIL_MAX_SIDE_PX),
  height: z.number().int().min(1).max(REQUEST_THUMBNAIL_MAX_SIDE_PX),
});
export type RequestThumbnail = z.infer<typeof requestThumbnailSchema>;

/** Photo ids are p1, p2, p3, in the buyer's order (the rules accept only these). */
export function requestPhotoId(index: number): string {
  return `p${index + 1}`;
}

/** The document of the `index`-th photo of a request (without createdAt: the writer adds its time). */
export function requestPhotoDocument(input: {
  requestId: string;
  customerId: string;
  index: number;
  photo: RequestPhotoUpload;
}): Omit<RequestPhoto, "createdAt"> {
  return {
    id: requestPhotoId(input.index),
    requestId: input.requestId,
    customerId: input.customerId,
    contentType: REQUEST_PHOTO_CONTENT_TYPE,
    data: input.photo.data,
    width: input.photo.width,
    height: input.photo.height,
    bytes: base64Bytes(input.photo.data),
  };
}

/** The photo as an <img> source. */
export function photoDataUrl(photo: Pick<RequestPhoto, "data">): string {
  return `data:${REQUEST_PHOTO_CONTENT_TYPE};base64,${photo.data}`;
}

/** What the photo viewer says (ours: the spec has no text for it). */
export const REQUEST_PHOTO_MESSAGES = {
  alt: (productName: string) => `Foto allegata dall'acquirente: ${productName}`,
  enlarge: (productName: string) => `Ingrandisci la foto di ${productName}`,
  title: "Foto della richiesta",
  close: "Chiudi",
  more: (count: number) => `+${count}`,
  loading: "Caricamento della foto…",
  loadError: "Non è stato possibile caricare la foto.",
  tooLarge: "Questa foto è troppo pesante anche ridotta: scegline un'altra.",
} as const;
