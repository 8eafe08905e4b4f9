import { Link } from "react-router";
import { CategoryScopeToggle } from "@/components/marketplace/category-scope-toggle";
import { OfferActionLink } from "@/components/marketplace/offer-action-link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { RequestCategory } from "@/domain/core/enums";
import { MERCHANT_DASHBOARD_NEARBY_REQUESTS } from "@/domain/core/limits";
import { type CategoryScope, withCategoryScope } from "@/domain/marketplace/feed-categories";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { Offer } from "@/domain/marketplace/offer";
import { shortAddress } from "@/domain/marketplace/request";
import { displayProductName } from "@/domain/products/product-name";
import { formatBudget, formatDistance } from "@/lib/format";
import { useMyOffersOn } from "@/lib/my-offers-on";
import type { useRecentOffers, useZoneRequests } from "../api/dashboard";

const NO_OFFERS: readonly Offer[] = [];

type Props = {
  uid: string;
  zone: ReturnType<typeof useZoneRequests>;
  /** The dashboard's latest offers: the shop's offers among them are not read again. */
  recent: ReturnType<typeof useRecentOffers>;
  /** The categories shown: the shop's own, every one, or one (the same as /browse's). */
  scope: CategoryScope;
  own: readonly RequestCategory[];
  onScope: (scope: CategoryScope) => void;
};

/**
 * The newest requests around the shop, each with the same call to action as /browse's cards ('Fai
 * un'offerta', or 'Hai offerto 150 €' where the shop already answered; spec §2; addresses cut to 30
 * characters). It opens on the shop's own categories, every category one tap away.
 */
export function NearbyRequests({ uid, zone, recent, scope, own, onScope }: Props) {
  const requests = zone.data?.requests.slice(0, MERCHANT_DASHBOARD_NEARBY_REQUESTS) ?? [];
  const mine = useMyOffersOn(
    uid,
    requests.map((request) => request.id),
    { pending: recent.isPending, offers: recent.data?.map((row) => row.offer) ?? NO_OFFERS },
  );
  const browse = withCategoryScope(new URLSearchParams(), scope).toString();
  return (
    <Card>
      <CardHeader className="space-y-3">
        <CardTitle as="h2">Richieste vicino a te</CardTitle>
        <CategoryScopeToggle scope={scope} own={own} onChange={onScope} />
      </CardHeader>
      <CardContent>
        {zone.isPending ? (
          <Spinner label="Caricamento delle richieste…" />
        ) : zone.isError ? (
          <p role="alert" className="font-medium text-red-800">
            {ERROR_MESSAGES.loadRequests}
          </p>
        ) : requests.length === 0 ? (
          <p className="text-slate-700">{MERCHANT_MESSAGES.noNearbyRequests}</p>
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
                <OfferActionLink request={request} myOffer={mine.data?.get(request.id)} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Link
          to={browse ? `${paths.browse.getHref()}?${browse}` : paths.browse.getHref()}
          className={buttonClasses({ variant: "secondary", size: "sm" })}
        >
          Vedi tutte le richieste
        </Link>
      </CardFooter>
    </Card>
  );
}
