import type { Budget } from "@/domain/marketplace/request";
import { budgetText, formatMoney } from "@/domain/products/budget-text";

/** Italian number formats for the marketplace screens. */

const oneDecimal = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 });

/** "850 m" under a kilometre, else "3,4 km". */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${oneDecimal.format(km)} km`;
}

/**
 * A request's budget as people say it (src/domain/products/budget-text.ts): "fino a 200 €", "da 50 a 120 €",
 * "circa 150 €", "30 €"; never "0,00 € - 200,00 €".
 */
export function formatBudget(budget: Budget): string {
  return budgetText(budget) ?? formatMoney(budget.max);
}

const relative = new Intl.RelativeTimeFormat("it-IT", { numeric: "auto" });
const dateFormat = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "short", year: "numeric" });

/** "5 minuti fa", "ieri", "3 giorni fa"; older than a month: the date. */
export function formatRelativeDate(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "adesso";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  return dateFormat.format(date);
}
