import { PRICE_GUIDANCE_MESSAGES, type PriceRange } from "@/domain/marketplace/price-guidance";

/**
 * The buyer's hint: 'Nella tua zona i negozi hanno offerto da X a Y € (N offerte)', with a
 * button that puts the range in the budget when the screen has one. Rendered only with a range: the
 * priceGuidance callable answers one only above the threshold.
 */
export function PriceRangeHint({
  range,
  onUseRange,
}: {
  range: PriceRange | null | undefined;
  onUseRange?: (range: PriceRange) => void;
}) {
  if (!range) return null;
  return (
    <p
      role="status"
      aria-label="Prezzi in zona"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800"
    >
      <span>{PRICE_GUIDANCE_MESSAGES.range(range)}</span>
      {onUseRange ? (
        <button
          type="button"
          onClick={() => onUseRange(range)}
          className="focus-ring rounded font-semibold text-brand-700 underline underline-offset-2"
        >
          {PRICE_GUIDANCE_MESSAGES.useRange}
        </button>
      ) : null}
    </p>
  );
}

/** The shop's hint while it types a price: where it sits among similar offers nearby. */
export function PricePositionHint({ percent }: { percent: number | null | undefined }) {
  if (percent === null || percent === undefined) return null;
  return (
    <p role="status" aria-label="Il tuo prezzo in zona" className="text-sm text-slate-700">
      {PRICE_GUIDANCE_MESSAGES.position(percent)}
    </p>
  );
}
