import { OfferStatusBadge } from "@/components/marketplace/offer-status-badge";
import { formatEuro } from "@/domain/billing/pricing";
import { DELIVERY_OPTION_LABELS } from "@/domain/core/enums";
import type { Offer } from "@/domain/marketplace/offer";
import { isRejectedOffer } from "@/domain/marketplace/state-machine";

/** What the merchant offered: price, delivery, availability, notes and the offer's status. */
export function OfferDetails({ offer, forShop = false }: { offer: Offer; forShop?: boolean }) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xl font-bold text-slate-900">{formatEuro(offer.price)}</p>
        <OfferStatusBadge offer={offer} forShop={forShop} />
      </div>
      {offer.description ? <p className="text-sm break-words text-slate-700">{offer.description}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Consegna</dt>
        <dd className="text-slate-900">
          {offer.deliveryOptions.map((option) => DELIVERY_OPTION_LABELS[option]).join(", ")}
        </dd>
        {offer.estimatedDeliveryTime ? (
          <>
            <dt className="text-slate-600">Disponibilità</dt>
            <dd className="break-words text-slate-900">{offer.estimatedDeliveryTime}</dd>
          </>
        ) : null}
        {offer.additionalNotes ? (
          <>
            <dt className="text-slate-600">Note</dt>
            <dd className="break-words text-slate-900">{offer.additionalNotes}</dd>
          </>
        ) : null}
        {isRejectedOffer(offer.status) && offer.rejectionReason ? (
          <>
            <dt className="text-slate-600">Motivo</dt>
            <dd className="break-words text-slate-900">{offer.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
