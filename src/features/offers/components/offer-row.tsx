import { Link } from "react-router";
import { OfferStatusBadge } from "@/components/marketplace/offer-status-badge";
import { WithdrawOfferButton } from "@/components/marketplace/withdraw-offer-button";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import type { MerchantOfferRow } from "@/data/offers";
import { formatEuro } from "@/domain/billing/pricing";
import { offerTitle } from "@/domain/marketplace/offer";
import { isActiveRequest, isPendingOffer } from "@/domain/marketplace/state-machine";
import { formatRelativeDate } from "@/lib/format";

// The callables' SDK loads at the first withdrawal, not with the page.
const withdraw = async (input: { offerId: string }) =>
  (await import("@/data/request-life")).withdrawOffer(input);

/** One of the merchant's offers: the request it answers, price, status, and what can be done with it. */
export function OfferRow({ row }: { row: MerchantOfferRow }) {
  const { offer, request } = row;
  const title = offerTitle(offer, request);
  const editable = isPendingOffer(offer.status) && request !== null && isActiveRequest(request.status);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold break-words text-slate-900">{title}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="font-medium text-slate-900">{formatEuro(offer.price)}</span>
          <OfferStatusBadge offer={offer} forShop />
          <span>
            inviata{" "}
            <time dateTime={offer.createdAt.toISOString()}>{formatRelativeDate(offer.createdAt)}</time>
          </span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {editable ? (
          <Link
            to={paths.makeOffer.getHref(offer.requestId)}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Modifica<span className="sr-only"> l'offerta per {title}</span>
          </Link>
        ) : null}
        {isPendingOffer(offer.status) ? (
          <WithdrawOfferButton offerId={offer.id} withdraw={withdraw} context={`per ${title}`} />
        ) : null}
        <Link to={paths.conversation.getHref(offer.id)} className={buttonClasses({ size: "sm" })}>
          Conversazione<span className="sr-only"> su {title}</span>
        </Link>
      </div>
    </li>
  );
}
