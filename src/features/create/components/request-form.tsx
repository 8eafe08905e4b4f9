import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/toast";
import { publishRequest } from "@/data/algo";
import { errorMessage } from "@/domain/boundary/errors";
import { ERROR_MESSAGES } from "@/domain/core/common-messages";
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  CONDITIONS,
  DELIVERY_PREFERENCE_LABELS,
  DELIVERY_PREFERENCES,
  REQUEST_CATEGORIES,
  URGENCIES,
  URGENCY_LABELS,
} from "@/domain/core/enums";
import { DESCRIPTION_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH } from "@/domain/core/limits";
import type { PlaceSearch } from "@/domain/geo/gazetteer";
import type { LatLng } from "@/domain/geo/geo";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { amountInputText } from "@/domain/marketplace/price-guidance";
import {
  emptyRequestForm,
  REQUEST_FORM_LABELS,
  type RequestFormErrors,
  type RequestFormValues,
  validateRequestForm,
} from "@/domain/marketplace/request-form";
import type { PreparedImage } from "../lib/resize-image";
import { LocationCard } from "./location-card";
import { PhotoPicker } from "./photo-picker";
import { PriceHint } from "./price-hint";

/** A submission's idempotency key (publishRequest's submissionId). */
const newSubmissionId = () => crypto.randomUUID();

type RequestFormProps = {
  onPublished: (requestId: string) => void;
  /** The gazetteer (tests pass a fixture). */
  loadPlaces?: () => Promise<PlaceSearch>;
};

type Option<T extends string> = { value: T; label: string };
const options = <T extends string>(values: readonly T[], labels: Record<T, string>): Option<T>[] =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * 'Compila tu' (/create): the plain form next to Algo. The same fields, defaults and checks as the
 * request Algo builds (src/domain/marketplace/request-form.ts), each error at its field (and the first one
 * focused); 'Pubblica gratis' calls publishRequest, which spends no token.
 */
export function RequestForm({ onPublished, loadPlaces }: RequestFormProps) {
  const { toastError } = useToast();
  const [values, setValues] = useState<RequestFormValues>(emptyRequestForm);
  const [address, setAddress] = useState("");
  const [coords, setCoords] = useState<LatLng | null>(null);
  const [photo, setPhoto] = useState<PreparedImage | null>(null);
  const [errors, setErrors] = useState<RequestFormErrors>({});
  const [publishing, setPublishing] = useState(false);
  // The idempotency key of what was last sent: the same form sent again (a second tap, a retry after a
  // lost answer) keeps it, so publishRequest answers the request already out; a changed form gets a new one.
  const lastSubmission = useRef<{ sent: string; submissionId: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const location = coords
      ? { ...coords, address: address.trim() || BUYER_MESSAGES.locationFromPhone }
      : null;
    const result = validateRequestForm({ ...values, location });
    if (!result.ok) {
      setErrors(result.errors);
      // The first field in error takes the focus (its message is read with it).
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    setPublishing(true);
    try {
      const photos = photo ? [{ data: photo.base64, width: photo.width, height: photo.height }] : [];
      const sent = JSON.stringify({ ...result.input, photos });
      const submissionId =
        lastSubmission.current?.sent === sent ? lastSubmission.current.submissionId : newSubmissionId();
      lastSubmission.current = { sent, submissionId };
      const { requestId } = await publishRequest({ ...result.input, photos, submissionId });
      onPublished(requestId);
    } catch (error) {
      console.error("publishRequest failed", error);
      toastError(errorMessage(error, ERROR_MESSAGES.publishRequest));
      setPublishing(false);
    }
  };

  return (
    <Card aria-labelledby="request-form-title" role="region" className="border-brand-200">
      <CardHeader>
        <CardTitle id="request-form-title">{REQUEST_FORM_LABELS.title}</CardTitle>
        <p className="text-sm text-slate-700">{REQUEST_FORM_LABELS.intro}</p>
      </CardHeader>
      <CardContent>
        <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <Field label={REQUEST_FORM_LABELS.product} error={errors.productName}>
            <Input
              value={values.productName}
              maxLength={PRODUCT_NAME_MAX_LENGTH}
              autoComplete="off"
              onChange={(event) => set("productName", event.target.value)}
            />
          </Field>
          <Field label={REQUEST_FORM_LABELS.description} error={errors.description}>
            <Textarea
              value={values.description}
              maxLength={DESCRIPTION_MAX_LENGTH}
              onChange={(event) => set("description", event.target.value)}
            />
          </Field>
          <Choice
            label={REQUEST_FORM_LABELS.category}
            value={values.category}
            options={options(REQUEST_CATEGORIES, CATEGORY_LABELS)}
            onChange={(value) => set("category", value)}
          />
          <div className="grid grid-cols-2 gap-2">
            <Field label={REQUEST_FORM_LABELS.budgetMin} error={errors.budgetMin}>
              <Input
                inputMode="decimal"
                value={values.budgetMin}
                onChange={(event) => set("budgetMin", event.target.value)}
              />
            </Field>
            <Field label={REQUEST_FORM_LABELS.budgetMax} error={errors.budgetMax}>
              <Input
                inputMode="decimal"
                value={values.budgetMax}
                onChange={(event) => set("budgetMax", event.target.value)}
              />
            </Field>
          </div>
          <p className="-mt-2 text-xs text-slate-600">{REQUEST_FORM_LABELS.budgetHint}</p>
          <PriceHint
            category={values.category}
            productName={values.productName}
            location={coords}
            onUseRange={(range) =>
              setValues((current) => ({
                ...current,
                budgetMin: amountInputText(range.min),
                budgetMax: amountInputText(range.max),
              }))
            }
          />
          <Choice
            label={REQUEST_FORM_LABELS.urgency}
            value={values.urgency}
            options={options(URGENCIES, URGENCY_LABELS)}
            onChange={(value) => set("urgency", value)}
          />
          <Choice
            label={REQUEST_FORM_LABELS.delivery}
            value={values.deliveryPreference}
            options={options(DELIVERY_PREFERENCES, DELIVERY_PREFERENCE_LABELS)}
            onChange={(value) => set("deliveryPreference", value)}
          />
          <Choice
            label={REQUEST_FORM_LABELS.condition}
            value={values.condition}
            options={options(CONDITIONS, CONDITION_LABELS)}
            onChange={(value) => set("condition", value)}
          />
          <LocationCard
            address={address}
            onAddressChange={setAddress}
            coords={coords}
            onCoordsChange={(next) => {
              setCoords(next);
              setErrors(({ location: _location, ...rest }) => rest);
            }}
            radius={values.actionRadius}
            onRadiusChange={(radius) => set("actionRadius", radius)}
            {...(loadPlaces ? { loadPlaces } : {})}
          />
          {errors.location || errors.actionRadius ? (
            <ErrorLine>{errors.location ?? errors.actionRadius}</ErrorLine>
          ) : null}
          <PhotoPicker photo={photo} onPhotoChange={setPhoto} disabled={publishing} />
          {Object.keys(errors).length > 0 ? <ErrorLine>{REQUEST_FORM_LABELS.errorsTitle}</ErrorLine> : null}
          <Button type="submit" className="w-full" loading={publishing}>
            {REQUEST_FORM_LABELS.publish}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ErrorLine({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm font-medium text-red-700" role="alert">
      {children}
    </p>
  );
}

function Choice<T extends string>({
  label,
  value,
  options: choices,
  onChange,
}: {
  label: string;
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <Field label={label}>
      <Select value={value} onChange={(event) => onChange(event.target.value as T)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
