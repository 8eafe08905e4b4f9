import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { ResponseTime } from "@/components/marketplace/response-time";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { PRODUCT_NAME } from "@/domain/core/product";
import { SHOP_PAGE_MESSAGES } from "@/domain/people/shop-page";
import { publicName } from "@/domain/people/user";
import { useSession } from "@/lib/session/session-provider";
import { useShopProfile, useShopReviews } from "./api/shop-page";
import { ReviewList } from "./components/review-list";
import { ShopDetails } from "./components/shop-details";

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="shop-title" className="mx-auto max-w-2xl space-y-5 px-4 py-6 sm:py-10">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      {children}
    </section>
  );
}

/**
 * /negozi/:shopId (any signed-in user): a shop's public page, from profiles/{uid} (its `shop` part,
 * written by functions) and its latest reviews (profiles/{uid}/reviews). A profile that is not a shop's,
 * or a deleted one, reads as 'Negozio non trovato'.
 */
export function ShopPage() {
  const { shopId = "" } = useParams();
  const { user } = useSession();
  const profile = useShopProfile(shopId);
  const found = profile.data && profile.data.userType === "merchant" && !profile.data.deleted;
  const reviews = useShopReviews(shopId, Boolean(found));

  if (profile.isError) {
    return (
      <Frame title="Negozio">
        <h1 id="shop-title" className="text-2xl font-bold text-slate-900">
          Negozio
        </h1>
        <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{SHOP_PAGE_MESSAGES.loadError}</p>
          <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
            Riprova
          </Button>
        </div>
      </Frame>
    );
  }
  if (profile.isPending) {
    return (
      <Frame title="Negozio">
        <h1 id="shop-title" className="sr-only">
          Negozio
        </h1>
        <div className="flex justify-center py-10">
          <Spinner label="Caricamento del negozio…" />
        </div>
      </Frame>
    );
  }
  if (!found || !profile.data) {
    return (
      <Frame title={SHOP_PAGE_MESSAGES.notFound}>
        <h1 id="shop-title" className="text-2xl font-bold text-slate-900">
          {SHOP_PAGE_MESSAGES.notFound}
        </h1>
        <p className="text-slate-700">{SHOP_PAGE_MESSAGES.notFoundHint}</p>
        <Link to={paths.dashboard.getHref()} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Torna alla tua area
        </Link>
      </Frame>
    );
  }

  const name = publicName(profile.data);
  const own = user?.uid === shopId;
  return (
    <Frame title={name}>
      <div className="space-y-1">
        <p className="text-sm font-medium text-brand-800">Negozio su {PRODUCT_NAME}</p>
        <h1 id="shop-title" className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">
          {name}
        </h1>
        <ResponseTime shopId={shopId} />
        {profile.data.suspended ? (
          <p className="text-sm text-slate-700">Questo negozio al momento non è attivo su {PRODUCT_NAME}.</p>
        ) : null}
      </div>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2">Informazioni</CardTitle>
          {own ? (
            <Link
              to={paths.profile.getHref()}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              Modifica i dati
            </Link>
          ) : null}
        </CardHeader>
        <CardContent>
          <ShopDetails profile={profile.data} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Ultime recensioni</CardTitle>
        </CardHeader>
        <CardContent>
          {reviews.isError ? (
            <div role="alert" className="space-y-3 text-red-800">
              <p>{SHOP_PAGE_MESSAGES.loadError}</p>
              <Button variant="secondary" size="sm" onClick={() => void reviews.refetch()}>
                Riprova
              </Button>
            </div>
          ) : reviews.data ? (
            <ReviewList reviews={reviews.data} shopId={shopId} own={own} />
          ) : (
            <Spinner label="Caricamento delle recensioni…" />
          )}
        </CardContent>
      </Card>
    </Frame>
  );
}
