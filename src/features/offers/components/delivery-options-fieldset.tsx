import { useId } from "react";
import { DELIVERY_OPTION_LABELS, DELIVERY_OPTIONS, type DeliveryOption } from "@/domain/core/enums";
import { OFFER_FORM_FIELDS } from "@/domain/marketplace/offer-form";
import { cn } from "@/lib/cn";

type Props = {
  value: ReadonlySet<DeliveryOption>;
  onToggle: (option: DeliveryOption, checked: boolean) => void;
  error: string | undefined;
  /** Leonardo filled it from the shop's dictation: highlighted until the shop changes it. */
  dictatedNote?: string | undefined;
};

/** The offer form's 'Modalità di consegna': at least one of pickup and delivery. */
export function DeliveryOptionsFieldset({ value, onToggle, error, dictatedNote }: Props) {
  const errorId = useId();
  const noteId = useId();
  const describedBy = [error ? errorId : undefined, dictatedNote ? noteId : undefined]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className={cn("space-y-2", dictatedNote && DICTATED_CLASSES)}
      data-dictated={dictatedNote ? true : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="text-sm font-medium text-slate-800">
        Modalità di consegna
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {DELIVERY_OPTIONS.map((option, index) => (
          <label key={option} className="flex min-h-11 items-center gap-3 text-slate-800">
            <input
              type="checkbox"
              {...(index === 0 ? { "data-field": OFFER_FORM_FIELDS.deliveryOptions } : {})}
              aria-invalid={error ? true : undefined}
              className="focus-ring size-5 rounded border-slate-400 accent-brand-700"
              checked={value.has(option)}
              onChange={(event) => onToggle(option, event.target.checked)}
            />
            {DELIVERY_OPTION_LABELS[option]}
          </label>
        ))}
      </div>
      {dictatedNote ? (
        <p id={noteId} className="text-sm font-medium text-amber-900">
          {dictatedNote}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** How a field Leonardo filled stands out (with its note, so it is not told by colour alone). */
export const DICTATED_CLASSES = "rounded-lg bg-amber-50 ring-2 ring-amber-400 ring-offset-2";
