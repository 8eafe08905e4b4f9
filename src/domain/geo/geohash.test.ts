import { describe, expect, it } from "vitest";
import {
  decodeGeohashBounds,
  encodeGeohash,
  GEOHASH_ALPHABET,
  geohashCellSize,
  geohashNeighbour,
  geohashNeighbours,
} from "./geohash.ts";

describe("encodeGeohash / decodeGeohashBounds", () => {
  it("matches the reference values", () => {
    expect(encodeGeohash(57.64911, 10.40744, 11)).toBe("u4pruydqqvj");
    expect(encodeGeohash(42.6, -5.6, 5)).toBe("ezs42");
    expect(encodeGeohash(0, 0, 1)).toBe("s");
    expect(encodeGeohash(-90, -180, 3)).toBe("000");
    expect(encodeGeohash(90, 180, 3)).toBe("zzz");
  });

  it("the decoded cell contains the encoded point and has the expected size", () => {
    for (let precision = 1; precision <= 12; precision += 1) {
      const hash = encodeGeohash(45.4642, 9.19, precision);
      const b = decodeGeohashBounds(hash);
      expect(b.minLat).toBeLessThanOrEqual(45.4642);
      expect(b.maxLat).toBeGreaterThan(45.4642);
      expect(b.minLng).toBeLessThanOrEqual(9.19);
      expect(b.maxLng).toBeGreaterThan(9.19);
      const size = geohashCellSize(precision);
      expect(b.maxLat - b.minLat).toBeCloseTo(size.latDeg, 12);
      expect(b.maxLng - b.minLng).toBeCloseTo(size.lngDeg, 12);
    }
  });

  it("prefixes are the coarser cells", () => {
    const full = encodeGeohash(41.9028, 12.4964, 9);
    expect(encodeGeohash(41.9028, 12.4964, 4)).toBe(full.slice(0, 4));
  });

  it("a point exactly on a split goes to the upper cell", () => {
    const b = decodeGeohashBounds("u0n");
    expect(encodeGeohash(b.minLat, b.minLng, 3)).toBe("u0n");
  });

  it("refuses bad input", () => {
    expect(() => encodeGeohash(45, 9, 0)).toThrow(RangeError);
    expect(() => encodeGeohash(45, 9, 13)).toThrow(RangeError);
    expect(() => encodeGeohash(Number.NaN, 9, 5)).toThrow(RangeError);
    expect(() => decodeGeohashBounds("")).toThrow(RangeError);
    expect(() => decodeGeohashBounds("u0a")).toThrow(RangeError);
    expect(GEOHASH_ALPHABET).toHaveLength(32);
  });
});

describe("neighbours", () => {
  it("are the adjacent cells in every direction", () => {
    const hash = encodeGeohash(45.4642, 9.19, 5);
    const b = decodeGeohashBounds(hash);
    const h = b.maxLat - b.minLat;
    const w = b.maxLng - b.minLng;
    const around = geohashNeighbours(hash);
    expect(Object.keys(around)).toHaveLength(8);
    const expectShift = (neighbour: string | undefined, dLat: number, dLng: number) => {
      const n = decodeGeohashBounds(neighbour ?? "");
      expect(n.minLat).toBeCloseTo(b.minLat + dLat * h, 10);
      expect(n.minLng).toBeCloseTo(b.minLng + dLng * w, 10);
    };
    expectShift(around.n, 1, 0);
    expectShift(around.ne, 1, 1);
    expectShift(around.e, 0, 1);
    expectShift(around.se, -1, 1);
    expectShift(around.s, -1, 0);
    expectShift(around.sw, -1, -1);
    expectShift(around.w, 0, -1);
    expectShift(around.nw, 1, -1);
  });

  it("crosses a parent cell boundary", () => {
    // 'u0nd' sits in parent 'u0n'; walking east far enough must leave the parent.
    let hash = "u0nd";
    const parents = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      hash = geohashNeighbour(hash, "e") ?? "";
      parents.add(hash.slice(0, 3));
    }
    expect(parents.size).toBeGreaterThan(1);
  });

  it("wraps longitude and stops at the poles", () => {
    expect(geohashNeighbour("zzz", "n")).toBeUndefined();
    expect(geohashNeighbour("zzz", "e")).toBe(encodeGeohash(89.9, -179.9, 3));
    expect(geohashNeighbour("000", "s")).toBeUndefined();
    expect(Object.keys(geohashNeighbours("zzz"))).toHaveLength(5);
  });
});
