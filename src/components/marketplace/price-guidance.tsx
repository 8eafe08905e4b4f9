import {
  PRICE_GUIDANCE_MESSAGES,
  type PriceBand,
  type PriceRange,
} from "@/domain/marketplace/price-guidance-messages";

/**
 * The buyer's hint: 'Nella tua zona i negozi hanno offerto di solito da X a Y (N offerte)', with a
 * button that puts the range in the budget when the screen has one. Rendered only with a range (the
 * priceGuidance callable answers one only above the threshold) or the callable's refusal to say instead.
 */
export function PriceRangeHint({
  range,
  notice,
  onUseRange,
}: {
  range: PriceRange | null | undefined;
  notice?: string | undefined;
  onUseRange?: (range: PriceRange) => void;
}) {
  if (!range && !notice) return null;
  return (
    <p
      role="status"
      aria-label="Prezzi in zona"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800"
    >
      {range ? <span>{PRICE_GUIDANCE_MESSAGES.range(range)}</span> : <span>{notice}</span>}
      {range && onUseRange ? (
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

/** The shop's hint while it types a price: its band among similar offers nearby, or the refusal. */
export function PricePositionHint({
  band,
  notice,
}: {
  band: PriceBand | null | undefined;
  notice?: string | undefined;
}) {
  const text = band ? PRICE_GUIDANCE_MESSAGES.band[band] : notice;
  if (!text) return null;
  return (
    <p role="status" aria-label="Il tuo prezzo in zona" className="text-sm text-slate-700">
      {text}
    </p>
  );
}
