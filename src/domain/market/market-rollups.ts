import { z } from "zod";
import { planStatus, type Subscription } from "../billing/plans.ts";
import { type RequestCategory, requestCategorySchema } from "../core/enums.ts";
import { requestZone } from "../marketplace/geo-privacy.ts";

/**
 * The market dashboard's rollups (docs/market-dashboard.md): counts and durations only, kept by the
 * functions (functions/src/analytics/rollups.ts) and read by admins. One document per calendar month
 * (marketRollups/{YYYY-MM}) holds a cell per day, comune and category, so the page's 90 days are at most
 * four document reads. Every number is about the requests published on the cell's day (a cohort): the
 * offers they received, the deals accepted and the sales completed on them, whenever these happened.
 */

/** The periods the page offers, in days. */
export const MARKET_PERIODS = [7, 30, 90] as const;
export type MarketPeriod = (typeof MARKET_PERIODS)[number];
/** The longest period: what the page loads once, whatever period is shown. */
export const MARKET_MAX_PERIOD_DAYS = 90;
/** A group (a day, a comune, a category) with fewer published requests than this shows no numbers. */
export const MARKET_PRIVACY_MIN_REQUESTS = 3;
/** The days the nightly reconciliation recomputes from the raw documents (offers arrive for 7 days, deals later). */
export const MARKET_RECONCILE_DAYS = 14;
/** A request "answered quickly" had its first offer within this many minutes. */
export const MARKET_QUICK_OFFER_MINUTES = 24 * 60;
/** The operators' calendar: days start at midnight in Italy. */
export const MARKET_TIME_ZONE = "Europe/Rome";
/** Month documents the page may read at most (90 days span at most 4 calendar months). */
export const MARKET_MONTHS_READ_LIMIT = 4;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: MARKET_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day (YYYY-MM-DD, Italian calendar) an instant falls on. */
export function marketDay(at: Date): string {
  return dayFormat.format(at);
}

/** The month document (YYYY-MM) holding a day. */
export function marketMonth(day: string): string {
  return day.slice(0, 7);
}

/** The day `offset` days after `day` (negative: before). */
export function shiftDay(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` days ending with `lastDay`, oldest first. */
export function daysEnding(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => shiftDay(lastDay, index - count + 1));
}

/** The months (oldest first) the days `from`..`to` touch. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) {
    const month = marketMonth(day);
    if (months.at(-1) !== month) months.push(month);
  }
  return months;
}

/**
 * The comune of a request, from its public zone ('Isola, Milano' → 'Milano'): the last part of what the
 * buyer typed once streets and numbers are gone. Never the street: the zone is what shops read already.
 */
export function comuneOf(address: string): string {
  return requestZone(address).split(",").at(-1)?.trim() ?? "";
}

/** A comune as a map key: lower case, accents and punctuation folded ('Sesto San Giovanni' → 'sesto-san-giovanni'). */
export function comuneKey(comune: string): string {
  return (
    comune
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "sconosciuto"
  );
}

/** Where a request's numbers go: its publication day, its comune and its category. */
export interface MarketCellAddress {
  day: string;
  comune: string;
  category: RequestCategory;
}

/** The key of a cell in its month document's `cells` map. */
export function marketCellKey(cell: MarketCellAddress): string {
  return `${cell.day}|${comuneKey(cell.comune)}|${cell.category}`;
}

/** The cell of a request document, or null when it lacks a date, an address or a known category. */
export function marketCellOf(request: {
  createdAt?: unknown;
  category?: unknown;
  location?: unknown;
}): MarketCellAddress | null {
  const category = requestCategorySchema.safeParse(request.category);
  const address = (request.location as { address?: unknown } | undefined)?.address;
  if (!(request.createdAt instanceof Date) || !category.success || typeof address !== "string") return null;
  return { day: marketDay(request.createdAt), comune: comuneOf(address), category: category.data };
}

/** Whole minutes from publication to the first offer (what the median and the 90th percentile read). */
export function minutesBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
}

const count = z.number().int().min(0).catch(0);

/** One cell: the requests published on `day` in `comune` and `category`, and what happened to them. */
export const marketCellSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  comune: z.string(),
  category: requestCategorySchema,
  /** Requests published. */
  published: count.default(0),
  /** Of those, requests with at least one offer. */
  withOffer: count.default(0),
  /** Of those, requests whose first offer came within MARKET_QUICK_OFFER_MINUTES. */
  offeredWithin24h: count.default(0),
  /** Offers received (one per shop and request). */
  offers: count.default(0),
  /** Of the offers, those made from a notification ('notifica') and filled from the catalogue ('catalogo'). */
  offersFromNotification: count.default(0),
  offersFromCatalogue: count.default(0),
  /** Offers accepted (a deal; a cancelled deal stays counted). */
  accepted: count.default(0),
  /** Requests completed (the sale happened in the shop). */
  completed: count.default(0),
  /** Requests whose sale was proved at the till ('Acquisto verificato': the pickup code). */
  verified: count.default(0),
  /** Minutes to the first offer → how many requests waited that long. */
  firstOfferMinutes: z.record(z.string(), count).default({}),
  /** Pseudonymous keys (a hash, never the uid) of the shops that offered: distinct active shops. */
  shops: z.array(z.string()).default([]),
});
export type MarketCell = z.infer<typeof marketCellSchema>;

/** Shop numbers that belong to no comune or category: shops verified, and plans that lapsed, per day. */
export const marketShopDaySchema = z.object({ newShops: count.default(0), lapsedPlans: count.default(0) });
export type MarketShopDay = z.infer<typeof marketShopDaySchema>;

/** marketRollups/{YYYY-MM}. */
export const marketMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  cells: z.record(z.string(), marketCellSchema).default({}),
  shopDays: z.record(z.string(), marketShopDaySchema).default({}),
});
export type MarketMonth = z.infer<typeof marketMonthSchema>;

/** An empty cell at an address. */
export function emptyMarketCell(address: MarketCellAddress): MarketCell {
  return {
    ...address,
    published: 0,
    withOffer: 0,
    offeredWithin24h: 0,
    offers: 0,
    offersFromNotification: 0,
    offersFromCatalogue: 0,
    accepted: 0,
    completed: 0,
    verified: 0,
    firstOfferMinutes: {},
    shops: [],
  };
}

/**
 * When a shop's plan lapsed, or null while it gives access (or never did): the end of its paid period,
 * or of its free month for a shop that never paid. What 'plans lapsed' counts, on that day.
 */
export function planLapsedAt(subscription: Subscription | undefined, now: Date): Date | null {
  if (!subscription || planStatus(subscription, now).hasAccess) return null;
  const ends = [subscription.periodEnd, subscription.trialEndsAt].filter((end): end is Date => end !== null);
  return ends.length > 0 ? new Date(Math.max(...ends.map((end) => end.getTime()))) : null;
}
