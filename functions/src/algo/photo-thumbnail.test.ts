import * as jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import {
  base64Bytes,
  REQUEST_THUMBNAIL_MAX_SIDE_PX,
  requestThumbnailSchema,
} from "@/domain/marketplace/request-photo";
import { makeThumbnail } from "./photo-thumbnail";

/** A JPEG of `width`×`height`: red on the left half, blue on the right, as a kept photo's base64. */
function photo(width: number, height: number): string {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const left = x < width / 2;
      data.set([left ? 230 : 20, 20, left ? 20 : 230, 255], at);
    }
  }
  return jpeg.encode({ width, height, data }, 80).data.toString("base64");
}

describe("a request's thumbnail", () => {
  it("is the photo at 128 px on its longest side, proportions kept, a few kB, a JPEG the app can show", () => {
    const source = photo(1280, 720);
    const thumbnail = makeThumbnail({ data: source });
    expect(thumbnail).toMatchObject({ width: REQUEST_THUMBNAIL_MAX_SIDE_PX, height: 72 });
    expect(requestThumbnailSchema.safeParse(thumbnail).success).toBe(true);
    const bytes = base64Bytes(thumbnail?.data ?? "");
    expect(bytes).toBeLessThan(8_000);
    expect(bytes * 10).toBeLessThan(base64Bytes(source));
    // The picture is the photo's: red on the left, blue on the right.
    const decoded = jpeg.decode(Buffer.from(thumbnail?.data ?? "", "base64"), { useTArray: true });
    const pixel = (x: number) =>
      Array.from(decoded.data.slice((36 * decoded.width + x) * 4, (36 * decoded.width + x) * 4 + 3));
    const [leftRed, , leftBlue] = pixel(10);
    const [rightRed, , rightBlue] = pixel(118);
    expect(leftRed).toBeGreaterThan(180);
    expect(leftBlue).toBeLessThan(80);
    expect(rightBlue).toBeGreaterThan(180);
    expect(rightRed).toBeLessThan(80);
  });

  it("keeps a portrait photo upright and never enlarges a small one", () => {
    expect(makeThumbnail({ data: photo(600, 900) })).toMatchObject({ width: 85, height: 128 });
    expect(makeThumbnail({ data: photo(100, 50) })).toMatchObject({ width: 100, height: 50 });
  });

  it("is left out, not an error, for data that is not a decodable photo or is larger than a kept one", () => {
    expect(makeThumbnail({ data: "/9j/AAAA" })).toBeUndefined();
    expect(makeThumbnail({ data: photo(2000, 1200) })).toBeUndefined();
  });
});
