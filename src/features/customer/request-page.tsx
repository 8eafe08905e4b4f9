import { lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { ForgetPickupCode } from "@/components/marketplace/forget-pickup-code";
import { RequestPhotos } from "@/components/marketplace/request-photo";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { paths } from "@/config/paths";
import { CATEGORY_LABELS, DELIVERY_PREFERENCE_LABELS, URGENCY_LABELS } from "@/domain/core/enums";
import { PRODUCT_NAME } from "@/domain/core/product";
import { LEGAL_LINK_LABELS } from "@/domain/legal/legal";
import {
  COMPARISON_MESSAGES,
  isOfferSort,
  OFFER_SORT_LABELS,
  OFFER_SORTS,
  type OfferSort,
  shopDistanceKm,
  sortComparedOffers,
} from "@/domain/marketplace/offer-comparison";
import { PICKUP_MESSAGES, pickupLabel } from "@/domain/marketplace/pickup";
import {
  canCompleteRequest,
  canReceiveOffers,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TONES,
} from "@/domain/marketplace/state-machine";
import { displayProductName } from "@/domain/products/product-name";
import { formatBudget, formatRelativeDate } from "@/lib/format";
import { useSession } from "@/lib/session/session-provider";
import { useBuyerRequest, useRequestOffers, useShopProfiles } from "./api/request-page";
import { OfferComparison } from "./components/offer-comparison";
import { ErrorState, LoadingState } from "./components/query-state";
import { RequestLifeActions } from "./components/request-life-actions";

// The pickup code (its panel and its read) loads when a deal is in progress, as on the buyer's cards
// (components/deal-on-card.tsx): most visits to a request come before any offer is accepted.
const PickupCodePanel = lazy(() =>
  import("@/components/marketplace/pickup-code-panel").then((module) => ({
    default: module.PickupCodePanel,
  })),
);
const fetchPickupCode = async (offerId: string) =>
  (await import("@/data/pickup-codes")).fetchPickupCode(offerId);

const offerCount = (count: number) => (count === 1 ? "1 offerta" : `${count} offerte`);

/**
 * /requests/:requestId (the buyer only; the rules let only the owner read the request and its offers):
 * the request's details and all its offers side by side, live, with Accetta / Rifiuta on each pending
 * one, a link to its chat and to the shop's page, sorted by price, rating or distance.
 */
export function RequestPage() {
  const { requestId = "" } = useParams();
  const { user } = useSession();
  const uid = user?.uid ?? "";
  const request = useBuyerRequest(requestId, uid);
  const mine = Boolean(request.data && request.data.customerId === uid);
  const offers = useRequestOffers(requestId, uid, mine);
  const merchantIds = [...new Set((offers.data ?? []).map((offer) => offer.merchantId))];
  const profiles = useShopProfiles(merchantIds);
  const [sort, setSort] = useState<OfferSort>("price");

  const back = (
    <Link
      to={paths.requests.getHref()}
      className="focus-ring inline-block rounded text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
    >
      ← Le tue richieste
    </Link>
  );

  if (request.isError) {
    return (
      <section className="mx-auto max-w-5xl space-y-4 px-4 py-6">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">La tua richiesta</h1>
        <ErrorState message={COMPARISON_MESSAGES.loadError} onRetry={() => void request.refetch()} />
      </section>
    );
  }
  if (request.isPending) return <LoadingState />;
  if (!request.data || !mine) {
    return (
      <section aria-labelledby="request-title" className="mx-auto max-w-5xl space-y-4 px-4 py-6">
        <title>{`${COMPARISON_MESSAGES.notFound} · ${PRODUCT_NAME}`}</title>
        {back}
        <h1 id="request-title" className="text-2xl font-bold text-slate-900">
          {COMPARISON_MESSAGES.notFound}
        </h1>
        <p className="text-slate-700">{COMPARISON_MESSAGES.notFoundHint}</p>
      </section>
    );
  }

  const current = request.data;
  const productName = displayProductName(current.productName);
  const accepted = offers.data?.find((offer) => offer.id === current.acceptedOfferId);
  const compared = sortComparedOffers(
    (offers.data ?? []).map((offer) => {
      const profile = profiles.get(offer.merchantId);
      return {
        offer,
        rating: profile ? { average: profile.averageRating, count: profile.totalRatings } : null,
        distanceKm: shopDistanceKm(current.location, profile?.location),
      };
    }),
    sort,
  );

  return (
    <section aria-labelledby="request-title" className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <title>{`${productName} · ${PRODUCT_NAME}`}</title>
      {back}
      <Card className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h1 id="request-title" className="min-w-0 break-words text-2xl font-bold text-slate-900">
            {productName}
          </h1>
          <Badge tone={REQUEST_STATUS_TONES[current.status]}>{REQUEST_STATUS_LABELS[current.status]}</Badge>
        </div>
        {current.description ? <p className="break-words text-slate-700">{current.description}</p> : null}
        <RequestPhotos
          requestId={current.id}
          productName={productName}
          photoCount={current.photoCount}
          size="md"
        />
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {[
            ["Budget", formatBudget(current.budget)],
            ["Categoria", CATEGORY_LABELS[current.category]],
            ["Urgenza", URGENCY_LABELS[current.urgency]],
            ["Consegna", DELIVERY_PREFERENCE_LABELS[current.deliveryPreference]],
            ["Zona", `${current.location.address ?? "—"} · entro ${current.actionRadius} km`],
            ["Pubblicata", formatRelativeDate(current.createdAt)],
          ].map(([label, value]) => (
            <div key={label} className="flex flex-wrap gap-x-2">
              <dt className="text-slate-600">{label}</dt>
              <dd className="break-words font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <RequestLifeActions request={current} />
        {current.acceptedOfferId && (accepted?.verifiedPurchaseAt || !canCompleteRequest(current.status)) ? (
          <ForgetPickupCode uid={uid} offerId={current.acceptedOfferId} />
        ) : null}
        {accepted?.verifiedPurchaseAt ? (
          <Badge tone="success">✓ {PICKUP_MESSAGES.verified}</Badge>
        ) : canCompleteRequest(current.status) && current.acceptedOfferId ? (
          <Suspense fallback={null}>
            <PickupCodePanel
              uid={uid}
              offerId={current.acceptedOfferId}
              fetchCode={fetchPickupCode}
              label={pickupLabel(productName, accepted?.merchantName)}
              holdUntil={accepted?.holdUntil}
              keepUntil={accepted?.dealClosesAt}
            />
          </Suspense>
        ) : null}
      </Card>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">
          Offerte ricevute{offers.data ? ` (${offerCount(offers.data.length)})` : ""}
        </h2>
        {compared.length > 1 ? (
          <Field label={COMPARISON_MESSAGES.sortLabel} className="w-full sm:w-60">
            <Select
              value={sort}
              onChange={(event) => {
                if (isOfferSort(event.target.value)) setSort(event.target.value);
              }}
            >
              {OFFER_SORTS.map((option) => (
                <option key={option} value={option}>
                  {OFFER_SORT_LABELS[option]}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
      {compared.length > 0 ? (
        <Link
          to={paths.rankingPolicy.getHref()}
          className="focus-ring rounded text-sm text-brand-800 underline"
        >
          {LEGAL_LINK_LABELS.ranking}
        </Link>
      ) : null}
      {offers.isError ? (
        <ErrorState message={COMPARISON_MESSAGES.loadError} onRetry={() => void offers.refetch()} />
      ) : !offers.data ? (
        <LoadingState />
      ) : compared.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-4 text-slate-700">
          <p className="font-medium text-slate-900">{COMPARISON_MESSAGES.noOffers}</p>
          <p className="text-sm">{COMPARISON_MESSAGES.noOffersHint}</p>
        </div>
      ) : (
        <OfferComparison offers={compared} decidable={canReceiveOffers(current.status)} />
      )}
    </section>
  );
}
