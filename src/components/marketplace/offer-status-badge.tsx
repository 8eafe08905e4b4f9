import { Badge } from "@/components/ui/badge";
import { OFFER_STATUS_LABELS, OFFER_STATUS_TONES, type OfferStatus } from "@/domain/state-machine";

/** An offer's status as a coloured badge (labels and tones from the state machine). */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return <Badge tone={OFFER_STATUS_TONES[status]}>{OFFER_STATUS_LABELS[status]}</Badge>;
}
