import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { CATEGORY_LABELS, CONDITION_LABELS, CONDITIONS, REQUEST_CATEGORIES } from "@/domain/core/enums";
import {
  CATALOGUE_MESSAGES,
  type CatalogueProductInput,
  catalogueProductInputSchema,
} from "@/domain/marketplace/catalogue";
import { parseItalianPrice } from "@/domain/marketplace/catalogue-csv";

type Props = {
  /** The product being edited; empty for a new one. */
  initial?: CatalogueProductInput | undefined;
  submitLabel: string;
  /** Resolves when saved; rejects with an Error whose message is shown. */
  onSave: (input: CatalogueProductInput) => Promise<void>;
  onCancel?: () => void;
};

const priceText = (price: number | undefined) =>
  price === undefined ? "" : price.toLocaleString("it-IT", { minimumFractionDigits: 2, useGrouping: false });

/** A product by hand: name, category, condition, price ('89,00'); checked by the catalogue's schema. */
export function ProductForm({ initial, submitLabel, onSave, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? "");
  const [category, setCategory] = useState<string>(initial?.category ?? REQUEST_CATEGORIES[0]);
  const [condition, setCondition] = useState<string>(initial?.condition ?? "nuovo");
  const [price, setPrice] = useState(priceText(initial?.price));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = catalogueProductInputSchema.safeParse({
      name,
      category,
      condition,
      price: parseItalianPrice(price),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CATALOGUE_MESSAGES.saveError);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSave(parsed.data);
      if (!initial) {
        setName("");
        setPrice("");
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : CATALOGUE_MESSAGES.saveError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3 sm:grid-cols-2">
      <Field label={CATALOGUE_MESSAGES.name} required className="sm:col-span-2">
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={120} />
      </Field>
      <Field label={CATALOGUE_MESSAGES.category}>
        <Select value={category} onChange={(event) => setCategory(event.target.value)}>
          {REQUEST_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {CATEGORY_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={CATALOGUE_MESSAGES.condition}>
        <Select value={condition} onChange={(event) => setCondition(event.target.value)}>
          {CONDITIONS.map((value) => (
            <option key={value} value={value}>
              {CONDITION_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={CATALOGUE_MESSAGES.price} required>
        <Input value={price} onChange={(event) => setPrice(event.target.value)} inputMode="decimal" />
      </Field>
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Annulla
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {error}
        </p>
      ) : null}
    </form>
  );
}
