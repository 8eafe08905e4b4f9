/** Merchant subscription (spec §1, §9). Buyers never pay. */
export const MERCHANT_MONTHLY_PRICE_EUR = 9.9;
/** Launch offer with the trade association: one year, pilot city, associated merchants only. */
export const LAUNCH_OFFER_YEARLY_PRICE_EUR = 29.9;

const euro = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });

/** Formats an amount the Italian way, e.g. 9.9 -> "9,90 €". */
export function formatEuro(amount: number): string {
  return euro.format(amount);
}
