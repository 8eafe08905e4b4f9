/**
 * Budgets and amounts as people say them (the create page's summary, Algo's notes): 'fino a 200 €',
 * 'da 100 a 200 €', 'circa 150 €', 'almeno 300 €'; whole euro without ',00' ('200 €'), cents only when
 * there are some ('49,90 €'). Never '0,00 € - 200,00 €': a lower bound of 0 is no bound.
 */

/** The ± window the offline Algo gives 'sui 150 euro' (extract-budget.ts): read back as 'circa 150 €'. */
export const APPROXIMATE_SPREAD = 0.2;

const whole = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '200 €', '1.500 €', '49,90 €'. */
export function formatMoney(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return `${Number.isInteger(rounded) ? whole.format(rounded) : cents.format(rounded)} €`;
}

/** The centre of a ±20 % window, when the bounds are one ('sui 150' → 120-180 → 150). */
function approximateCentre(min: number, max: number): number | undefined {
  const centre = (min + max) / 2;
  if (centre <= 0) return undefined;
  const round = (value: number) => (value >= 10 ? Math.round(value) : Math.round(value * 100) / 100);
  const matches =
    round(centre * (1 - APPROXIMATE_SPREAD)) === min && round(centre * (1 + APPROXIMATE_SPREAD)) === max;
  return matches ? centre : undefined;
}

/** A budget as a buyer would say it; undefined when it has no bound. */
export function budgetText(
  budget: { min?: number | undefined; max?: number | undefined } | undefined,
): string | undefined {
  const min = budget?.min;
  const max = budget?.max;
  const low = min !== undefined && min > 0 ? min : undefined;
  if (max === undefined) return low === undefined ? undefined : `almeno ${formatMoney(low)}`;
  if (low === undefined) return `fino a ${formatMoney(max)}`;
  if (low === max) return formatMoney(max);
  const centre = approximateCentre(low, max);
  if (centre !== undefined) return `circa ${formatMoney(centre)}`;
  return `da ${formatMoney(low).replace(" €", "")} a ${formatMoney(max)}`;
}

/**
 * Amounts in the sentences Algo writes (the chat, the offline offer text): "100", "1000", "49,9", then
 * " €". Not pricing.ts's formatEuro, which writes a price with its cents ("100,00 €", "49,90 €").
 */
export function formatAlgoAmount(value: number): string {
  return value.toLocaleString("it-IT", { maximumFractionDigits: 2 });
}
