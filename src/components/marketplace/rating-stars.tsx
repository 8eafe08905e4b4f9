import { useId } from "react";
import { DEAL_MESSAGES } from "@/domain/marketplace/deal-messages";
import { RATING_LABELS, RATING_VALUES, type Rating } from "@/domain/marketplace/rating";
import { cn } from "@/lib/cn";

type RatingStarsProps = {
  /** null until the buyer picks: no star is preselected. */
  value: Rating | null;
  onChange: (rating: Rating) => void;
  /** The group's legend. */
  label?: string;
  disabled?: boolean;
};

/**
 * 1-5 stars as native radio buttons (spec §5): one tab stop, arrow keys move and select, each option
 * has its text (e.g. '4 stelle: Molto buono'); the chosen label is shown under the stars. Nothing is
 * preselected: a rating the buyer did not choose would not be theirs.
 */
export function RatingStars({ value, onChange, label = "Valutazione", disabled = false }: RatingStarsProps) {
  const name = useId();
  return (
    <fieldset className="space-y-1" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex gap-1">
        {RATING_VALUES.map((rating) => (
          <label key={rating} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={rating}
              checked={rating === value}
              required
              onChange={() => onChange(rating)}
              aria-label={`${rating} ${rating === 1 ? "stella" : "stelle"}: ${RATING_LABELS[rating]}`}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={cn(
                "flex size-11 items-center justify-center rounded-lg text-3xl leading-none",
                "peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700 peer-focus-visible:ring-offset-2",
                value !== null && rating <= value ? "text-amber-600" : "text-slate-400",
              )}
            >
              ★
            </span>
          </label>
        ))}
      </div>
      <p className="text-sm font-medium text-slate-800" aria-live="polite">
        {value === null ? DEAL_MESSAGES.ratingNone : RATING_LABELS[value]}
      </p>
    </fieldset>
  );
}
