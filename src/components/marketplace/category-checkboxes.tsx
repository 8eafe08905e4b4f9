import { useId } from "react";
import { BROWSE_CATEGORIES, type BrowseCategory, CATEGORY_LABELS } from "@/domain/core/enums";
import { SHOP_VERIFICATION_COPY } from "@/domain/people/shop-verification-messages";

/** 'Categorie che vendi': one checkbox per category, hint and error tied to the group. */
export function CategoryCheckboxes({
  value,
  onChange,
  error,
}: {
  value: readonly BrowseCategory[];
  onChange: (categories: BrowseCategory[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const toggle = (category: BrowseCategory, checked: boolean) =>
    onChange(checked ? [...value, category] : value.filter((chosen) => chosen !== category));

  return (
    <fieldset
      id={`${id}-group`}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-invalid={error ? true : undefined}
      className="space-y-2"
    >
      <legend className="text-sm font-medium text-slate-800">
        {SHOP_VERIFICATION_COPY.categories}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <p id={hintId} className="text-sm text-slate-600">
        {SHOP_VERIFICATION_COPY.categoriesHint}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {BROWSE_CATEGORIES.map((category) => (
          <label
            key={category}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 text-base text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="checkbox"
              name="categories"
              value={category}
              checked={value.includes(category)}
              onChange={(event) => toggle(category, event.target.checked)}
              className="focus-ring size-5 accent-brand-700"
            />
            {CATEGORY_LABELS[category]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
