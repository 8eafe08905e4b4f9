import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { AI_INFERRED_INTRO, AI_WRITTEN_HINT, AI_WRITTEN_LABEL } from "@/domain/algo/ai-disclosure";
import type { AlgoExtractedData } from "@/domain/algo/algo";
import { REVIEW_LABELS, reviewRows } from "@/domain/algo/algo-draft";
import {
  CONDITION_LABELS,
  CONDITIONS,
  DELIVERY_PREFERENCE_LABELS,
  DELIVERY_PREFERENCES,
  URGENCIES,
  URGENCY_LABELS,
} from "@/domain/core/enums";
import { DEFAULT_ACTION_RADIUS_KM } from "@/domain/core/limits";
import type { PlaceSearch } from "@/domain/geo/gazetteer";
import type { LatLng } from "@/domain/geo/geo";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { LocationCard } from "./location-card";
import { PriceHint } from "./price-hint";

type ReviewCardProps = {
  fields: AlgoExtractedData;
  actionRadius: number | undefined;
  photoUrl?: string | undefined;
  publishing: boolean;
  onPublish: () => void;
  /** 'Salva le modifiche': the draft changes, Algo is not asked again. */
  onSave: (fields: AlgoExtractedData, actionRadius: number) => void;
  loadPlaces?: () => Promise<PlaceSearch>;
};

/**
 * The review before publishing: what the request says (product, details, budget, when, delivery,
 * place and radius, the photo), 'Pubblica' (the only way it goes out) and 'Modifica'.
 */
