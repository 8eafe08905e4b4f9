import { Badge } from "@/components/ui/badge";
import type { Offer } from "@/domain/marketplace/offer";
import {
  OFFER_DISPLAY_LABELS,
  OFFER_DISPLAY_TONES,
  offerDisplayStatus,
} from "@/domain/marketplace/offer-display";

/** An offer's status as a coloured badge ('Completata' once the deal is done; see offer-display.ts). */
export function OfferStatusBadge({
  offer,
  forShop = false,
}: {
  offer: Pick<Offer, "status" | "customerRating"> & { boughtElsewhere?: boolean | undefined };
  /** The shop's own view: an offer lost to another reads 'Acquistato altrove'. */
  forShop?: boolean;
}) {
  const status = offerDisplayStatus(offer, forShop);
  return <Badge tone={OFFER_DISPLAY_TONES[status]}>{OFFER_DISPLAY_LABELS[status]}</Badge>;
}
