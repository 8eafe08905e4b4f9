import { useId } from "react";
import { Link } from "react-router";
import { OfferActionLink } from "@/components/marketplace/offer-action-link";
import { RequestPhotos } from "@/components/marketplace/request-photo";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { MapPinIcon, MicIcon, SparklesIcon } from "@/components/ui/icons";
import { paths } from "@/config/paths";
import type { NearbyRequest } from "@/data/requests";
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  DELIVERY_PREFERENCE_LABELS,
  URGENCY_LABELS,
} from "@/domain/core/enums";
import type { Offer } from "@/domain/marketplace/offer";
import { DICTATION_MESSAGES } from "@/domain/marketplace/offer-dictation-messages";
import { OFFER_ACTION_LABELS } from "@/domain/marketplace/offer-display";
import { displayProductName } from "@/domain/products/product-name";
import { cn } from "@/lib/cn";
import { formatBudget, formatDistance, formatRelativeDate } from "@/lib/format";
import type { CatalogueHit } from "../lib/catalogue-lookup";
import { ReportRequest } from "./report-request";

/** One request of the feed (spec §2 Browse page): budget, delivery, zone and radius, condition, AI badge. */
export function RequestCard({
  request,
  myOffer,
  hit,
}: {
  request: NearbyRequest;
  myOffer?: Offer | undefined;
  /** The shop's catalogue has it ('Ce l'hai a 89,00 €'): the link fills the offer form from it. */
  hit?: CatalogueHit | undefined;
}) {
  const titleId = useId();
  const condition = request.productDetails.condition;
  const productName = displayProductName(request.productName);
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col gap-4 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-sm"
      >
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{CATEGORY_LABELS[request.category]}</Badge>
            <Badge tone={request.urgency === "subito" || request.urgency === "ore" ? "warning" : "neutral"}>
              {URGENCY_LABELS[request.urgency]}
            </Badge>
            {request.aiGenerated ? (
              <Badge tone="accent">
                <SparklesIcon className="size-3.5" />
                AI generata
              </Badge>
            ) : null}
          </div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 break-words">
            {productName}
          </h2>
          {request.description ? (
            <p className="line-clamp-3 text-sm text-slate-700">{request.description}</p>
          ) : null}
          <RequestPhotos
            requestId={request.id}
            productName={productName}
            photoCount={request.photoCount}
            thumbnail={request.thumbnail}
          />
        </header>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2">
          <Detail term="Budget" value={formatBudget(request.budget)} />
          <Detail term="Consegna" value={DELIVERY_PREFERENCE_LABELS[request.deliveryPreference]} />
          <Detail term="Zona" value={`${request.location.address} · raggio ${request.actionRadius} km`} />
          <Detail term="Distanza" value={`${formatDistance(request.distanceKm)} da te`} />
          <Detail term="Condizione" value={condition ? CONDITION_LABELS[condition] : "Non indicata"} />
        </dl>
        <footer className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPinIcon className="size-4" />
            <time dateTime={request.createdAt.toISOString()}>{formatRelativeDate(request.createdAt)}</time>
          </p>
          <ReportRequest requestId={request.id} productName={productName} />
          {myOffer ? null : (
            // On a phone, the quick way to answer: /make-offer with 'Detta l'offerta' started.
            <Link
              to={paths.makeOffer.voiceHref(request.id)}
              className={cn(buttonClasses({ variant: "secondary", size: "sm" }), "md:hidden")}
            >
              <MicIcon className="size-4" aria-hidden="true" />
              {DICTATION_MESSAGES.answerByVoice}
              <span className="sr-only">{OFFER_ACTION_LABELS.forRequest(productName)}</span>
            </Link>
          )}
          {hit && !myOffer ? (
            <Link
              to={paths.makeOffer.getHref(request.id)}
              state={hit.draft}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              {hit.label}
              <span className="sr-only">{OFFER_ACTION_LABELS.forRequest(productName)}</span>
            </Link>
          ) : null}
          <OfferActionLink request={request} myOffer={myOffer} />
        </footer>
      </article>
    </li>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}
