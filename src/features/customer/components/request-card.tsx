import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { Offer } from "@/domain/offer";
import { formatEuro } from "@/domain/pricing";
import type { Request } from "@/domain/request";
import {
  OFFER_STATUS_LABELS,
  OFFER_STATUS_TONES,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TONES,
} from "@/domain/state-machine";
import { formatBudget, formatRelativeDate } from "@/lib/format";

type RequestCardProps = {
  request: Request;
  offers: readonly Offer[];
  /** How many offers to list under the request (the dashboard shows 2); all when omitted. */
  maxOffers?: number;
  action?: ReactNode;
};

const offerCountLabel = (count: number) => (count === 1 ? "1 offerta" : `${count} offerte`);

/** One of the buyer's requests: status, budget, offer count and the latest offers. */
export function RequestCard({ request, offers, maxOffers, action }: RequestCardProps) {
  const shown = maxOffers === undefined ? offers : offers.slice(0, maxOffers);
  return (
    <Card className="p-4">
      <article aria-labelledby={`request-${request.id}`} className="space-y-2">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`request-${request.id}`} className="font-semibold text-slate-900">
            {request.productName}
          </h3>
          <Badge tone={REQUEST_STATUS_TONES[request.status]}>{REQUEST_STATUS_LABELS[request.status]}</Badge>
        </div>
        <p className="text-sm text-slate-700">
          {formatBudget(request.budget)} · {offerCountLabel(offers.length)} ·{" "}
          {formatRelativeDate(request.createdAt)}
        </p>
        {shown.length > 0 ? (
          <ul
            className="divide-y divide-slate-100 rounded-lg bg-slate-50 text-sm"
            aria-label={`Offerte per ${request.productName}`}
          >
            {shown.map((offer) => (
              <li key={offer.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0 truncate">
                  <span className="font-semibold">{formatEuro(offer.price)}</span> ·{" "}
                  {offer.merchantName?.trim() || "Negoziante"}
                </span>
                <Badge tone={OFFER_STATUS_TONES[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {action ? <div className="pt-1">{action}</div> : null}
      </article>
    </Card>
  );
}
