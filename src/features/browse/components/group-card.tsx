import { lazy, Suspense, useId, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import type { NearbyRequest } from "@/data/requests";
import { CATEGORY_LABELS } from "@/domain/core/enums";
import { GROUP_OFFER_MESSAGES } from "@/domain/marketplace/group-offer";
import { OFFER_ACTION_LABELS } from "@/domain/marketplace/offer-display";
import { displayProductName } from "@/domain/products/product-name";
import { formatBudget, formatDistance } from "@/lib/format";

// 'Un'offerta per tutti' (the form and its checks) loads on the first tap on it.
const GroupOfferForm = lazy(() =>
  import("./group-offer-form").then((module) => ({ default: module.GroupOfferForm })),
);

/**
 * 'N persone cercano …': similar requests the shop has not answered yet, as one card (feedEntries).
 * Each request keeps its own line and link; 'Un'offerta per tutti' opens one form for the group, and
 * the server sends each buyer an offer of their own.
 */
export function GroupCard({ requests }: { requests: readonly NearbyRequest[] }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const first = requests[0];
  if (!first) return null;
  const productName = displayProductName(first.productName);
  const productOf = (requestId: string) =>
    displayProductName(requests.find((request) => request.id === requestId)?.productName ?? productName);
  return (
    <li className="md:col-span-2">
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-4 rounded-(--radius-card) border border-brand-200 bg-white p-5 shadow-sm"
      >
        <header className="space-y-2">
          <Badge tone="brand">{CATEGORY_LABELS[first.category]}</Badge>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 break-words">
            {GROUP_OFFER_MESSAGES.title(requests.length, productName)}
          </h2>
        </header>
        <ul aria-label={GROUP_OFFER_MESSAGES.requestsLabel} className="space-y-2 text-sm">
          {requests.map((request) => (
            <li key={request.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-slate-700">
                <span className="font-medium text-slate-900">{displayProductName(request.productName)}</span>
                {" · "}
                {GROUP_OFFER_MESSAGES.requestLine(
                  request.location.address,
                  formatDistance(request.distanceKm),
                  formatBudget(request.budget),
                )}
              </span>
              <Link to={paths.makeOffer.getHref(request.id)} className="font-medium text-brand-700 underline">
                {GROUP_OFFER_MESSAGES.answerOne}
                <span className="sr-only">
                  {OFFER_ACTION_LABELS.forRequest(displayProductName(request.productName))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {open ? (
          <Suspense fallback={null}>
            <GroupOfferForm
              requestIds={requests.map((request) => request.id)}
              productOf={productOf}
              onCancel={() => setOpen(false)}
            />
          </Suspense>
        ) : (
          <div>
            <Button onClick={() => setOpen(true)}>{GROUP_OFFER_MESSAGES.action}</Button>
          </div>
        )}
      </article>
    </li>
  );
}
