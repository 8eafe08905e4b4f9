import { describe, expect, it } from "vitest";
import { DEFAULT_MERCHANT_LOCATION } from "../core/limits.ts";
import { destinationPoint, distanceKm, isWithinRadius, latLngSchema, normalizeLng } from "./geo.ts";

const milano = { lat: 45.4642, lng: 9.19 };
const roma = { lat: 41.9028, lng: 12.4964 };

describe("distanceKm", () => {
  it("Milano-Roma is about 477 km", () => {
    expect(Math.abs(distanceKm(milano, roma) - 477)).toBeLessThanOrEqual(2);
  });

  it("is symmetric and zero on the same point", () => {
    expect(distanceKm(milano, milano)).toBe(0);
    expect(distanceKm(milano, roma)).toBeCloseTo(distanceKm(roma, milano), 9);
  });

  it("one degree of latitude is 2πR/360 km", () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((2 * Math.PI * 6371) / 360, 6);
  });

  it("antipodes are half the circumference", () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });
});

describe("isWithinRadius and destinationPoint", () => {
  it("a point 9.9 km away is inside 10 km, one 10.1 km away is not", () => {
    expect(isWithinRadius(milano, destinationPoint(milano, 9.9, 45), 10)).toBe(true);
    expect(isWithinRadius(milano, destinationPoint(milano, 10.1, 45), 10)).toBe(false);
  });

  it("destinationPoint lands at the requested distance", () => {
    for (const bearing of [0, 90, 180, 270, 33]) {
      expect(distanceKm(milano, destinationPoint(milano, 42, bearing))).toBeCloseTo(42, 6);
    }
  });

  it("the default merchant location is Milano", () => {
    expect(DEFAULT_MERCHANT_LOCATION).toMatchObject(milano);
  });
});

describe("latLngSchema", () => {
  it("accepts valid and refuses out-of-range coordinates with Italian messages", () => {
    expect(latLngSchema.safeParse(milano).success).toBe(true);
    const badLat = latLngSchema.safeParse({ lat: 91, lng: 0 });
    expect(badLat.success ? "" : badLat.error.issues[0]?.message).toBe("Latitudine non valida");
    const badLng = latLngSchema.safeParse({ lat: 0, lng: -181 });
    expect(badLng.success ? "" : badLng.error.issues[0]?.message).toBe("Longitudine non valida");
    expect(latLngSchema.safeParse({ lat: "45", lng: 9 }).success).toBe(false);
  });
});

describe("normalizeLng", () => {
  it("wraps into [-180, 180)", () => {
    expect(normalizeLng(190)).toBe(-170);
    expect(normalizeLng(-190)).toBe(170);
    expect(normalizeLng(9.19)).toBeCloseTo(9.19, 12);
  });
});
