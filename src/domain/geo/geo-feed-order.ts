import { distanceKm, type LatLng } from "./geo-math.ts";

// The merchant feed's order and a request's visibility to a merchant (architecture §4), apart from the
// merger (./geo-feed.ts, which re-exports them).

/** Distances this close over the radius count as inside (a point built exactly on the edge stays in). */
export const EDGE_TOLERANCE_KM = 1e-6;

/**
 * A document's position in the feed order: createdAt desc (exact, to the nanosecond), then actionRadius,
 * location.lat, location.lng and the id, all descending (every field with a range filter must be in
 * the order). Plain data: it doubles as the page cursor.
 */
export type FeedKey = {
  seconds: number;
  nanoseconds: number;
  actionRadius: number;
  lat: number;
  lng: number;
  id: string;
};

/** What the merger needs to know of a request. */
export type FeedItem = { id: string; actionRadius: number; location: LatLng };

/** Distance from the merchant if the request is visible to them (both radii), else null. */
export function visibleDistanceKm(item: FeedItem, center: LatLng, radiusKm: number): number | null {
  const distance = distanceKm(center, item.location);
  const limit = Math.min(radiusKm, item.actionRadius) + EDGE_TOLERANCE_KM;
  return distance <= limit ? distance : null;
}

/** Code-point order, which is UTF-8 byte order: how Firestore orders document ids. */
function compareIds(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  const n = Math.min(left.length, right.length);
  for (let i = 0; i < n; i += 1) {
    const diff = (left[i] as string).codePointAt(0)! - (right[i] as string).codePointAt(0)!;
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/** Negative when `a` comes first in the feed (newer; then larger action radius; then larger id). */
export function compareFeedKeys(a: FeedKey, b: FeedKey): number {
  return (
    b.seconds - a.seconds ||
    b.nanoseconds - a.nanoseconds ||
    b.actionRadius - a.actionRadius ||
    b.lat - a.lat ||
    b.lng - a.lng ||
    compareIds(b.id, a.id)
  );
}

export function feedKeyFromMillis(createdAtMs: number, item: FeedItem): FeedKey {
  const seconds = Math.floor(createdAtMs / 1000);
  return {
    seconds,
    nanoseconds: Math.round((createdAtMs - seconds * 1000) * 1e6),
    actionRadius: item.actionRadius,
    lat: item.location.lat,
    lng: item.location.lng,
    id: item.id,
  };
}
