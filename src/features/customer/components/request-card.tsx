import type { ReactNode } from "react";
import { Link } from "react-router";
import { OfferDecision } from "@/components/marketplace/offer-decision";
import { OfferStatusBadge } from "@/components/marketplace/offer-status-badge";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { formatEuro } from "@/domain/billing/pricing";
import { BUYER_LISTS_COPY, offerCountLabel } from "@/domain/marketplace/buyer-lists-messages";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import {
  canReceiveOffers,
  isAwaitingEmail,
  isPendingOffer,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TONES,
} from "@/domain/marketplace/state-machine";
import { displayProductName } from "@/domain/products/product-name";
import { formatBudget, formatRelativeDate } from "@/lib/format";
import { lazyDealCalls } from "../api/customer-data";
import { offerCountOf } from "../lib/customer-stats";
import { DealOnCard } from "./deal-on-card";
import { EmailProofNote } from "./email-proof-note";

type RequestCardProps = {
  request: Request;
  offers: readonly Offer[];
  /** How many offers to list under the request (the dashboard shows 2); all when omitted. */
  maxOffers?: number;
  action?: ReactNode;
};

/**
 * One offer under a request: it opens the conversation with the shop, and a pending offer on an open
 * request can be accepted or rejected right here (the same confirmation as in the chat).
 */
function OfferLine({ offer, decidable }: { offer: Offer; decidable: boolean }) {
  const shop = offer.merchantName?.trim() || "Negoziante";
  return (
    <li className="space-y-2 px-3 py-2">
      <div className="flex items-center justify-between gap-2">
        <Link
          to={paths.conversation.getHref(offer.id)}
          // The name starts with the visible text (WCAG 2.5.3: a voice user says what they see).
          aria-label={`${formatEuro(offer.price)} · ${shop}: apri la conversazione`}
          className="focus-ring min-w-0 truncate rounded underline-offset-2 hover:underline"
        >
          <span className="font-semibold">{formatEuro(offer.price)}</span> · {shop}
        </Link>
        <OfferStatusBadge offer={offer} />
      </div>
      <Link
        to={paths.shop.getHref(offer.merchantId)}
        className="focus-ring inline-block rounded text-xs font-medium text-brand-800 underline underline-offset-2"
      >
        Pagina del negozio<span className="sr-only"> {shop}</span>
      </Link>
      {decidable && isPendingOffer(offer.status) ? (
        <OfferDecision
          calls={lazyDealCalls}
          offer={offer}
          merchantName={offer.merchantName}
          context={`di ${shop}`}
          size="sm"
        />
      ) : null}
    </li>
  );
}

/** One of the buyer's requests: status, budget, offer count and the latest offers. */
export function RequestCard({ request, offers, maxOffers, action }: RequestCardProps) {
  const shown = maxOffers === undefined ? offers : offers.slice(0, maxOffers);
  const count = offerCountOf(request, offers);
  const productName = displayProductName(request.productName);
  return (
    <Card className="p-4">
      <article aria-labelledby={`request-${request.id}`} className="space-y-2">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`request-${request.id}`} className="min-w-0 break-words font-semibold text-slate-900">
            <Link
              to={paths.request.getHref(request.id)}
              className="focus-ring rounded underline-offset-2 hover:underline"
            >
              {productName}
            </Link>
          </h3>
          <Badge tone={REQUEST_STATUS_TONES[request.status]}>{REQUEST_STATUS_LABELS[request.status]}</Badge>
        </div>
        <p className="text-sm text-slate-700">
          {formatBudget(request.budget)} · {offerCountLabel(count)} · {formatRelativeDate(request.createdAt)}
        </p>
        {isAwaitingEmail(request.status) ? <EmailProofNote productName={productName} /> : null}
        <DealOnCard request={request} offers={offers} />
        {shown.length > 0 ? (
          <ul
            className="divide-y divide-slate-100 rounded-lg bg-slate-50 text-sm"
            aria-label={`Offerte per ${productName}`}
          >
            {shown.map((offer) => (
              <OfferLine key={offer.id} offer={offer} decidable={canReceiveOffers(request.status)} />
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center gap-3 pt-1">
          {count > 1 || count > offers.length ? (
            // The request's page reads all of its offers: also those older than the newest listed here.
            <Link
              to={paths.request.getHref(request.id)}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              {count > 1 ? BUYER_LISTS_COPY.compareOffers : BUYER_LISTS_COPY.seeOffer}
              <span className="sr-only"> per {productName}</span>
            </Link>
          ) : null}
          {action}
        </div>
      </article>
    </Card>
  );
}
