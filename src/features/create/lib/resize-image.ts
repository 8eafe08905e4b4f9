import { CAMERA_IDEAL_WIDTH, CAMERA_JPEG_QUALITY } from "@/domain/limits";

export type PreparedImage = { base64: string; previewUrl: string };

/** The longest side sent to Algo, in pixels. */
export const MAX_IMAGE_SIDE_PX = CAMERA_IDEAL_WIDTH;

/** A canvas (or video frame) as a JPEG at quality 0.8: the data URL for the preview and its base64. */
export function canvasToJpeg(canvas: HTMLCanvasElement): PreparedImage {
  const previewUrl = canvas.toDataURL("image/jpeg", CAMERA_JPEG_QUALITY);
  return { previewUrl, base64: previewUrl.slice(previewUrl.indexOf(",") + 1) };
}

/** Draws `source` on a canvas whose longest side is at most MAX_IMAGE_SIDE_PX. */
export function drawScaled(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const scale = Math.min(1, MAX_IMAGE_SIDE_PX / Math.max(width, height, 1));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas non disponibile");
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** An uploaded image file, resized to ≤ 1280 px and re-encoded as JPEG 0.8 (smaller, and EXIF-free). */
export async function prepareImageFile(file: Blob): Promise<PreparedImage> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return canvasToJpeg(drawScaled(image, image.naturalWidth, image.naturalHeight));
  } finally {
    URL.revokeObjectURL(url);
  }
}
