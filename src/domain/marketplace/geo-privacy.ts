import { PUBLIC_POSITION_GRID_DEG } from "../core/limits.ts";
import { normalisePlaceText, STREET_WORDS } from "../geo/gazetteer.ts";
import type { LatLng } from "../geo/geo.ts";
import { PUBLISHING_MESSAGES } from "./publishing-messages.ts";

/**
 * What other users may know of where a buyer needs something (architecture §7): the zone and a
 * position to about 1 km. The exact point and the typed street stay in the request's private
 * sub-document (request-document.ts), readable by the buyer alone.
 */

const GRID_STEPS_PER_DEGREE = Math.round(1 / PUBLIC_POSITION_GRID_DEG);

/** Snaps a coordinate to the grid; the result is the double nearest to k × step (45.46, not 45.4600001). */
function snap(degrees: number): number {
  const snapped = Math.round(degrees * GRID_STEPS_PER_DEGREE) / GRID_STEPS_PER_DEGREE;
  return snapped === 0 ? 0 : snapped;
}

/**
 * The public position of a request: the nearest node of a 0.01° grid (at most ~0.8 km from the real
 * point in Italy). The geohash fields and every distance shown to shops come from it, so the feed is
 * exact against what shops can read, and repeated requests from one door all land on the same node.
 */
export function coarsePosition(point: LatLng): LatLng {
  return { lat: snap(point.lat), lng: snap(point.lng) };
}

/** True when a coordinate lies on the public grid (what the rules tests check of what a shop reads). */
export function isOnPublicGrid(degrees: number): boolean {
  return snap(degrees) === degrees;
}

/**
 * One comma-separated part of an address, without its street and numbers: 'Via Roma 5 Torino' →
 * 'Torino', '20099 Sesto San Giovanni' → 'Sesto San Giovanni', 'Piazza del Duomo' → ''. A part that
 * opens with a street word ('via', 'corso', 'p.za'…) loses everything up to its house number, or all of
 * it when there is none (the end of a street name cannot be told from a comune's).
 */
function zonePart(part: string): string {
  const words = part.trim().split(/\s+/).filter(Boolean);
  let start = 0;
  if (STREET_WORDS.has(normalisePlaceText(words[0] ?? ""))) {
    const houseNumber = words.findIndex((word) => /^\d/.test(word));
    if (houseNumber < 0) return "";
    start = houseNumber + 1;
  }
  return words
    .slice(start)
    .filter((word) => !/\d/.test(word))
    .join(" ");
}

/**
 * The zone merchants read of a request: what the buyer typed, minus streets and numbers, i.e. the
 * comune and the neighbourhood when one was typed ('Isola, Milano'); a generic label when nothing is left.
 */
export function requestZone(address: string): string {
  const parts = address
    .split(/[,;\n]+/)
    .map(zonePart)
    .filter((part) => part.length > 0);
  return parts.length > 0 ? parts.join(", ") : PUBLISHING_MESSAGES.zoneUnknown;
}
