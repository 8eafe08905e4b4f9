import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import type { Offer } from "@/domain/marketplace/offer";
import { OFFER_ACTION_LABELS, offerAgainLabel, offeredLabel } from "@/domain/marketplace/offer-display";
import type { Request } from "@/domain/marketplace/request";
import { mayOfferAgain } from "@/domain/marketplace/state-machine";
import { displayProductName } from "@/domain/products/product-name";

type Props = {
  request: Pick<Request, "id" | "productName" | "status">;
  /** The shop's own offer on it, if any (useMyOffersOn). */
  myOffer?: Pick<Offer, "price" | "status"> | undefined;
};

/**
 * The way from a request to the shop's offer on it, the same on /browse's cards and the dashboard's
 * nearby list: 'Fai un'offerta'; 'Hai offerto 150 €' (to its offer, editable while pending); 'Offri di
 * nuovo' when its offer expired with the request and the buyer renewed it.
 */
export function OfferActionLink({ request, myOffer }: Props) {
  const href = paths.makeOffer.getHref(request.id);
  const forRequest = OFFER_ACTION_LABELS.forRequest(displayProductName(request.productName));
  if (myOffer && mayOfferAgain(myOffer.status, request.status)) {
    return (
      <Link to={href} className={buttonClasses({ size: "sm" })}>
        {offerAgainLabel(myOffer.price)}
        <span className="sr-only">{forRequest}</span>
      </Link>
    );
  }
  if (myOffer) {
    return (
      <Link to={href} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        {offeredLabel(myOffer.price)}
        <span className="sr-only">
          {forRequest}
          {OFFER_ACTION_LABELS.seeYours}
        </span>
      </Link>
    );
  }
  return (
    <Link to={href} className={buttonClasses({ size: "sm" })}>
      {OFFER_ACTION_LABELS.make}
      <span className="sr-only">{forRequest}</span>
    </Link>
  );
}
