import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { OPENING_HOURS_COPY } from "@/domain/people/opening-hours-messages";
import { OPENING_HOURS_MAX_LENGTH, PHONE_MAX_LENGTH } from "@/domain/people/shop-page";

type ShopContactFieldsProps = {
  phone: string;
  openingHours: string;
  onPhone: (event: { target: { value: string } }) => void;
  onOpeningHours: (event: { target: { value: string } }) => void;
};

/**
 * The shop's phone and the notes on its opening hours (the days and times have their own editor), as
 * its public page (/negozi/:id) shows them; both optional.
 */
export function ShopContactFields({ phone, openingHours, onPhone, onOpeningHours }: ShopContactFieldsProps) {
  return (
    <>
      <Field label="Telefono del negozio" hint="Facoltativo. Compare sulla pagina del tuo negozio.">
        <Input
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          value={phone}
          onChange={onPhone}
        />
      </Field>
      <Field label={OPENING_HOURS_COPY.notes} hint={OPENING_HOURS_COPY.notesHint}>
        <Textarea
          name="openingHours"
          rows={3}
          maxLength={OPENING_HOURS_MAX_LENGTH}
          value={openingHours}
          onChange={onOpeningHours}
        />
      </Field>
    </>
  );
}
