import * as jpeg from "jpeg-js";
import {
  fitWithin,
  REQUEST_PHOTO_MAX_SIDE_PX,
  REQUEST_THUMBNAIL_MAX_SIDE_PX,
  REQUEST_THUMBNAIL_QUALITY,
  type RequestPhotoUpload,
  type RequestThumbnail,
  requestThumbnailSchema,
} from "@/domain/marketplace/request-photo";

/**
 * The thumbnail a publishing callable keeps on the request (request-photo.ts): the photo decoded
 * (jpeg-js, pure JavaScript: no native build to deploy), reduced by averaging each block of pixels into
 * one, and encoded again. Made on the server from the photo it stores, so the picture on the cards is
 * always the one behind it. The decoder's limits are those of a kept photo (1280 px a side), so a
 * crafted file cannot make it allocate more. Undefined when the photo cannot be decoded: the request is
 * published without one and the cards read the photo itself, as before.
 */

/** Pixels a kept photo may have at most (1280 × 1280), in megapixels. */
const MAX_PHOTO_MP = (REQUEST_PHOTO_MAX_SIDE_PX * REQUEST_PHOTO_MAX_SIDE_PX) / 1_000_000;

/** Each target pixel is the mean of the source pixels it covers (RGBA in, RGBA out). */
function boxResize(
  source: { width: number; height: number; data: Uint8Array },
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const fromY = Math.floor((y * source.height) / height);
    const toY = Math.max(fromY + 1, Math.floor(((y + 1) * source.height) / height));
    for (let x = 0; x < width; x++) {
      const fromX = Math.floor((x * source.width) / width);
      const toX = Math.max(fromX + 1, Math.floor(((x + 1) * source.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = fromY; sy < toY; sy++) {
        for (let sx = fromX; sx < toX; sx++) {
          const at = (sy * source.width + sx) * 4;
          r += source.data[at] ?? 0;
          g += source.data[at + 1] ?? 0;
          b += source.data[at + 2] ?? 0;
        }
      }
      const count = (toY - fromY) * (toX - fromX);
      const to = (y * width + x) * 4;
      out[to] = Math.round(r / count);
      out[to + 1] = Math.round(g / count);
      out[to + 2] = Math.round(b / count);
      out[to + 3] = 255;
    }
  }
  return out;
}

/**
 * The thumbnails made so far, by photo: writePublication runs inside a transaction, which Firestore may
 * run again; decoding a photo takes 0.1-0.5 s, so each is made once.
 */
const made = new WeakMap<object, RequestThumbnail | undefined>();

export function makeThumbnail(photo: Pick<RequestPhotoUpload, "data">): RequestThumbnail | undefined {
  if (made.has(photo)) return made.get(photo);
  const thumbnail = thumbnailOf(photo);
  made.set(photo, thumbnail);
  return thumbnail;
}

function thumbnailOf(photo: Pick<RequestPhotoUpload, "data">): RequestThumbnail | undefined {
  try {
    const decoded = jpeg.decode(Buffer.from(photo.data, "base64"), {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PHOTO_MP,
      maxMemoryUsageInMB: 64,
    });
    const size = fitWithin(decoded, REQUEST_THUMBNAIL_MAX_SIDE_PX);
    const encoded = jpeg.encode(
      { ...size, data: boxResize(decoded, size.width, size.height) },
      REQUEST_THUMBNAIL_QUALITY,
    );
    const thumbnail = requestThumbnailSchema.safeParse({
      data: encoded.data.toString("base64"),
      ...size,
    });
    return thumbnail.success ? thumbnail.data : undefined;
  } catch {
    return undefined;
  }
}
