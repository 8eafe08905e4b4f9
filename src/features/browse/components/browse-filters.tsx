import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import {
  CATEGORY_LABELS,
  RADIUS_LABELS,
  RADIUS_OPTIONS_KM,
  type RadiusOption,
  REQUEST_CATEGORIES,
  type RequestCategory,
  URGENCIES,
  URGENCY_LABELS,
} from "@/domain/core/enums";
import {
  CATEGORY_SCOPE_LABELS,
  type CategoryScope,
  effectiveScope,
} from "@/domain/marketplace/feed-categories";
import {
  type BrowseFilters as Filters,
  filtersFromSearchParams,
  filtersToSearchParams,
} from "../api/nearby-feed";

type Props = {
  value: Filters;
  /** The shop's own categories: 'Le tue categorie' is offered when it has some. */
  own: readonly RequestCategory[];
  /** Called by 'Cerca' with the chosen filters. */
  onSearch: (filters: Filters) => void;
  searching?: boolean;
};

/**
 * Category, urgency and radius, applied with 'Cerca' (spec §2). The categories: the shop's own, all of
 * them, or one, 'Generale' included. Remount with a new key to reset.
 */
export function BrowseFilters({ value, own, onSearch, searching = false }: Props) {
  const [category, setCategory] = useState<string>(effectiveScope(value.category, own));
  const [urgency, setUrgency] = useState<string>(value.urgency ?? "");
  const [radius, setRadius] = useState<string>(String(value.radiusKm));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same parser as the URL: a value the selects cannot hold never gets through.
    onSearch(
      filtersFromSearchParams(
        filtersToSearchParams({
          category: category as CategoryScope,
          urgency: urgency as Filters["urgency"],
          radiusKm: Number(radius) as RadiusOption,
        }),
      ),
    );
  };

  return (
    <search aria-label="Filtra le richieste">
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-(--radius-card) border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
      >
        <Field label="Categoria">
          <Select value={category} onChange={(event) => setCategory(event.target.value)}>
            {own.length > 0 ? <option value="mine">{CATEGORY_SCOPE_LABELS.mine}</option> : null}
            <option value="all">{CATEGORY_SCOPE_LABELS.all}</option>
            {REQUEST_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {CATEGORY_LABELS[option]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Urgenza">
          <Select value={urgency} onChange={(event) => setUrgency(event.target.value)}>
            <option value="">Qualsiasi urgenza</option>
            {URGENCIES.map((option) => (
              <option key={option} value={option}>
                {URGENCY_LABELS[option]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Raggio">
          <Select value={radius} onChange={(event) => setRadius(event.target.value)}>
            {RADIUS_OPTIONS_KM.map((option) => (
              <option key={option} value={option}>
                {RADIUS_LABELS[option]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" loading={searching} className="sm:col-span-2 lg:col-span-1">
          Cerca
        </Button>
      </form>
    </search>
  );
}
