import type { MarketDashboard, MarketGroupRow } from "@/domain/market/market-dashboard";
import { MARKET_MESSAGES as M } from "@/domain/market/market-messages";
import { BarChart, type BarDatum } from "./bar-chart";
import { formatShare } from "./market-stats";

const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const groupBars = (rows: readonly MarketGroupRow[]): BarDatum[] =>
  rows.map((row) => ({
    key: row.key,
    label: row.label,
    value: row.unanswered,
    shown: String(row.unanswered),
  }));

/** The period's pictures: requests per day, the 24-hour share per day, requests left without offers. */
export function MarketCharts({ dashboard }: { dashboard: MarketDashboard }) {
  const { days } = dashboard;
  const published = days.reduce((sum, point) => sum + (point.published ?? 0), 0);
  return (
    <div className="space-y-4">
      <BarChart
        title={M.perDayTitle}
        summary={M.perDaySummary(published, days.length)}
        columns={[M.tableDay, M.tablePublished]}
        data={days.map((point) => ({
          key: point.day,
          label: dayLabel(point.day),
          value: point.published,
          shown: point.published === null ? M.hiddenValue : String(point.published),
        }))}
      />
      <BarChart
        title={M.quickTitle}
        summary={`${M.quickShare}: ${formatShare(dashboard.totals?.quickShare ?? null)}.`}
        columns={[M.tableDay, M.tableQuick]}
        max={1}
        data={days.map((point) => ({
          key: point.day,
          label: dayLabel(point.day),
          value: point.published === null ? null : point.quickShare,
          shown: point.published === null ? M.hiddenValue : formatShare(point.quickShare),
        }))}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart
          title={M.byCategoryTitle}
          summary={groupSummary(dashboard.unansweredByCategory)}
          columns={[M.category, M.tableUnanswered]}
          layout="horizontal"
          data={groupBars(dashboard.unansweredByCategory)}
        />
        <BarChart
          title={M.byComuneTitle}
          summary={groupSummary(dashboard.unansweredByComune)}
          columns={[M.comune, M.tableUnanswered]}
          layout="horizontal"
          data={groupBars(dashboard.unansweredByComune)}
        />
      </div>
      {dashboard.hiddenGroups > 0 ? (
        <p className="text-sm text-slate-700">{M.hiddenGroups(dashboard.hiddenGroups)}</p>
      ) : null}
    </div>
  );
}

function groupSummary(rows: readonly MarketGroupRow[]): string {
  const top = rows[0];
  if (!top) return M.noData;
  const total = rows.reduce((sum, row) => sum + row.unanswered, 0);
  return `${total} ${M.unanswered.toLowerCase()}; ${top.label}: ${top.unanswered}.`;
}
