import type { MarketDashboard } from "./market-dashboard.ts";
import { MARKET_MESSAGES as M } from "./market-messages.ts";

/**
 * The CSV of the market page: the same numbers as the page (hidden ones as '< 3'), one per line as
 * section;item;value, with ';' because Italian spreadsheets read ',' as the decimal separator. Shares are
 * percentages with one decimal, durations whole minutes.
 */
export function marketCsv(dashboard: MarketDashboard): string {
  const rows: (string | number)[][] = [[...M.csvHeader]];
  const value = (number: number | null, hidden = false) =>
    hidden ? M.hiddenValue : number === null ? "" : Number.isInteger(number) ? number : number.toFixed(2);
  const percent = (share: number | null) => (share === null ? "" : (share * 100).toFixed(1));
  const { totals } = dashboard;
  const hidden = totals === null;
  rows.push(
    [M.csvTotals, M.published, value(totals?.published ?? null, hidden)],
    [M.csvTotals, `${M.quickShare} (%)`, hidden ? M.hiddenValue : percent(totals.quickShare)],
    [M.csvTotals, `${M.medianFirstOffer} (min)`, value(totals?.medianMinutes ?? null, hidden)],
    [M.csvTotals, `${M.p90FirstOffer} (min)`, value(totals?.p90Minutes ?? null, hidden)],
    [M.csvTotals, M.offersPerRequest, value(totals?.offersPerRequest ?? null, hidden)],
    [M.csvTotals, M.accepted, value(totals?.accepted ?? null, hidden)],
    [M.csvTotals, M.completed, value(totals?.completed ?? null, hidden)],
    [M.csvTotals, M.verified, value(totals?.verified ?? null, hidden)],
    [M.csvTotals, M.activeShops, value(totals?.activeShops ?? null, hidden)],
    [M.csvTotals, M.unanswered, value(totals?.unanswered ?? null, hidden)],
    [M.csvTotals, M.newShops, dashboard.shops.newShops],
    [M.csvTotals, M.lapsedPlans, dashboard.shops.lapsedPlans],
  );
  for (const point of dashboard.days) {
    const small = point.published === null;
    rows.push(
      [M.csvDay, `${point.day} ${M.tablePublished}`, value(point.published, small)],
      [M.csvDay, `${point.day} ${M.tableQuick} (%)`, small ? M.hiddenValue : percent(point.quickShare)],
    );
  }
  for (const row of dashboard.unansweredByCategory) rows.push([M.csvCategory, row.label, row.unanswered]);
  for (const row of dashboard.unansweredByComune) rows.push([M.csvComune, row.label, row.unanswered]);
  return `${rows.map((row) => row.map(csvField).join(";")).join("\r\n")}\r\n`;
}

function csvField(field: string | number): string {
  const text = String(field);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
