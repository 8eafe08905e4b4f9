import type { MarketDashboard } from "@/domain/market/market-dashboard";
import { MARKET_MESSAGES as M } from "@/domain/market/market-messages";

const percent = new Intl.NumberFormat("it-IT", { style: "percent", maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 2 });

/** A share as the page says it ('45%'), '—' when there is nothing to divide. */
export function formatShare(share: number | null): string {
  return share === null ? M.none : percent.format(share);
}

const minutes = (value: number | null) => (value === null ? M.none : M.minutes(value));

/** The period's headline numbers, as a description list (label, value): readable as it is. */
export function MarketStats({ dashboard }: { dashboard: MarketDashboard }) {
  const { totals, shops } = dashboard;
  const rows: [string, string][] = totals
    ? [
        [M.published, String(totals.published)],
        [M.quickShare, formatShare(totals.quickShare)],
        [M.medianFirstOffer, minutes(totals.medianMinutes)],
        [M.previousMedianFirstOffer, minutes(dashboard.previousMedianMinutes)],
        [M.p90FirstOffer, minutes(totals.p90Minutes)],
        [
          M.offersPerRequest,
          totals.offersPerRequest === null ? M.none : decimal.format(totals.offersPerRequest),
        ],
        [M.notificationShare, formatShare(totals.notificationShare)],
        [M.catalogueShare, formatShare(totals.catalogueShare)],
        [M.accepted, String(totals.accepted)],
        [M.completed, String(totals.completed)],
        [M.verified, String(totals.verified)],
        [M.activeShops, String(totals.activeShops)],
        [M.unanswered, String(totals.unanswered)],
      ]
    : [];
  return (
    <div className="space-y-3">
      {totals ? null : (
        <p role="status" className="rounded-lg bg-orange-50 px-3 py-2 text-orange-900">
          {M.tooFew}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[...rows, [M.newShops, String(shops.newShops)], [M.lapsedPlans, String(shops.lapsedPlans)]].map(
          ([label, value]) => (
            <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900">{value}</dd>
            </div>
          ),
        )}
      </dl>
    </div>
  );
}
