/**
 * Geohash (base32, Niemeyer's alphabet) written here so the domain needs no package.
 * Bits alternate longitude first; a coordinate exactly on a split goes to the upper half.
 */

export const GEOHASH_ALPHABET = "0123456789bcdefghjkmnpqrstuvwxyz";
export const GEOHASH_MAX_PRECISION = 12;

export type GeohashBounds = { minLat: number; maxLat: number; minLng: number; maxLng: number };
export type GeohashDirection = "n" | "ne" | "e" | "se" | "s" | "sw" | "w" | "nw";

const DIRECTION_STEPS: Record<GeohashDirection, readonly [number, number]> = {
  n: [1, 0],
  ne: [1, 1],
  e: [0, 1],
  se: [-1, 1],
  s: [-1, 0],
  sw: [-1, -1],
  w: [0, -1],
  nw: [1, -1],
};

function assertPrecision(precision: number): void {
  if (!Number.isInteger(precision) || precision < 1 || precision > GEOHASH_MAX_PRECISION) {
    throw new RangeError(`geohash precision must be an integer in 1..${GEOHASH_MAX_PRECISION}`);
  }
}

/** Encodes a point at `precision` characters (1-12). Latitude is clamped to [-90, 90]. */
export function encodeGeohash(lat: number, lng: number, precision: number): string {
  assertPrecision(precision);
  if (!Number.isFinite(lat) || !Number.isFinite(lng))
    throw new RangeError("geohash needs finite coordinates");
  let latMin = -90;
  let latMax = 90;
  let lngMin = -180;
  let lngMax = 180;
  const clampedLat = Math.max(-90, Math.min(90, lat));
  let hash = "";
  let bits = 0;
  let bitCount = 0;
  let evenBit = true;
  while (hash.length < precision) {
    if (evenBit) {
      const mid = (lngMin + lngMax) / 2;
      if (lng >= mid) {
        bits = bits * 2 + 1;
        lngMin = mid;
      } else {
        bits *= 2;
        lngMax = mid;
      }
    } else {
      const mid = (latMin + latMax) / 2;
      if (clampedLat >= mid) {
        bits = bits * 2 + 1;
        latMin = mid;
      } else {
        bits *= 2;
        latMax = mid;
      }
    }
    evenBit = !evenBit;
    bitCount += 1;
    if (bitCount === 5) {
      hash += GEOHASH_ALPHABET[bits];
      bits = 0;
      bitCount = 0;
    }
  }
  return hash;
}

/** The cell of a geohash (throws on characters outside the alphabet). */
export function decodeGeohashBounds(hash: string): GeohashBounds {
  if (hash.length === 0 || hash.length > GEOHASH_MAX_PRECISION)
    throw new RangeError("invalid geohash length");
  let minLat = -90;
  let maxLat = 90;
  let minLng = -180;
  let maxLng = 180;
  let evenBit = true;
  for (const char of hash.toLowerCase()) {
    const value = GEOHASH_ALPHABET.indexOf(char);
    if (value < 0) throw new RangeError(`invalid geohash character '${char}'`);
    for (let bit = 4; bit >= 0; bit -= 1) {
      const on = (value >> bit) & 1;
      if (evenBit) {
        const mid = (minLng + maxLng) / 2;
        if (on) minLng = mid;
        else maxLng = mid;
      } else {
        const mid = (minLat + maxLat) / 2;
        if (on) minLat = mid;
        else maxLat = mid;
      }
      evenBit = !evenBit;
    }
  }
  return { minLat, maxLat, minLng, maxLng };
}

/** Cell size in degrees at a precision: longitude takes the extra bit of odd totals. */
export function geohashCellSize(precision: number): { latDeg: number; lngDeg: number } {
  assertPrecision(precision);
  const totalBits = precision * 5;
  const lngBits = Math.ceil(totalBits / 2);
  const latBits = totalBits - lngBits;
  return { latDeg: 180 / 2 ** latBits, lngDeg: 360 / 2 ** lngBits };
}

/**
 * The adjacent cell in a direction, same precision. Longitude wraps around ±180;
 * beyond a pole there is no cell and `undefined` is returned.
 */
export function geohashNeighbour(hash: string, direction: GeohashDirection): string | undefined {
  const bounds = decodeGeohashBounds(hash);
  const [latStep, lngStep] = DIRECTION_STEPS[direction];
  const height = bounds.maxLat - bounds.minLat;
  const width = bounds.maxLng - bounds.minLng;
  const lat = (bounds.minLat + bounds.maxLat) / 2 + latStep * height;
  if (lat > 90 || lat < -90) return undefined;
  let lng = (bounds.minLng + bounds.maxLng) / 2 + lngStep * width;
  if (lng >= 180) lng -= 360;
  if (lng < -180) lng += 360;
  return encodeGeohash(lat, lng, hash.length);
}

/** The up to eight cells around a geohash, keyed by direction. */
export function geohashNeighbours(hash: string): Partial<Record<GeohashDirection, string>> {
  const result: Partial<Record<GeohashDirection, string>> = {};
  for (const direction of Object.keys(DIRECTION_STEPS) as GeohashDirection[]) {
    const neighbour = geohashNeighbour(hash, direction);
    if (neighbour !== undefined) result[direction] = neighbour;
  }
  return result;
}
