import { Link } from "react-router";
import { OfferStatusBadge } from "@/components/marketplace/offer-status-badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatEuro } from "@/domain/billing/pricing";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { offerTitle } from "@/domain/marketplace/offer";
import { formatRelativeDate } from "@/lib/format";
import type { useRecentOffers } from "../api/dashboard";

/** The merchant's 4 most recent offers with their status (spec §2). */
export function RecentOffers({ offers }: { offers: ReturnType<typeof useRecentOffers> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Le tue ultime offerte</CardTitle>
      </CardHeader>
      <CardContent>
        {offers.isPending ? (
          <Spinner label="Caricamento delle offerte…" />
        ) : offers.isError ? (
          <p role="alert" className="font-medium text-red-800">
            {ERROR_MESSAGES.loadOffers}
          </p>
        ) : offers.data.length === 0 ? (
          <p className="text-slate-700">{MERCHANT_MESSAGES.noOffers}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {offers.data.map(({ offer, request }) => (
              <li key={offer.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <Link
                    to={paths.conversation.getHref(offer.id)}
                    className="focus-ring block truncate rounded font-medium text-slate-900 hover:text-brand-800"
                  >
                    {offerTitle(offer, request)}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {formatEuro(offer.price)} ·{" "}
                    <time dateTime={offer.createdAt.toISOString()}>
                      {formatRelativeDate(offer.createdAt)}
                    </time>
                  </p>
                </div>
                <OfferStatusBadge offer={offer} forShop />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Link to={paths.offers.getHref()} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Tutte le offerte
        </Link>
      </CardFooter>
    </Card>
  );
}
