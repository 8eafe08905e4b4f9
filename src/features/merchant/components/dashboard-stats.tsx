import { formatCappedCount } from "@/domain/core/capped-count";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import type { RequestCategory } from "@/domain/core/enums";
import { MERCHANT_ZONE_COUNT_CAP, MERCHANT_ZONE_RADIUS_KM } from "@/domain/core/limits";
import { type CategoryScope, scopeHint } from "@/domain/marketplace/feed-categories";
import type { useOfferStats, useZoneRequests } from "../api/dashboard";

type Props = {
  zone: ReturnType<typeof useZoneRequests>;
  offers: ReturnType<typeof useOfferStats>;
  /** The categories the zone's count covers (the nearby list's toggle). */
  scope: CategoryScope;
  own: readonly RequestCategory[];
};

/** Offer counts stop at REQUEST_QUERY_LIMIT (countMerchantOffers): from there on, "50+". */
function offerCount(count: number | undefined): string | undefined {
  return count === undefined ? undefined : formatCappedCount(count);
}

/** The four numbers of spec §2: requests in the zone (in the categories shown), offers sent, pending, accepted. */
export function DashboardStats({ zone, offers, scope, own }: Props) {
  const zoneValue = zone.data
    ? zone.data.capped
      ? `${MERCHANT_ZONE_COUNT_CAP}+`
      : String(zone.data.requests.length)
    : undefined;
  return (
    <section aria-labelledby="statistiche-titolo">
      <h2 id="statistiche-titolo" className="sr-only">
        Statistiche
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Richieste in zona"
          hint={`entro ${MERCHANT_ZONE_RADIUS_KM} km, ${scopeHint(scope, own)}`}
          value={zoneValue}
          failed={zone.isError}
        />
        <Stat label="Offerte inviate" value={offerCount(offers.data?.sent)} failed={offers.isError} />
        <Stat label="In attesa" value={offerCount(offers.data?.pending)} failed={offers.isError} />
        <Stat label="Accettate" value={offerCount(offers.data?.accepted)} failed={offers.isError} />
      </dl>
      {offers.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {ERROR_MESSAGES.loadStats}
        </p>
      ) : null}
    </section>
  );
}

function Stat({
  label,
  hint,
  value,
  failed,
}: {
  label: string;
  hint?: string;
  value: number | string | undefined;
  failed: boolean;
}) {
  return (
    <div className="rounded-(--radius-card) border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">
        {label}
        {hint ? <span className="block text-xs font-normal">{hint}</span> : null}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">
        {value !== undefined ? value : failed ? "–" : <span className="text-slate-400">…</span>}
      </dd>
    </div>
  );
}
