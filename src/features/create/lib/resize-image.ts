import {
  base64Bytes,
  firstPhotoAttempt,
  nextPhotoAttempt,
  type PhotoAttempt,
  REQUEST_PHOTO_MAX_BYTES,
} from "@/domain/marketplace/request-photo";

/**
 * The photo a buyer gives Algo or the free form: drawn on a canvas with the longest side at most
 * 1280 px and encoded as JPEG, lowering the quality step by step (and then the sides) until it weighs
 * at most 300 kB (src/domain/marketplace/request-photo.ts has the maths). Re-encoding also drops the EXIF data
 * (the position a phone writes into its photos). The same JPEG goes to Algo and is kept with the request.
 */
export type PreparedImage = { base64: string; previewUrl: string; width: number; height: number };

/** The longest side sent, in pixels. */
export { REQUEST_PHOTO_MAX_SIDE_PX as MAX_IMAGE_SIDE_PX } from "@/domain/marketplace/request-photo";

function drawAttempt(source: CanvasImageSource, attempt: PhotoAttempt): PreparedImage {
  const canvas = document.createElement("canvas");
  canvas.width = attempt.width;
  canvas.height = attempt.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas non disponibile");
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const previewUrl = canvas.toDataURL("image/jpeg", attempt.quality);
  return {
    previewUrl,
    base64: previewUrl.slice(previewUrl.indexOf(",") + 1),
    width: canvas.width,
    height: canvas.height,
  };
}

/**
 * `source` (an image or a video frame of `width`×`height`) as a JPEG that fits: tries the encodings
 * of request-photo.ts in turn. Undefined when even the smallest one is over 300 kB.
 */
export function encodeFittingPhoto(
  source: CanvasImageSource,
  width: number,
  height: number,
): PreparedImage | undefined {
  let attempt: PhotoAttempt | undefined = firstPhotoAttempt({ width, height });
  while (attempt) {
    const image = drawAttempt(source, attempt);
    if (base64Bytes(image.base64) <= REQUEST_PHOTO_MAX_BYTES) return image;
    attempt = nextPhotoAttempt(attempt, base64Bytes(image.base64));
  }
  return undefined;
}

/** An uploaded image file as a fitting JPEG (see above); undefined when it cannot be made to fit. */
export async function prepareImageFile(file: Blob): Promise<PreparedImage | undefined> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return encodeFittingPhoto(image, image.naturalWidth, image.naturalHeight);
  } finally {
    URL.revokeObjectURL(url);
  }
}
