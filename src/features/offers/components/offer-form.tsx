import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SparklesIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { formatTokens, TOKEN_COSTS } from "@/domain/billing/tokens";
import { VALIDATION_MESSAGES } from "@/domain/core/common-messages";
import type { DeliveryOption } from "@/domain/core/enums";
import { MAX_AMOUNT_EUR } from "@/domain/core/limits";
import { ASSISTANT_NAME } from "@/domain/core/user-type";
import type { DictatedOfferFields } from "@/domain/marketplace/offer-dictation";
import type { DictatedField } from "@/domain/marketplace/offer-dictation-messages";
import {
  isPriceOutsideBudget,
  OFFER_FORM_FIELDS,
  type OfferFormData,
  type OfferFormField,
  parsePrice,
  validateOfferForm,
} from "@/domain/marketplace/offer-form";
import { DEFAULT_HOLD_CHOICE, type HoldChoice } from "@/domain/marketplace/pickup-hold";
import type { Budget } from "@/domain/marketplace/request";
import { formatBudget } from "@/lib/format";
import { draftNotes } from "../lib/draft-notes";
import type { OfferFormInitial } from "../lib/initial-values";
import { useDictatedHighlight } from "../lib/use-dictated-highlight";
import { BudgetConfirmDialog } from "./budget-confirm-dialog";
import { DeliveryOptionsFieldset, DICTATED_CLASSES } from "./delivery-options-fieldset";
import { HoldChoiceField } from "./hold-choice-field";

export type { OfferFormInitial };

type Props = {
  budget: Budget;
  initial: OfferFormInitial;
  submitLabel: string;
  /** Resolves when sent; rejects with an Error whose message is shown (and toasted by the app). */
  onSubmit: (data: OfferFormData, meta: { aiGenerated: boolean }) => Promise<void>;
  /** 'Scrivi con Leonardo': resolves with a drafted description; rejects with an Italian message. */
  onDraftDescription?: (input: { price: number; notes?: string | undefined }) => Promise<string>;
  /** 'Detta l'offerta', given the function that puts Leonardo's fields in the form. */
  dictation?: (fill: (fields: DictatedOfferFields) => DictatedField[]) => ReactNode;
  /** Under the price, given the price typed (NaN while it is not one): where it sits in the area. */
  priceHint?: (price: number) => ReactNode;
};

/**
 * The offer form (spec §5): price, description and at least one delivery option are required, the
 * price is a number above 0 ("12,50" is fine), a price outside the buyer's budget asks for confirmation,
 * availability time and notes are optional.
 */
