import { Badge } from "@/components/ui/badge";
import type { Offer } from "@/domain/offer";
import { OFFER_DISPLAY_LABELS, OFFER_DISPLAY_TONES, offerDisplayStatus } from "@/domain/offer-display";

/** An offer's status as a coloured badge ('Completata' once the deal is done; see offer-display.ts). */
export function OfferStatusBadge({
  offer,
}: {
  offer: Pick<Offer, "status" | "customerRating"> & { boughtElsewhere?: boolean | undefined };
}) {
  const status = offerDisplayStatus(offer);
  return <Badge tone={OFFER_DISPLAY_TONES[status]}>{OFFER_DISPLAY_LABELS[status]}</Badge>;
}
