import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { DELIVERY_OPTION_LABELS, DELIVERY_OPTIONS, type DeliveryOption } from "@/domain/core/enums";
import { GROUP_OFFER_MESSAGES, type GroupOfferResult } from "@/domain/marketplace/group-offer";
import { OFFER_FORM_FIELDS, type OfferFormField, validateOfferForm } from "@/domain/marketplace/offer-form";
import { useGroupOffer } from "../api/group-offer";

type Props = {
  requestIds: readonly string[];
  /** Each request's product as the card shows it, to name it in the results. */
  productOf: (requestId: string) => string;
  onCancel: () => void;
};

/**
 * The group's offer form: price, description and delivery once, checked as /make-offer checks them
 * (validateOfferForm); sent, it lists per request 'Offerta inviata' or the server's reason.
 */
export function GroupOfferForm({ requestIds, productOf, onCancel }: Props) {
  const [price, setPrice] = useState("");
  const [description, setDescription] = useState("");
  const [delivery, setDelivery] = useState<ReadonlySet<DeliveryOption>>(new Set(["pickup"]));
  const [fieldError, setFieldError] = useState<{ field: OfferFormField; message: string } | null>(null);
  const { send, done } = useGroupOffer();
  const formId = useId();
  const errorAt = (field: OfferFormField) => (fieldError?.field === field ? fieldError.message : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateOfferForm({ price, description, deliveryOptions: [...delivery] });
    if (!checked.ok) {
      const field = (checked.field ?? OFFER_FORM_FIELDS.price) as OfferFormField;
      setFieldError({ field, message: checked.message });
      return;
    }
    setFieldError(null);
    send.mutate({ ...checked.data, requestIds: [...requestIds] });
  };

  if (send.data) {
    return (
      <GroupOfferResults results={send.data.results} productOf={productOf} onClose={() => void done()} />
    );
  }
  return (
    <form
      aria-labelledby={formId}
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-xl border border-brand-100 bg-brand-50/40 p-4"
    >
      <h3 id={formId} className="font-semibold text-slate-900">
        {GROUP_OFFER_MESSAGES.formRegion}
      </h3>
      <p className="text-sm text-slate-700">{GROUP_OFFER_MESSAGES.explainer}</p>
      <Field label={GROUP_OFFER_MESSAGES.priceLabel} required error={errorAt(OFFER_FORM_FIELDS.price)}>
        <Input inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} />
      </Field>
      <Field
        label={GROUP_OFFER_MESSAGES.descriptionLabel}
        required
        error={errorAt(OFFER_FORM_FIELDS.description)}
      >
        <Textarea rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{GROUP_OFFER_MESSAGES.deliveryLegend}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {DELIVERY_OPTIONS.map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-3 text-slate-800">
              <input
                type="checkbox"
                className="focus-ring size-5 rounded border-slate-400 accent-brand-700"
                checked={delivery.has(option)}
                onChange={(event) => {
                  const next = new Set(delivery);
                  if (event.target.checked) next.add(option);
                  else next.delete(option);
                  setDelivery(next);
                }}
              />
              {DELIVERY_OPTION_LABELS[option]}
            </label>
          ))}
        </div>
        {errorAt(OFFER_FORM_FIELDS.deliveryOptions) ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {errorAt(OFFER_FORM_FIELDS.deliveryOptions)}
          </p>
        ) : null}
      </fieldset>
      {send.error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {send.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={send.isPending}>
          {GROUP_OFFER_MESSAGES.submit(requestIds.length)}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {GROUP_OFFER_MESSAGES.cancel}
        </Button>
      </div>
    </form>
  );
}

function GroupOfferResults({
  results,
  productOf,
  onClose,
}: {
  results: readonly GroupOfferResult[];
  productOf: (requestId: string) => string;
  onClose: () => void;
}) {
  const sent = results.filter((result) => result.sent).length;
  return (
    <section
      role="status"
      aria-label={GROUP_OFFER_MESSAGES.resultsRegion}
      className="space-y-2 rounded-xl bg-slate-50 p-4"
    >
      <p className="font-semibold text-slate-900">{GROUP_OFFER_MESSAGES.sentCount(sent, results.length)}</p>
      <ul className="space-y-1 text-sm">
        {results.map((result) => (
          <li key={result.requestId} className={result.sent ? "text-emerald-800" : "text-red-800"}>
            {productOf(result.requestId)}: {result.sent ? GROUP_OFFER_MESSAGES.sent : result.reason}
          </li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" onClick={onClose}>
        {GROUP_OFFER_MESSAGES.close}
      </Button>
    </section>
  );
}
