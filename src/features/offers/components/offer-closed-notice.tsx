import { Link } from "react-router";
import { OfferStatusBadge } from "@/components/marketplace/offer-status-badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { formatEuro } from "@/domain/billing/pricing";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { Offer } from "@/domain/marketplace/offer";

/**
 * Instead of the form: the merchant's offer is no longer pending (it cannot change), or the request
 * stopped taking offers before they made one.
 */
export function OfferClosedNotice({ offer }: { offer: Offer | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{offer ? "La tua offerta" : "Offerte chiuse"}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {offer ? (
          <>
            <p className="flex flex-wrap items-center gap-2 text-slate-800">
              <span className="text-2xl font-bold">{formatEuro(offer.price)}</span>
              <OfferStatusBadge offer={offer} forShop />
            </p>
            <p role="status" className="text-slate-700">
              {MERCHANT_MESSAGES.offerNotEditable}
            </p>
            <Link to={paths.conversation.getHref(offer.id)} className={buttonClasses()}>
              Apri la conversazione
            </Link>
          </>
        ) : (
          <>
            <p role="status" className="text-slate-700">
              {MERCHANT_MESSAGES.requestClosed}
            </p>
            <Link to={paths.browse.getHref()} className={buttonClasses({ variant: "secondary" })}>
              Torna alle richieste
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