export function ReviewCard(props: ReviewCardProps) {
  const [editing, setEditing] = useState(false);
  // Algo wrote the draft: 'Scritto con l'IA' until the buyer changes it (or publishes it: confirmed).
  const [edited, setEdited] = useState(false);
  const { fields, actionRadius, photoUrl, publishing, onPublish } = props;
  return (
    <Card aria-labelledby="review-title" role="region" className="border-brand-200">
      <CardHeader>
        <CardTitle id="review-title">{editing ? REVIEW_LABELS.editTitle : REVIEW_LABELS.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {editing ? (
          <ReviewForm
            {...props}
            onDone={(next, radius) => {
              props.onSave(next, radius);
              setEdited(true);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <p className="text-sm text-slate-700">{REVIEW_LABELS.intro}</p>
            {edited ? null : <AiWrittenNote fields={fields} actionRadius={actionRadius} />}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {reviewRows(fields, actionRadius).map((row) => (
                <div key={row.label} className="contents">
                  <dt className="font-medium text-slate-600">{row.label}</dt>
                  <dd className="text-slate-900">{row.value}</dd>
                </div>
              ))}
            </dl>
            <PriceHint
              category={fields.category}
              productName={fields.productName}
              location={fields.location}
              onUseRange={(range) =>
                props.onSave(
                  { ...fields, budget: { min: range.min, max: range.max } },
                  actionRadius ?? DEFAULT_ACTION_RADIUS_KM,
                )
              }
            />
            {photoUrl ? (
              <img src={photoUrl} alt={REVIEW_LABELS.photo} className="max-h-32 rounded-lg object-cover" />
            ) : null}
            <div className="flex gap-2">
              <Button className="flex-1" onClick={onPublish} loading={publishing}>
                {REVIEW_LABELS.publish}
              </Button>
              <Button variant="secondary" onClick={() => setEditing(true)} disabled={publishing}>
                {REVIEW_LABELS.edit}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Which fields Algo inferred from the conversation, under 'Scritto con l'IA'. */
function AiWrittenNote({ fields, actionRadius }: Pick<ReviewCardProps, "fields" | "actionRadius">) {
  const inferred = reviewRows(fields, actionRadius)
    .filter((row) => row.value !== REVIEW_LABELS.missing)
    .map((row) => row.label);
  if (inferred.length === 0) return null;
  return (
    <div className="space-y-1 rounded-lg bg-brand-50 p-2 text-sm text-slate-800">
      <Badge tone="info">{AI_WRITTEN_LABEL}</Badge>
      <p>
        {AI_INFERRED_INTRO} {inferred.join(", ").toLowerCase()}. {AI_WRITTEN_HINT}
      </p>
    </div>
  );
}

const amount = (text: string) => {
  const value = Number(text.replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) && value >= 0 ? value : undefined;
};

function ReviewForm({
  fields,
  actionRadius,
  loadPlaces,
  onDone,
  onCancel,
}: ReviewCardProps & { onDone: (fields: AlgoExtractedData, radius: number) => void; onCancel: () => void }) {
  const [product, setProduct] = useState(fields.productName ?? "");
  const [min, setMin] = useState(fields.budget?.min ? String(fields.budget.min) : "");
  const [max, setMax] = useState(fields.budget?.max !== undefined ? String(fields.budget.max) : "");
  const [urgency, setUrgency] = useState(fields.urgency ?? "");
  const [delivery, setDelivery] = useState(fields.deliveryPreference ?? "");
  const [condition, setCondition] = useState(fields.productDetails?.condition ?? "");
  const [address, setAddress] = useState(fields.location?.address ?? "");
  const known = fields.location;
  const [coords, setCoords] = useState<LatLng | null>(
    known?.lat !== undefined && known.lng !== undefined ? { lat: known.lat, lng: known.lng } : null,
  );
  const [radius, setRadius] = useState(actionRadius ?? DEFAULT_ACTION_RADIUS_KM);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const low = amount(min);
    const high = amount(max);
    const next: AlgoExtractedData = {
      ...(product.trim() ? { productName: product.trim() } : {}),
      ...(low !== undefined || high !== undefined
        ? {
            budget: {
              ...(low !== undefined ? { min: low } : {}),
              ...(high !== undefined ? { max: high } : {}),
            },
          }
        : {}),
      ...(urgency ? { urgency } : {}),
      ...(delivery ? { deliveryPreference: delivery } : {}),
      ...(condition ? { productDetails: { condition } } : {}),
      ...(coords
        ? { location: { ...coords, address: address.trim() || BUYER_MESSAGES.locationFromPhone } }
        : {}),
    };
    onDone(next, radius);
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={REVIEW_LABELS.editTitle}>
      <Field label={REVIEW_LABELS.product}>
        <Input value={product} maxLength={100} onChange={(event) => setProduct(event.target.value)} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label={REVIEW_LABELS.budgetMin}>
          <Input inputMode="decimal" value={min} onChange={(event) => setMin(event.target.value)} />
        </Field>
        <Field label={REVIEW_LABELS.budgetMax}>
          <Input inputMode="decimal" value={max} onChange={(event) => setMax(event.target.value)} />
        </Field>
      </div>
      <Field label={REVIEW_LABELS.urgency}>
        <Select value={urgency} onChange={(event) => setUrgency(event.target.value)}>
          <option value="">{REVIEW_LABELS.missing}</option>
          {URGENCIES.map((value) => (
            <option key={value} value={value}>
              {URGENCY_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={REVIEW_LABELS.delivery}>
        <Select value={delivery} onChange={(event) => setDelivery(event.target.value)}>
          <option value="">{REVIEW_LABELS.missing}</option>
          {DELIVERY_PREFERENCES.map((value) => (
            <option key={value} value={value}>
              {DELIVERY_PREFERENCE_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={REVIEW_LABELS.condition}>
        <Select value={condition} onChange={(event) => setCondition(event.target.value)}>
          <option value="">{REVIEW_LABELS.missing}</option>
          {CONDITIONS.map((value) => (
            <option key={value} value={value}>
              {CONDITION_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      <LocationCard
        address={address}
        onAddressChange={setAddress}
        coords={coords}
        onCoordsChange={setCoords}
        radius={radius}
        onRadiusChange={setRadius}
        {...(loadPlaces ? { loadPlaces } : {})}
      />
      <div className="flex gap-2">
        <Button type="submit" className="flex-1">
          {REVIEW_LABELS.save}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {REVIEW_LABELS.cancel}
        </Button>
      </div>
    </form>
  );
}
