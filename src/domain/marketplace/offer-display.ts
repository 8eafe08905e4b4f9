import { formatEuro } from "../billing/pricing.ts";
import type { Offer } from "./offer.ts";
import {
  type BadgeTone,
  OFFER_STATUS,
  OFFER_STATUS_LABELS,
  OFFER_STATUS_TONES,
  type OfferStatus,
} from "./state-machine.ts";

/**
 * What an offer's badge says. The state machine keeps a won offer `accepted` after the deal is
 * completed (the request moves to `completed`), but both sides should then read 'Completata': the
 * completion writes the buyer's rating on the offer, and a verified sale its verifiedPurchaseAt, which is
 * how the offer alone tells.
 */
export type OfferDisplayStatus = OfferStatus | "completed" | "bought_elsewhere";

/**
 * The shop whose offer was turned down because the buyer accepted another reads 'Acquistato altrove'
 * (`forShop`); the buyer, who chose, still reads 'Rifiutata' on it.
 */
export function offerDisplayStatus(
  offer: Pick<Offer, "status" | "customerRating"> & {
    boughtElsewhere?: boolean | undefined;
    verifiedPurchaseAt?: Date | undefined;
  },
  forShop = false,
): OfferDisplayStatus {
  // A sale verified at the till is completed there (verifyPickup), rated or not.
  if (offer.customerRating !== undefined || offer.verifiedPurchaseAt !== undefined) return "completed";
  if (forShop && offer.status === OFFER_STATUS.rejected && offer.boughtElsewhere) return "bought_elsewhere";
  return offer.status;
}

export const OFFER_DISPLAY_LABELS: Record<OfferDisplayStatus, string> = {
  ...OFFER_STATUS_LABELS,
  completed: "Completata",
  bought_elsewhere: "Acquistato altrove",
};

export const OFFER_DISPLAY_TONES: Record<OfferDisplayStatus, BadgeTone> = {
  ...OFFER_STATUS_TONES,
  completed: "neutral",
  bought_elsewhere: "neutral",
};

/**
 * The link from a request to the shop's offer on it, in the same words on /browse's cards and the
 * dashboard's list: 'Fai un'offerta', or what the shop offered, or 'Offri di nuovo' (offer-action-link.tsx).
 */
export const OFFER_ACTION_LABELS = {
  make: "Fai un'offerta",
  /** Screen readers hear which request: "Fai un'offerta per Cuffie wireless". */
  forRequest: (productName: string) => ` per ${productName}`,
  seeYours: ": vedi la tua offerta",
} as const;

/** A request the shop has already answered: what it offered, instead of 'Fai un'offerta'. */
export function offeredLabel(price: number): string {
  return `Hai offerto ${formatEuro(price)}`;
}

/** The same request when that offer expired with it and the buyer renewed it. */
export function offerAgainLabel(price: number): string {
  return `Offri di nuovo (avevi offerto ${formatEuro(price)})`;
}
