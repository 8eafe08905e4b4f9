import { describe, expect, it } from "vitest";
import {
  base64Bytes,
  base64Length,
  firstPhotoAttempt,
  fitWithin,
  nextPhotoAttempt,
  REQUEST_PHOTO_MAX_BASE64_LENGTH,
  REQUEST_PHOTO_MAX_BYTES,
  REQUEST_PHOTO_MIN_SIDE_PX,
  requestPhotoDocument,
  requestPhotoUploadSchema,
} from "./request-photo.ts";

describe("photo sizing", () => {
  it("fits the longest side within 1280 px, keeping the proportions", () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 1280, height: 960 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 960, height: 1280 });
    expect(fitWithin({ width: 2000, height: 20 })).toEqual({ width: 1280, height: 13 });
  });

  it("never enlarges a small picture and keeps at least one pixel", () => {
    expect(fitWithin({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(fitWithin({ width: 10_000, height: 1 })).toEqual({ width: 1280, height: 1 });
    expect(fitWithin({ width: 0, height: 0 })).toEqual({ width: 1, height: 1 });
  });

  it("starts at quality 0.8 within the longest side", () => {
    expect(firstPhotoAttempt({ width: 4000, height: 3000 })).toEqual({
      width: 1280,
      height: 960,
      quality: 0.8,
    });
  });

  it("keeps an encoding of 300 kB or less", () => {
    const attempt = firstPhotoAttempt({ width: 1280, height: 960 });
    expect(nextPhotoAttempt(attempt, REQUEST_PHOTO_MAX_BYTES)).toBeUndefined();
    expect(nextPhotoAttempt(attempt, 12_000)).toBeUndefined();
  });

  it("lowers the quality step by step, then shrinks the sides and starts the qualities again", () => {
    const heavy = REQUEST_PHOTO_MAX_BYTES + 1;
    let attempt = firstPhotoAttempt({ width: 1280, height: 960 });
    const qualities: number[] = [attempt.quality];
    for (let step = 0; step < 4; step++) {
      const next = nextPhotoAttempt(attempt, heavy);
      if (!next) throw new Error("should go on");
      attempt = next;
      qualities.push(attempt.quality);
    }
    expect(qualities).toEqual([0.8, 0.7, 0.6, 0.5, 0.4]);
    expect(attempt).toMatchObject({ width: 1280, height: 960 });
    expect(nextPhotoAttempt(attempt, heavy)).toEqual({ width: 960, height: 720, quality: 0.8 });
  });

  it("gives up below the smallest useful side", () => {
    const smallest = { width: REQUEST_PHOTO_MIN_SIDE_PX, height: 240, quality: 0.4 };
    expect(nextPhotoAttempt(smallest, REQUEST_PHOTO_MAX_BYTES * 2)).toBeUndefined();
    // A side just above the floor shrinks to the floor, not below it.
    expect(nextPhotoAttempt({ width: 400, height: 300, quality: 0.4 }, REQUEST_PHOTO_MAX_BYTES * 2)).toEqual({
      width: 320,
      height: 240,
      quality: 0.8,
    });
  });

  it("every path ends: from a huge picture the attempts are finite", () => {
    let attempt = firstPhotoAttempt({ width: 9000, height: 6000 });
    let steps = 0;
    for (
      let next = nextPhotoAttempt(attempt, 10_000_000);
      next;
      next = nextPhotoAttempt(attempt, 10_000_000)
    ) {
      attempt = next;
      steps++;
    }
    expect(steps).toBeLessThan(40);
    expect(Math.max(attempt.width, attempt.height)).toBe(REQUEST_PHOTO_MIN_SIDE_PX);
  });
});

describe("photo bytes", () => {
  it("counts the bytes a base64 text decodes to", () => {
    expect(base64Bytes(btoa("abc"))).toBe(3);
    expect(base64Bytes(btoa("abcd"))).toBe(4);
    expect(base64Bytes(btoa("abcde"))).toBe(5);
    expect(base64Length(REQUEST_PHOTO_MAX_BYTES)).toBe(400_000);
    expect(REQUEST_PHOTO_MAX_BASE64_LENGTH).toBe(400_000);
  });

  it("accepts a JPEG's base64 within 300 kB and refuses other images and heavier ones", () => {
    const jpeg = `/9j/${"A".repeat(96)}`;
    expect(requestPhotoUploadSchema.safeParse({ data: jpeg, width: 10, height: 10 }).success).toBe(true);
    const png = btoa("\x89PNG\r\n\x1a\n0000");
    expect(requestPhotoUploadSchema.safeParse({ data: png, width: 10, height: 10 }).success).toBe(false);
    const heavy = `/9j/${"A".repeat(REQUEST_PHOTO_MAX_BASE64_LENGTH)}`;
    expect(requestPhotoUploadSchema.safeParse({ data: heavy, width: 10, height: 10 }).success).toBe(false);
    expect(requestPhotoUploadSchema.safeParse({ data: jpeg, width: 2000, height: 10 }).success).toBe(false);
  });

  it("builds the document of the n-th photo with its id and weight", () => {
    const data = `/9j/${"A".repeat(96)}`;
    expect(
      requestPhotoDocument({
        requestId: "r1",
        customerId: "u1",
        index: 1,
        photo: { data, width: 4, height: 3 },
      }),
    ).toEqual({
      id: "p2",
      requestId: "r1",
      customerId: "u1",
      contentType: "image/jpeg",
      data,
      width: 4,
      height: 3,
      bytes: 75,
    });
  });
});
