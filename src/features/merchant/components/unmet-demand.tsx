import { OfferActionLink } from "@/components/marketplace/offer-action-link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { unmetRequests } from "@/domain/market/unmet-demand";
import { PRICE_GUIDANCE_MESSAGES } from "@/domain/marketplace/price-guidance-messages";
import { shortAddress } from "@/domain/marketplace/request";
import { displayProductName } from "@/domain/products/product-name";
import { formatBudget, formatDistance } from "@/lib/format";
import type { useZoneRequests } from "../api/dashboard";

/**
 * 'Richieste senza offerte vicino a te': the zone's requests of the last 7 days that no shop
 * answered yet, newest first, each with 'Fai un'offerta'. Read from the zone's page the dashboard
 * already has (one bounded query), so the tile costs no read of its own; hidden while it loads.
 */
export function UnmetDemand({
  zone,
  now = new Date(),
}: {
  zone: ReturnType<typeof useZoneRequests>;
  now?: Date;
}) {
  if (!zone.data) return null;
  const requests = unmetRequests(zone.data.requests, now);
  return (
    <Card aria-labelledby="unmet-demand-title" role="region">
      <CardHeader>
        <CardTitle as="h2" id="unmet-demand-title">
          {PRICE_GUIDANCE_MESSAGES.unmetDemandTitle}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-slate-700">{PRICE_GUIDANCE_MESSAGES.unmetDemandEmpty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.map((request) => (
              <li key={request.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">
                    {displayProductName(request.productName)}
                  </p>
                  <p className="text-sm text-slate-600">
                    {shortAddress(request.location.address)} · {formatDistance(request.distanceKm)} ·{" "}
                    {formatBudget(request.budget)}
                  </p>
                </div>
                <OfferActionLink request={request} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
