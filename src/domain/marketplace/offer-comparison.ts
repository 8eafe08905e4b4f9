import { distanceKm, type LatLng } from "../geo/geo.ts";
import type { OfferSort } from "./marketplace-messages.ts";
import { OFFER_SORTS } from "./marketplace-messages.ts";
import type { Offer } from "./offer.ts";
import { OFFER_STATUS } from "./state-machine.ts";

/**
 * The buyer's request page compares its offers side by side: price, delivery, availability, the shop's
 * rating and its distance from the request's place. Pending offers (the ones the buyer can still
 * accept) come first, then the chosen order; ties fall back to the price, then the newest.
 */

export type ComparedOffer = {
  offer: Offer;
  /** The shop's public rating; null while its profile is unknown. */
  rating: { average: number; count: number } | null;
  /** From the request's place to the shop; null when the shop's position is unknown. */
  distanceKm: number | null;
};

export { OFFER_SORT_LABELS, OFFER_SORTS, type OfferSort } from "./marketplace-messages.ts";

export const COMPARISON_MESSAGES = {
  noOffers: "Ancora nessuna offerta",
  noOffersHint: "Quando un negozio vicino risponde, la sua offerta compare qui, senza ricaricare la pagina.",
  notFound: "Richiesta non trovata",
  notFoundHint: "Potrebbe essere stata eliminata, oppure il link non è corretto.",
  loadError: "Impossibile caricare la richiesta. Riprova.",
  sortLabel: "Ordina per",
  unknownDistance: "Distanza non disponibile",
  noAvailability: "Non indicata",
} as const;

/** The distance from the request's place to a shop, when both are known. */
export function shopDistanceKm(place: LatLng, shop: LatLng | undefined): number | null {
  return shop ? distanceKm(place, shop) : null;
}

const pendingFirst = (a: ComparedOffer, b: ComparedOffer) =>
  Number(b.offer.status === OFFER_STATUS.pending) - Number(a.offer.status === OFFER_STATUS.pending);

/** Unknowns go last, whatever the order. */
function byKnown(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
}

function byKey(sort: OfferSort, a: ComparedOffer, b: ComparedOffer): number {
  switch (sort) {
    case "price":
      return a.offer.price - b.offer.price;
    case "rating":
      // A shop nobody has rated yet has no average to compare: after the rated ones.
      return byKnown(
        a.rating && a.rating.count > 0 ? a.rating.average : null,
        b.rating && b.rating.count > 0 ? b.rating.average : null,
        -1,
      );
    case "distance":
      return byKnown(a.distanceKm, b.distanceKm, 1);
  }
}

export function sortComparedOffers(offers: readonly ComparedOffer[], sort: OfferSort): ComparedOffer[] {
  return [...offers].sort(
    (a, b) =>
      pendingFirst(a, b) ||
      byKey(sort, a, b) ||
      a.offer.price - b.offer.price ||
      b.offer.createdAt.getTime() - a.offer.createdAt.getTime(),
  );
}

export function isOfferSort(value: unknown): value is OfferSort {
  return typeof value === "string" && (OFFER_SORTS as readonly string[]).includes(value);
}
