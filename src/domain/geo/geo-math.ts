import { EARTH_RADIUS_KM } from "../core/limits.ts";

// Distances and bearings on the globe, without zod: the shop feed's plan (./geo-feed-plan.ts) runs
// before zod has loaded on a page load (src/features/browse/api/first-reads.ts). ./geo.ts re-exports them.

/** A point on the globe, degrees (./geo.ts `latLngSchema` checks one). */
export type LatLng = { lat: number; lng: number };

const DEG = Math.PI / 180;

export function toRadians(degrees: number): number {
  return degrees * DEG;
}

export function toDegrees(radians: number): number {
  return radians / DEG;
}

/** Great-circle (haversine) distance in km on a sphere of radius 6371 km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True when `point` lies within `radiusKm` of `center` (edge included). */
export function isWithinRadius(center: LatLng, point: LatLng, radiusKm: number): boolean {
  return distanceKm(center, point) <= radiusKm;
}

/** The point reached from `start` going `distance` km on initial bearing `bearingDeg` (0 = north). */
export function destinationPoint(start: LatLng, distance: number, bearingDeg: number): LatLng {
  const angular = distance / EARTH_RADIUS_KM;
  const bearing = toRadians(bearingDeg);
  const lat1 = toRadians(start.lat);
  const lng1 = toRadians(start.lng);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: toDegrees(lat2), lng: normalizeLng(toDegrees(lng2)) };
}

/** Wraps a longitude into [-180, 180). */
export function normalizeLng(lng: number): number {
  const wrapped = (((lng + 180) % 360) + 360) % 360;
  return wrapped - 180;
}
