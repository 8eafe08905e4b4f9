import { z } from "zod";
import { lazySchema } from "./lazy-schema.ts";

/**
 * A shop's funnel of the month on its dashboard: 'Offerte → Accettate → Acquisti verificati', from the
 * counters the functions keep after each event's commit (shopMonths/{YYYY-MM}_{merchantId}).
 */
export const shopMonthSchema = lazySchema(() =>
  z.object({
    offers: z.number().int().min(0).catch(0),
    accepted: z.number().int().min(0).catch(0),
    verified: z.number().int().min(0).catch(0),
  }),
);
export type ShopMonth = z.infer<typeof shopMonthSchema>;

/** 'YYYY-MM' of `at` in the shop's time zone (Europe/Rome). */
export function shopMonthOf(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit" })
    .format(at)
    .slice(0, 7);
}

export function shopMonthId(merchantId: string, month: string): string {
  return `${month}_${merchantId}`;
}

export const SHOP_FUNNEL_MESSAGES = {
  title: "Questo mese",
  offers: "Offerte",
  accepted: "Accettate",
  verified: "Acquisti verificati",
  loadError: "Non è stato possibile caricare i numeri del mese.",
} as const;
