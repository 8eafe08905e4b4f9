import type { RequestCategory } from "../core/enums.ts";
import {
  comuneKey,
  daysEnding,
  MARKET_MAX_PERIOD_DAYS,
  MARKET_PRIVACY_MIN_REQUESTS,
  type MarketCell,
  type MarketMonth,
  type MarketPeriod,
  shiftDay,
} from "./market-rollups.ts";

/**
 * From rollups to the numbers the market page shows (and its CSV): pure, so the page, its CSV and the
 * integration test that checks them against the raw documents use one computation.
 */

export interface MarketFilter {
  period: MarketPeriod;
  /** The last day shown (today, Italian calendar). */
  today: string;
  /** A comune's key (comuneKey), or all. */
  comune?: string | undefined;
  category?: RequestCategory | undefined;
}

/** A number of a group too small to show (fewer than MARKET_PRIVACY_MIN_REQUESTS requests, but some). */
export type Hidden = null;

export interface MarketDayPoint {
  day: string;
  /** Requests published; null when hidden. */
  published: number | Hidden;
  /** Share (0..1) of them with an offer within 24 h; null when hidden or none published. */
  quickShare: number | Hidden;
}

export interface MarketTotals {
  published: number;
  withOffer: number;
  offeredWithin24h: number;
  /** offeredWithin24h / published, 0..1 (null with none published). */
  quickShare: number | null;
  offers: number;
  /** offers / published (null with none published). */
  offersPerRequest: number | null;
  offersFromNotification: number;
  offersFromCatalogue: number;
  /** Shares (0..1) of the offers made from a notification and from the catalogue (null: no offers). */
  notificationShare: number | null;
  catalogueShare: number | null;
  accepted: number;
  completed: number;
  verified: number;
  /** Minutes to the first offer, nearest-rank percentiles over the requests that had one (null: none). */
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** Distinct shops that offered on the period's requests. */
  activeShops: number;
  /** Requests without any offer. */
  unanswered: number;
}

export interface MarketGroupRow {
  key: string;
  label: string;
  published: number;
  unanswered: number;
}

export interface MarketDashboard {
  days: MarketDayPoint[];
  /** Null when the selection holds 1 or 2 requests (privacy). */
  totals: MarketTotals | Hidden;
  /**
   * The median time to the first offer in the period just before (the same length, the same comune
   * and category): the before/after of a change such as notifications or the catalogue. Null when
   * hidden, without offers, or older than the page loads (MARKET_MAX_PERIOD_DAYS).
   */
  previousMedianMinutes: number | null;
  /** Shops verified and plans lapsed in the period (all of Italy: a shop has no one comune or category). */
  shops: { newShops: number; lapsedPlans: number };
  /** Requests without offers by category and by comune, most first; small groups left out. */
  unansweredByCategory: MarketGroupRow[];
  unansweredByComune: MarketGroupRow[];
  /** Groups left out of the two lists above because they were too small. */
  hiddenGroups: number;
}

/** Whether a group of `published` requests is too small to show (none at all reveals nobody). */
export function isHiddenGroup(published: number): boolean {
  return published > 0 && published < MARKET_PRIVACY_MIN_REQUESTS;
}

/** The nearest-rank percentile `p` (0..100] of a histogram value → count; null when empty. */
export function histogramPercentile(histogram: Readonly<Record<string, number>>, p: number): number | null {
  const entries = Object.entries(histogram)
    .map(([value, count]) => [Number(value), count] as const)
    .filter(([value, count]) => Number.isFinite(value) && count > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [value, count] of entries) {
    seen += count;
    if (seen >= rank) return value;
  }
  return entries.at(-1)?.[0] ?? null;
}

/** Every cell of the month documents, flattened. */
export function cellsOf(months: readonly MarketMonth[]): MarketCell[] {
  return months.flatMap((month) => Object.values(month.cells));
}

/** The comuni present in the cells (key and the name as typed), by name: the page's comune choice. */
export function comuniOf(cells: readonly MarketCell[]): { key: string; name: string }[] {
  const names = new Map<string, string>();
  for (const cell of cells) names.set(comuneKey(cell.comune), cell.comune);
  return [...names].map(([key, name]) => ({ key, name })).sort((a, b) => a.name.localeCompare(b.name, "it"));
}

