import { useMemo, useState } from "react";
import { Navigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { CATEGORY_LABELS } from "@/domain/core/enums";
import { FIRST_PAINT_MESSAGES } from "@/domain/core/first-paint-messages";
import { PRODUCT_NAME } from "@/domain/core/product";
import { marketCsv } from "@/domain/market/market-csv";
import { marketDashboard } from "@/domain/market/market-dashboard";
import { MARKET_MESSAGES as M } from "@/domain/market/market-messages";
import { MARKET_MAX_PERIOD_DAYS, marketDay } from "@/domain/market/market-rollups";
import { useMarketMonths } from "./api/market";
import { useAdminRole } from "./api/reports";
import { MarketCharts } from "./components/market-charts";
import { MarketFilters, type MarketSelection } from "./components/market-filters";
import { MarketStats } from "./components/market-stats";

const categoryLabel = (category: keyof typeof CATEGORY_LABELS) => CATEGORY_LABELS[category];

/**
 * /admin/mercato: the market's health for the pilot's operators (the admin claim; anyone else is sent to
 * their dashboard). Reads only the rollups (docs/market-dashboard.md), at most 4 documents, once.
 */
export function AdminMarketPage() {
  const role = useAdminRole();
  if (role.isPending) return <Spinner label={M.loading} />;
  if (role.data !== true) return <Navigate to={paths.dashboard.getHref()} replace />;
  return <MarketPage />;
}

function MarketPage() {
  const [today] = useState(() => marketDay(new Date()));
  const [selection, setSelection] = useState<MarketSelection>({ period: 30, comune: "", category: "" });
  const months = useMarketMonths(today, true);
  const data = months.data;
  // The comuni offered: those with enough requests over the longest period to show anything.
  const comuni = useMemo(
    () =>
      data
        ? marketDashboard(data, { period: MARKET_MAX_PERIOD_DAYS, today }).unansweredByComune.map((row) => ({
            key: row.key,
            label: row.label,
          }))
        : [],
    [data, today],
  );
  const dashboard = useMemo(
    () =>
      data
        ? marketDashboard(
            data,
            {
              period: selection.period,
              today,
              comune: selection.comune || undefined,
              category: selection.category || undefined,
            },
            categoryLabel,
          )
        : null,
    [data, selection, today],
  );

  const download = () => {
    if (!dashboard) return;
    const url = URL.createObjectURL(new Blob([marketCsv(dashboard)], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = M.csvFileName(today, selection.period);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <title>{`${M.title} · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{M.title}</h1>
        <a href={paths.adminReports.getHref()} className="text-teal-800 underline">
          {FIRST_PAINT_MESSAGES.adminReports}
        </a>
      </div>
      <p className="text-slate-700">{M.lead}</p>
      {months.isPending ? (
        <Spinner label={M.loading} />
      ) : months.isError || !dashboard ? (
        <div role="alert" className="space-y-3">
          <p className="text-red-800">{M.loadError}</p>
          <Button variant="secondary" size="sm" onClick={() => void months.refetch()}>
            {M.retry}
          </Button>
        </div>
      ) : (
        <>
          <MarketFilters value={selection} comuni={comuni} onChange={setSelection} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700">{M.privacyNote}</p>
            <Button variant="secondary" size="sm" onClick={download}>
              {M.download}
            </Button>
          </div>
          <p role="status" className="sr-only">
            {M.selectionSummary(dashboard.totals?.published ?? null, selection.period)}
          </p>
          <MarketStats dashboard={dashboard} />
          <MarketCharts dashboard={dashboard} />
        </>
      )}
    </div>
  );
}
