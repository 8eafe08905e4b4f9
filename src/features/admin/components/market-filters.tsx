import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { CATEGORY_LABELS, REQUEST_CATEGORIES, type RequestCategory } from "@/domain/core/enums";
import { MARKET_MESSAGES as M } from "@/domain/market/market-messages";
import { MARKET_PERIODS, type MarketPeriod } from "@/domain/market/market-rollups";

export interface MarketSelection {
  period: MarketPeriod;
  /** A comune's key, '' for all. */
  comune: string;
  /** A category, '' for all. */
  category: RequestCategory | "";
}

/** The period, the comune (those with enough requests to show) and the category. */
export function MarketFilters({
  value,
  comuni,
  onChange,
}: {
  value: MarketSelection;
  comuni: readonly { key: string; label: string }[];
  onChange: (next: MarketSelection) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label={M.period}>
        <Select
          value={value.period}
          onChange={(event) => onChange({ ...value, period: Number(event.target.value) as MarketPeriod })}
        >
          {MARKET_PERIODS.map((days) => (
            <option key={days} value={days}>
              {M.periodOption(days)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={M.comune}>
        <Select value={value.comune} onChange={(event) => onChange({ ...value, comune: event.target.value })}>
          <option value="">{M.all}</option>
          {comuni.map((comune) => (
            <option key={comune.key} value={comune.key}>
              {comune.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={M.category}>
        <Select
          value={value.category}
          onChange={(event) => onChange({ ...value, category: event.target.value as RequestCategory | "" })}
        >
          <option value="">{M.allCategories}</option>
          {REQUEST_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
