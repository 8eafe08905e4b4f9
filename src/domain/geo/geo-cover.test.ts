import { describe, expect, it } from "vitest";
import { RADIUS_OPTIONS_KM } from "../core/enums.ts";
import { destinationPoint, distanceKm, type LatLng } from "./geo.ts";
import { coveringCells, geohashFieldName, requestGeoFields } from "./geo-cover.ts";
import { decodeGeohashBounds, encodeGeohash, geohashCellSize } from "./geohash.ts";

/** Seeded PRNG (mulberry32): reproducible random points. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const milano: LatLng = { lat: 45.4642, lng: 9.19 };
const centres: Array<[string, LatLng]> = [
  ["Milano", milano],
  ["15 km from Milano", destinationPoint(milano, 15, 63)],
  ["80 km from Milano", destinationPoint(milano, 80, 212)],
  // exactly on a corner where four gh3 (hence gh4, gh5) cells meet
  [
    "a gh3 corner",
    (() => {
      const b = decodeGeohashBounds("u0n");
      return { lat: b.minLat, lng: b.minLng };
    })(),
  ],
];

function expectCovered(cells: ReadonlySet<string>, precision: number, point: LatLng, label: string) {
  const hash = encodeGeohash(point.lat, point.lng, precision);
  if (!cells.has(hash)) throw new Error(`${label}: ${point.lat},${point.lng} (${hash}) not covered`);
}

describe.each(centres)("coveringCells around %s", (_name, center) => {
  it.each(RADIUS_OPTIONS_KM)("covers every point within %i km with at most 30 cells", (radius) => {
    const { precision, cells, withinLimit } = coveringCells(center, radius);
    expect(withinLimit).toBe(true);
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.length).toBeLessThanOrEqual(30);
    expect(new Set(cells).size).toBe(cells.length);
    expect([3, 4, 5]).toContain(precision);
    for (const cell of cells) expect(cell).toHaveLength(precision);
    const set = new Set(cells);

    const random = seededRandom(radius * 1000 + Math.round(center.lat * 100));
    for (let i = 0; i < 2000; i += 1) {
      const point = destinationPoint(center, radius * Math.sqrt(random()), random() * 360);
      expectCovered(set, precision, point, "random");
    }
    // exactly on the edge, all around
    for (let bearing = 0; bearing < 360; bearing += 0.5) {
      expectCovered(set, precision, destinationPoint(center, radius, bearing), "edge");
    }
    // on every cell boundary line crossing the circle
    const { latDeg, lngDeg } = geohashCellSize(precision);
    const span = radius / 111 + latDeg;
    for (
      let lat = Math.ceil((center.lat - span + 90) / latDeg) * latDeg - 90;
      lat <= center.lat + span;
      lat += latDeg
    ) {
      for (let k = 0; k <= 200; k += 1) {
        const point = { lat, lng: center.lng - 2 * span + (4 * span * k) / 200 };
        if (distanceKm(center, point) <= radius) expectCovered(set, precision, point, "lat boundary");
      }
    }
    for (
      let lng = Math.ceil((center.lng - 2 * span + 180) / lngDeg) * lngDeg - 180;
      lng <= center.lng + 2 * span;
      lng += lngDeg
    ) {
      for (let k = 0; k <= 200; k += 1) {
        const point = { lat: center.lat - span + (2 * span * k) / 200, lng };
        if (distanceKm(center, point) <= radius) expectCovered(set, precision, point, "lng boundary");
      }
    }
  });

  it.each(RADIUS_OPTIONS_KM)("picks the finest precision for %i km", (radius) => {
    const { precision } = coveringCells(center, radius);
    if (precision < 5) {
      const finer = coveringCells(center, radius, 30, {
        minPrecision: precision + 1,
        maxPrecision: precision + 1,
      });
      expect(finer.cells.length).toBeGreaterThan(30);
    }
  });

  it("every returned cell touches the circle (no useless reads)", () => {
    const { cells } = coveringCells(center, 20);
    for (const cell of cells) {
      const b = decodeGeohashBounds(cell);
      const nearest = {
        lat: Math.min(b.maxLat, Math.max(b.minLat, center.lat)),
        lng: Math.min(b.maxLng, Math.max(b.minLng, center.lng)),
      };
      // the clamped point over-estimates the distance a little; 1 km slack is plenty at 20 km
      expect(distanceKm(center, nearest)).toBeLessThanOrEqual(21);
    }
  });
});

describe("coveringCells options", () => {
  it("uses the expected precision for Milano", () => {
    expect(coveringCells(milano, 5).precision).toBe(5);
    expect(coveringCells(milano, 20).precision).toBe(4);
    expect(coveringCells(milano, 100).precision).toBe(3);
  });

  it("reports when even the coarsest precision needs more cells, still covering", () => {
    const result = coveringCells(milano, 400);
    expect(result.precision).toBe(3);
    expect(result.withinLimit).toBe(false);
    expect(result.cells.length).toBeGreaterThan(30);
  });

  it("honours maxCells and a custom precision range", () => {
    expect(coveringCells(milano, 5, 4).precision).toBeLessThan(5);
    const fine = coveringCells(milano, 1, 30, { minPrecision: 1, maxPrecision: 8 });
    expect(fine.precision).toBe(6);
  });

  it("a zero radius gives the centre's cell", () => {
    const { precision, cells } = coveringCells(milano, 0);
    expect(cells).toContain(encodeGeohash(milano.lat, milano.lng, precision));
  });

  it("refuses a negative radius", () => {
    expect(() => coveringCells(milano, -1)).toThrow(RangeError);
  });
});

describe("requestGeoFields", () => {
  it("stores precision 9 and the 3-5 prefixes", () => {
    const fields = requestGeoFields(milano);
    expect(fields.geohash).toHaveLength(9);
    expect(fields.geohash).toBe(encodeGeohash(milano.lat, milano.lng, 9));
    expect(fields.gh3).toBe(fields.geohash.slice(0, 3));
    expect(fields.gh4).toBe(fields.geohash.slice(0, 4));
    expect(fields.gh5).toBe(fields.geohash.slice(0, 5));
    expect(geohashFieldName(4)).toBe("gh4");
  });

  it("a request inside the radius is found by the feed's cells", () => {
    const request = destinationPoint(milano, 9.5, 300);
    const { precision, cells } = coveringCells(milano, 10);
    const field = geohashFieldName(precision as 3 | 4 | 5);
    expect(cells).toContain(requestGeoFields(request)[field]);
  });
});
