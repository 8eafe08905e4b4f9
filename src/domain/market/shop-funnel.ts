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

/** The fields of shopMonths/{id} naming its shop and month (account deletion queries by merchantId). */
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

/**
 * The months the nightly reconciliation rebuilds at `now`: this one and, on its first day, the one
 * before (an event of its last evening whose increment failed).
 */
export function shopMonthsDue(now: Date): string[] {
  return [...new Set([shopMonthOf(new Date(now.getTime() - DAY_MS)), shopMonthOf(now)])];
}

/** The first instant of `month` ('YYYY-MM') in Rome (its UTC midnight less Rome's offset, 1 or 2 hours). */
function monthStart(year: number, monthIndex: number): Date {
  const utc = Date.UTC(year, monthIndex, 1);
  const month = shopMonthOf(new Date(utc + DAY_MS));
  for (let hours = 3; hours >= 0; hours -= 1) {
    const at = new Date(utc - hours * 60 * 60 * 1000);
    if (shopMonthOf(at) === month) return at;
  }
  return new Date(utc);
}

/** Exactly the instants of `month` ('YYYY-MM') in Rome: [from, to), what the aggregation queries count. */
export function shopMonthBounds(month: string): { from: Date; to: Date } {
  const [year = 0, monthNumber = 1] = month.split("-").map(Number);
  return { from: monthStart(year, monthNumber - 1), to: monthStart(year, monthNumber) };
}

export const SHOP_FUNNEL_MESSAGES = {
  title: "Questo mese",
  offers: "Offerte",
  accepted: "Accettate",
  verified: "Acquisti verificati",
  loadError: "Non è stato possibile caricare i numeri del mese.",
} as const;