function sumCells(cells: readonly MarketCell[]): MarketTotals {
  const minutes: Record<string, number> = {};
  const shops = new Set<string>();
  const totals = {
    published: 0,
    withOffer: 0,
    offeredWithin24h: 0,
    offers: 0,
    offersFromNotification: 0,
    offersFromCatalogue: 0,
    accepted: 0,
    completed: 0,
    verified: 0,
  };
  for (const cell of cells) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += cell[key];
    for (const [value, count] of Object.entries(cell.firstOfferMinutes)) {
      minutes[value] = (minutes[value] ?? 0) + count;
    }
    for (const shop of cell.shops) shops.add(shop);
  }
  const per = (value: number) => (totals.published > 0 ? value / totals.published : null);
  const ofOffers = (value: number) => (totals.offers > 0 ? value / totals.offers : null);
  return {
    ...totals,
    quickShare: per(totals.offeredWithin24h),
    offersPerRequest: per(totals.offers),
    notificationShare: ofOffers(totals.offersFromNotification),
    catalogueShare: ofOffers(totals.offersFromCatalogue),
    medianMinutes: histogramPercentile(minutes, 50),
    p90Minutes: histogramPercentile(minutes, 90),
    activeShops: shops.size,
    unanswered: totals.published - totals.withOffer,
  };
}

function groupRows(
  cells: readonly MarketCell[],
  keyOf: (cell: MarketCell) => string,
  labelOf: (cell: MarketCell) => string,
): { rows: MarketGroupRow[]; hidden: number } {
  const groups = new Map<string, MarketGroupRow>();
  for (const cell of cells) {
    const key = keyOf(cell);
    const row = groups.get(key) ?? { key, label: labelOf(cell), published: 0, unanswered: 0 };
    row.published += cell.published;
    row.unanswered += cell.published - cell.withOffer;
    groups.set(key, row);
  }
  const all = [...groups.values()].filter((row) => row.published > 0);
  const rows = all
    .filter((row) => !isHiddenGroup(row.published))
    .sort((a, b) => b.unanswered - a.unanswered || a.label.localeCompare(b.label, "it"));
  return { rows, hidden: all.length - rows.length };
}

/** The page's numbers for a period and an optional comune or category. */
export function marketDashboard(
  months: readonly MarketMonth[],
  filter: MarketFilter,
  categoryLabel: (category: RequestCategory) => string = (category) => category,
): MarketDashboard {
  const days = daysEnding(filter.today, filter.period);
  const first = days[0] ?? filter.today;
  const inPeriod = (day: string) => day >= first && day <= filter.today;
  const selected = cellsOf(months).filter(
    (cell) =>
      (filter.comune === undefined || comuneKey(cell.comune) === filter.comune) &&
      (filter.category === undefined || cell.category === filter.category),
  );
  const cells = selected.filter((cell) => inPeriod(cell.day));
  const before = shiftDay(first, -filter.period);
  const previous = sumCells(selected.filter((cell) => cell.day >= before && cell.day < first));
  const previousKnown = filter.period * 2 <= MARKET_MAX_PERIOD_DAYS && !isHiddenGroup(previous.published);
  const byDay = new Map<string, MarketCell[]>();
  for (const cell of cells) byDay.set(cell.day, [...(byDay.get(cell.day) ?? []), cell]);
  const points = days.map((day): MarketDayPoint => {
    const sum = sumCells(byDay.get(day) ?? []);
    return isHiddenGroup(sum.published)
      ? { day, published: null, quickShare: null }
      : { day, published: sum.published, quickShare: sum.quickShare };
  });
  const totals = sumCells(cells);
  const shops = { newShops: 0, lapsedPlans: 0 };
  for (const month of months) {
    for (const [day, shopDay] of Object.entries(month.shopDays)) {
      if (!inPeriod(day)) continue;
      shops.newShops += shopDay.newShops;
      shops.lapsedPlans += shopDay.lapsedPlans;
    }
  }
  const byCategory = groupRows(
    cells,
    (cell) => cell.category,
    (cell) => categoryLabel(cell.category),
  );
  const byComune = groupRows(
    cells,
    (cell) => comuneKey(cell.comune),
    (cell) => cell.comune,
  );
  return {
    days: points,
    totals: isHiddenGroup(totals.published) ? null : totals,
    previousMedianMinutes: previousKnown ? previous.medianMinutes : null,
    shops,
    unansweredByCategory: byCategory.rows,
    unansweredByComune: byComune.rows,
    hiddenGroups: byCategory.hidden + byComune.hidden,
  };
}
