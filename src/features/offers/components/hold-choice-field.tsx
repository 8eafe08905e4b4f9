import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import {
  DEFAULT_HOLD_CHOICE,
  HOLD_CHOICES,
  HOLD_MESSAGES,
  type HoldChoice,
} from "@/domain/marketplace/pickup-hold";

/** 'Te lo teniamo da parte': how long the shop keeps the item aside once its offer is accepted. */
export function HoldChoiceField({
  value,
  onChange,
}: {
  value: HoldChoice;
  onChange: (next: HoldChoice) => void;
}) {
  return (
    <Field label={HOLD_MESSAGES.choiceLabel} hint={HOLD_MESSAGES.choiceHint}>
      <Select
        value={value}
        onChange={(event) =>
          onChange(HOLD_CHOICES.find((choice) => choice === event.target.value) ?? DEFAULT_HOLD_CHOICE)
        }
      >
        {HOLD_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {HOLD_MESSAGES.choices[choice]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
