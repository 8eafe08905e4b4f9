import { z } from "zod";

/**
 * A shop's funnel of the month on its dashboard: 'Offerte → Accettate → Acquisti verificati', from the
 * counters the functions keep after each event's commit (shopMonths/{YYYY-MM}_{merchantId}).
 */
export const shopMonthSchema = z.object({
  offers: z.number().int().min(0).catch(0),
  accepted: z.number().int().min(0).catch(0),
  verified: z.number().int().min(0).catch(0),
});
export type ShopMonth = z.infer<typeof shopMonthSchema>;

/** The fields of shopMonths/{id} the nightly reconciliation queries (reconcile-shop-months.ts). */
export const SHOP_MONTH_FIELDS = { month: "month", merchantId: "merchantId" } as const;

/** 'YYYY-MM' of `at` in the shop's time zone (Europe/Rome). */
export function shopMonthOf(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit" })
    .format(at)
    .slice(0, 7);
}

export function shopMonthId(merchantId: string, month: string): string {
  return `${month}_${merchantId}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rome is UTC+1 or +2: a range this much wider than the month's UTC days covers its local days. */
const ZONE_MARGIN_MS = 3 * 60 * 60 * 1000;

/**
 * The months the nightly reconciliation rebuilds at `now`: this one and, on its first day, the one
 * before (an event of its last evening whose increment failed).
 */
export function shopMonthsDue(now: Date): string[] {
  return [...new Set([shopMonthOf(new Date(now.getTime() - DAY_MS)), shopMonthOf(now)])];
}

/**
 * A query range that holds every moment of `month` ('YYYY-MM') in Rome, and a little more on each side:
 * the reader keeps what shopMonthOf puts in the month.
 */
export function shopMonthQueryRange(month: string): { from: Date; to: Date } {
  const [year = 0, monthNumber = 1] = month.split("-").map(Number);
  return {
    from: new Date(Date.UTC(year, monthNumber - 1, 1) - ZONE_MARGIN_MS),
    to: new Date(Date.UTC(year, monthNumber, 1) + ZONE_MARGIN_MS),
  };
}

export const SHOP_FUNNEL_MESSAGES = {
  title: "Questo mese",
  offers: "Offerte",
  accepted: "Accettate",
  verified: "Acquisti verificati",
  loadError: "Non è stato possibile caricare i numeri del mese.",
} as const;
