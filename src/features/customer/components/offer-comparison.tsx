import { Link } from "react-router";
import { OfferDecision } from "@/components/marketplace/offer-decision";
import { OfferStatusBadge } from "@/components/marketplace/offer-status-badge";
import { ResponseTimeOnDemand } from "@/components/marketplace/response-time-on-demand";
import { ShopRating } from "@/components/marketplace/shop-rating";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ChatIcon, StoreIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import { formatEuro } from "@/domain/billing/pricing";
import { DELIVERY_OPTION_LABELS } from "@/domain/core/enums";
import { LEGAL_LINK_LABELS } from "@/domain/legal/legal";
import { COMPARISON_MESSAGES, type ComparedOffer } from "@/domain/marketplace/offer-comparison";
import { HOLD_MESSAGES, holdChoiceText } from "@/domain/marketplace/pickup-hold";
import { isPendingOffer } from "@/domain/marketplace/state-machine";
import { formatDistance } from "@/lib/format";
import { lazyDealCalls } from "../api/customer-data";

type OfferColumnProps = {
  item: ComparedOffer;
  /** The request still takes decisions (active): pending offers get Accetta / Rifiuta. */
  decidable: boolean;
  /** The lowest price among the offers still to decide. */
  cheapest: boolean;
};

/**
 * One offer as a column of the comparison: the same facts in the same order on every column (price,
 * delivery, availability, the hold a pending offer promises, rating, distance), so the eye runs across
 * them on a desktop; on a phone the columns stack into a list.
 */
function OfferColumn({ item, decidable, cheapest }: OfferColumnProps) {
  const { offer, rating, distanceKm } = item;
  const shop = offer.merchantName?.trim() || "Negozio";
  const headingId = `offer-${offer.id}`;
  return (
    <Card className="flex h-full flex-col p-4">
      <article aria-labelledby={headingId} className="flex h-full flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="min-w-0 break-words font-semibold text-slate-900">
            {shop}
          </h3>
          <OfferStatusBadge offer={offer} />
        </div>
        <ResponseTimeOnDemand shopId={offer.merchantId} />
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-2xl font-bold text-slate-900">{formatEuro(offer.price)}</p>
          {cheapest ? <Badge tone="success">Prezzo più basso</Badge> : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-slate-600">Consegna</dt>
          <dd className="text-slate-900">
            {offer.deliveryOptions.map((option) => DELIVERY_OPTION_LABELS[option]).join(", ")}
          </dd>
          <dt className="text-slate-600">Disponibilità</dt>
          <dd className="break-words text-slate-900">
            {offer.estimatedDeliveryTime || COMPARISON_MESSAGES.noAvailability}
          </dd>
          {isPendingOffer(offer.status) ? (
            <>
              <dt className="text-slate-600">{HOLD_MESSAGES.offeredLabel}</dt>
              <dd className="text-slate-900">{holdChoiceText(offer.holdChoice)}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Valutazione</dt>
          <dd className="space-y-1">
            <div>{rating ? <ShopRating average={rating.average} count={rating.count} /> : "—"}</div>
            <Link
              to={paths.reviewsPolicy.getHref()}
              className="focus-ring rounded text-xs text-brand-800 underline"
            >
              {LEGAL_LINK_LABELS.reviews}
            </Link>
          </dd>
          <dt className="text-slate-600">Distanza</dt>
          <dd className="text-slate-900">
            {distanceKm === null
              ? COMPARISON_MESSAGES.unknownDistance
              : `circa ${formatDistance(distanceKm)}`}
          </dd>
        </dl>
        {offer.description ? <p className="break-words text-sm text-slate-700">{offer.description}</p> : null}
        <div className="mt-auto space-y-3 pt-1">
          {decidable && isPendingOffer(offer.status) ? (
            <OfferDecision
              calls={lazyDealCalls}
              offer={offer}
              merchantName={offer.merchantName}
              context={`di ${shop}`}
              size="sm"
            />
          ) : null}
          <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <Link
              to={paths.conversation.getHref(offer.id)}
              className="focus-ring inline-flex items-center gap-1 rounded font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              <ChatIcon className="size-4" aria-hidden="true" />
              Chat<span className="sr-only"> con {shop}</span>
            </Link>
            <Link
              to={paths.shop.getHref(offer.merchantId)}
              className="focus-ring inline-flex items-center gap-1 rounded font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              <StoreIcon className="size-4" aria-hidden="true" />
              Pagina del negozio<span className="sr-only"> {shop}</span>
            </Link>
          </div>
        </div>
      </article>
    </Card>
  );
}

/** The offers side by side (columns from the md breakpoint, a stacked list on a phone). */
export function OfferComparison({
  offers,
  decidable,
}: {
  offers: readonly ComparedOffer[];
  decidable: boolean;
}) {
  const pendingPrices = offers
    .filter((item) => isPendingOffer(item.offer.status))
    .map((item) => item.offer.price);
  const lowest = pendingPrices.length > 1 ? Math.min(...pendingPrices) : null;
  return (
    <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-label="Offerte a confronto">
      {offers.map((item) => (
        <li key={item.offer.id}>
          <OfferColumn
            item={item}
            decidable={decidable}
            cheapest={lowest !== null && isPendingOffer(item.offer.status) && item.offer.price === lowest}
          />
        </li>
      ))}
    </ul>
  );
}
