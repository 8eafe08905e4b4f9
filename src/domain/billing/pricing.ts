/** Merchant subscription (spec §1, §9). Buyers never pay. Prices include IVA. */
export const MERCHANT_MONTHLY_PRICE_EUR = 9.9;
/** Launch offer with the trade association: one year, pilot city, associated merchants only. */
export const LAUNCH_OFFER_YEARLY_PRICE_EUR = 29.9;
/** Italian VAT (IVA) included in every price we charge. */
export const VAT_RATE = 0.22;

const euro = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });

/** Formats an amount the Italian way, e.g. 9.9 -> "9,90 €". */
export function formatEuro(amount: number): string {
  return euro.format(amount);
}

/** Formats cents, e.g. 990 -> "9,90 €". */
export function formatCents(cents: number): string {
  return euro.format(cents / 100);
}

export interface VatSplit {
  /** What was paid, IVA included. */
  grossCents: number;
  /** Imponibile. */
  netCents: number;
  /** IVA. */
  vatCents: number;
}

/** Splits a VAT-inclusive amount: 990 -> 811 imponibile + 179 IVA (rounded to the cent, summing to the total). */
export function splitVat(grossCents: number, rate = VAT_RATE): VatSplit {
  const netCents = Math.round(grossCents / (1 + rate));
  return { grossCents, netCents, vatCents: grossCents - netCents };
}
