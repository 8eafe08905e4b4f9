import { Fragment, memo } from "react";
import type { Offer } from "@/domain/marketplace/offer";
import type { Request } from "@/domain/marketplace/request";
import { offersByRequest } from "../lib/customer-stats";
import { RequestCard } from "./request-card";
import { RequestLifeActions } from "./request-life-actions";

/**
 * The buyer's request cards with their offers and life actions (/customer's latest, /requests' all).
 * Memoized: its pages give it deferred copies of their data (useDeferredValue), so a query's update
 * re-renders the page at once but the cards only in React's sliced background render, never in one long
 * task (Lighthouse's Total Blocking Time, docs/lighthouse.md).
 */
export const RequestCards = memo(function RequestCards({
  requests,
  offers,
  maxOffers,
  asList,
}: {
  requests: readonly Request[];
  offers: readonly Offer[];
  /** How many offers under each card; all when omitted. */
  maxOffers?: number;
  /** A `<ul>` of cards (/requests) rather than cards one after another (/customer). */
  asList?: boolean;
}) {
  const grouped = offersByRequest(offers);
  const card = (request: Request) => (
    <RequestCard
      request={request}
      offers={grouped.get(request.id) ?? []}
      maxOffers={maxOffers}
      action={<RequestLifeActions request={request} />}
    />
  );
  if (!asList) return requests.map((request) => <Fragment key={request.id}>{card(request)}</Fragment>);
  return (
    <ul className="space-y-3">
      {requests.map((request) => (
        <li key={request.id}>{card(request)}</li>
      ))}
    </ul>
  );
});
