import { Button } from "@/components/ui/button";
import type { RequestCategory } from "@/domain/core/enums";
import {
  CATEGORY_SCOPE_LABELS,
  type CategoryScope,
  effectiveScope,
  ownCategoriesText,
} from "@/domain/marketplace/feed-categories";

type Props = {
  scope: CategoryScope;
  /** The shop's own categories; without any there is nothing to toggle. */
  own: readonly RequestCategory[];
  onChange: (scope: "mine" | "all") => void;
};

/**
 * 'Le tue categorie' / 'Tutte le categorie': the shop's feed opens on what it sells, and every category
 * is one tap away (the dashboard and /browse). Two toggle buttons (aria-pressed) in a named group; with one category
 * chosen in /browse's filters, neither is pressed.
 */
export function CategoryScopeToggle({ scope, own, onChange }: Props) {
  if (own.length === 0) return null;
  const shown = effectiveScope(scope, own);
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{CATEGORY_SCOPE_LABELS.group}</legend>
      {(["mine", "all"] as const).map((option) => (
        <Button
          key={option}
          size="sm"
          variant={shown === option ? "primary" : "secondary"}
          aria-pressed={shown === option}
          onClick={() => onChange(option)}
        >
          {CATEGORY_SCOPE_LABELS[option]}
        </Button>
      ))}
      {shown === "mine" ? <p className="text-sm text-slate-600">{ownCategoriesText(own)}</p> : null}
    </fieldset>
  );
}
