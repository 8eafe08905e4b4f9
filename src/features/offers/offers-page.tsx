import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import { PRODUCT_NAME } from "@/domain/core/product";
import { MERCHANT_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { useSession } from "@/lib/session/session-provider";
import { useMerchantOffers } from "./api/merchant-offers";
import { OfferRow } from "./components/offer-row";

/** `/offers`: every offer the merchant has sent, with its status and the request's title. */
export function OffersPage() {
  const uid = useSession().userData?.uid ?? "";
  const offers = useMerchantOffers(uid);
  const rows = offers.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Le tue offerte · ${PRODUCT_NAME}`}</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Le tue offerte</h1>
        <Link to={paths.browse.getHref()} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Cerca nuove richieste
        </Link>
      </header>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          {offers.isPending ? (
            <div className="flex justify-center py-10 text-brand-700">
              <Spinner size="lg" label="Caricamento delle offerte…" />
            </div>
          ) : offers.isError && rows.length === 0 ? (
            <div role="alert" className="py-6 text-center">
              <p className="font-medium text-red-800">{ERROR_MESSAGES.loadOffers}</p>
              <Button variant="secondary" className="mt-4" onClick={() => void offers.refetch()}>
                Riprova
              </Button>
            </div>
          ) : rows.length === 0 ? (
            <p className="py-6 text-center text-slate-700">{MERCHANT_MESSAGES.noOffers}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {rows.map((row) => (
                <OfferRow key={row.offer.id} row={row} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {offers.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            loading={offers.isFetchingNextPage}
            onClick={() => void offers.fetchNextPage()}
          >
            Carica altre
          </Button>
        </div>
      ) : null}
    </div>
  );
}
