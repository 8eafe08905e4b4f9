import { formatCappedCount } from "../core/capped-count.ts";

/** The words of the buyer's request lists (/customer, /requests): counts, links, paging. */
export const BUYER_LISTS_COPY = {
  /** A card's link to the request's page, where all its offers are side by side. */
  compareOffers: "Confronta le offerte",
  /** The same link when the request has one offer, not listed on the card. */
  seeOffer: "Vedi l'offerta",
  showOlder: "Mostra richieste precedenti",
} as const;

export const offerCountLabel = (count: number) => (count === 1 ? "1 offerta" : `${count} offerte`);

/** The dashboard's link to /requests, with how many there are ("50+" past the newest list). */
export const seeAllRequestsLabel = (count: number) => `Vedi tutte le richieste (${formatCappedCount(count)})`;