export function OfferForm(props: Props) {
  const { budget, initial, submitLabel, onSubmit, onDraftDescription, dictation, priceHint } = props;
  const [price, setPrice] = useState(initial.price);
  const [description, setDescription] = useState(initial.description);
  const [delivery, setDelivery] = useState<ReadonlySet<DeliveryOption>>(new Set(initial.deliveryOptions));
  const [estimatedDeliveryTime, setEstimatedDeliveryTime] = useState(initial.estimatedDeliveryTime);
  const [additionalNotes, setAdditionalNotes] = useState(initial.additionalNotes);
  const [holdChoice, setHoldChoice] = useState<HoldChoice>(initial.holdChoice ?? DEFAULT_HOLD_CHOICE);
  // A form error (or the server's answer, which has no field) shown by the submit button…
  const [error, setError] = useState<string | null>(null);
  // …and a field's error, shown at the field, which gets the focus.
  const [fieldError, setFieldError] = useState<{ field: OfferFormField; message: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<OfferFormData | null>(null);
  const [sending, setSending] = useState(false);
  const [aiGenerated, setAiGenerated] = useState(initial.aiGenerated);
  const [drafting, setDrafting] = useState(false);
  const dictated = useDictatedHighlight();
  const errorId = useId();
  const errorAt = (field: OfferFormField) => (fieldError?.field === field ? fieldError.message : undefined);

  // The field in error gets the focus (and is scrolled into view) once it is marked invalid.
  useEffect(() => {
    if (!fieldError) return;
    form.current?.querySelector<HTMLElement>(`[data-field="${fieldError.field}"]`)?.focus();
  }, [fieldError]);

  const { hint, edited } = dictated;

  /** Puts what Leonardo understood in the form (only what it understood) and highlights it. */
  const fill = (fields: DictatedOfferFields): DictatedField[] => {
    const filled: DictatedField[] = [];
    if (fields.price !== undefined) {
      setPrice(fields.price.toLocaleString("it-IT", { maximumFractionDigits: 2, useGrouping: false }));
      filled.push("price");
    }
    if (fields.deliveryOptions?.length) {
      setDelivery(new Set(fields.deliveryOptions));
      filled.push("deliveryOptions");
    }
    if (fields.estimatedDeliveryTime) {
      setEstimatedDeliveryTime(fields.estimatedDeliveryTime);
      filled.push("estimatedDeliveryTime");
    }
    if (fields.description) {
      setDescription(fields.description);
      setAiGenerated(true);
      filled.push("description");
    }
    setFieldError(null);
    setError(null);
    dictated.mark(filled);
    return filled;
  };

  const showError = (message: string, field: string | undefined) => {
    const known = Object.values(OFFER_FORM_FIELDS).find((name) => name === field);
    setFieldError(known ? { field: known, message } : null);
    setError(known ? null : message);
  };

  const draft = async () => {
    if (!onDraftDescription) return;
    const value = parsePrice(price);
    if (!Number.isFinite(value) || value <= 0 || value > MAX_AMOUNT_EUR) {
      showError(VALIDATION_MESSAGES.invalidPrice, OFFER_FORM_FIELDS.price);
      return;
    }
    setError(null);
    setFieldError(null);
    setDrafting(true);
    try {
      setDescription(
        await onDraftDescription({ price: value, notes: draftNotes(estimatedDeliveryTime, additionalNotes) }),
      );
      setAiGenerated(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setDrafting(false);
    }
  };

  const send = async (data: OfferFormData) => {
    setConfirming(null);
    setSending(true);
    try {
      await onSubmit(data, { aiGenerated });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateOfferForm({
      price,
      description,
      deliveryOptions: [...delivery],
      estimatedDeliveryTime,
      additionalNotes,
      holdChoice,
    });
    if (!result.ok) {
      showError(result.message, result.field);
      return;
    }
    setError(null);
    setFieldError(null);
    if (isPriceOutsideBudget(result.data.price, budget)) setConfirming(result.data);
    else void send(result.data);
  };

  const toggle = (option: DeliveryOption, checked: boolean) =>
    setDelivery((current) => {
      const next = new Set(current);
      if (checked) next.add(option);
      else next.delete(option);
      return next;
    });

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-describedby={error ? errorId : undefined}
      className="space-y-5"
    >
      {dictation ? dictation(fill) : null}
      <Field
        label="Prezzo (€)"
        required
        hint={hint("price", `Budget del cliente: ${formatBudget(budget)}`)}
        error={errorAt(OFFER_FORM_FIELDS.price)}
      >
        <Input
          data-field={OFFER_FORM_FIELDS.price}
          data-dictated={dictated.has("price") || undefined}
          className={dictated.has("price") ? DICTATED_CLASSES : undefined}
          inputMode="decimal"
          autoComplete="off"
          placeholder="Es. 49,90"
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            edited("price");
          }}
        />
      </Field>
      {priceHint?.(parsePrice(price))}
      <Field
        label="Descrizione dell'offerta"
        required
        hint={hint("description")}
        error={errorAt(OFFER_FORM_FIELDS.description)}
      >
        <Textarea
          data-field={OFFER_FORM_FIELDS.description}
          data-dictated={dictated.has("description") || undefined}
          className={dictated.has("description") ? DICTATED_CLASSES : undefined}
          rows={5}
          placeholder="Cosa offri: modello, stato, garanzia, servizi inclusi…"
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            edited("description");
          }}
        />
      </Field>
      {onDraftDescription ? (
        <div className="-mt-2 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            loading={drafting}
            disabled={sending}
            onClick={() => void draft()}
          >
            <SparklesIcon className="size-4" />
            Scrivi con {ASSISTANT_NAME.merchant}
          </Button>
          <span className="text-sm text-slate-600">
            Usa il prezzo e le note; costa {formatTokens(TOKEN_COSTS.description_generation)} token.
          </span>
        </div>
      ) : null}
      <DeliveryOptionsFieldset
        value={delivery}
        onToggle={(option, checked) => {
          toggle(option, checked);
          edited("deliveryOptions");
        }}
        error={errorAt(OFFER_FORM_FIELDS.deliveryOptions)}
        dictatedNote={dictated.noteFor("deliveryOptions")}
      />
      <Field
        label="Disponibilità"
        hint={hint(
          "estimatedDeliveryTime",
          "Facoltativo: quando il prodotto è pronto per il ritiro o la consegna.",
        )}
        error={errorAt(OFFER_FORM_FIELDS.estimatedDeliveryTime)}
      >
        <Input
          data-field={OFFER_FORM_FIELDS.estimatedDeliveryTime}
          data-dictated={dictated.has("estimatedDeliveryTime") || undefined}
          className={dictated.has("estimatedDeliveryTime") ? DICTATED_CLASSES : undefined}
          placeholder="Es. Disponibile subito"
          value={estimatedDeliveryTime}
          onChange={(event) => {
            setEstimatedDeliveryTime(event.target.value);
            edited("estimatedDeliveryTime");
          }}
        />
      </Field>
      <HoldChoiceField value={holdChoice} onChange={setHoldChoice} />
      <Field label="Note aggiuntive" hint="Facoltativo." error={errorAt(OFFER_FORM_FIELDS.additionalNotes)}>
        <Textarea
          data-field={OFFER_FORM_FIELDS.additionalNotes}
          rows={3}
          value={additionalNotes}
          onChange={(event) => setAdditionalNotes(event.target.value)}
        />
      </Field>
      {error ? (
        <p id={errorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={sending} className="w-full sm:w-auto">
        {submitLabel}
      </Button>
      <BudgetConfirmDialog
        price={confirming?.price ?? null}
        budget={budget}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void send(confirming)}
      />
    </form>
  );
}
