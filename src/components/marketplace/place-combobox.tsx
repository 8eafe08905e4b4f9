import { type ComponentProps, type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import type { PlaceSearch } from "@/domain/geo/gazetteer";
import { type Place, placeLabel } from "@/domain/geo/place";
import { PLACE_MESSAGES } from "@/domain/geo/place-messages";
import { cn } from "@/lib/cn";

/** What the field's text names once chosen or left: a place, or why there is none. */
export type PlaceOutcome = { place: Place } | { place: null; reason: "not-found" | "unavailable" };

type PlaceComboboxProps = Omit<
  ComponentProps<"input">,
  "value" | "onChange" | "onBlur" | "onKeyDown" | "role" | "type"
> & {
  value: string;
  onValueChange: (value: string) => void;
  /** A suggestion was chosen, or the field was left with edited text. */
  onOutcome: (outcome: PlaceOutcome) => void;
  /** The gazetteer's lookups; the real ones load lazily on the first keystroke. Tests pass a fixture. */
  loadPlaces: () => Promise<PlaceSearch>;
};

const MAX_SUGGESTIONS = 5;

/** Suggestions complete what follows the last comma: 'Via Roma 5, Ses' → 'Ses'. */
const lastPart = (text: string) => text.slice(text.lastIndexOf(",") + 1).trim();
const withPlace = (text: string, place: Place) => {
  const cut = text.lastIndexOf(",");
  return `${cut >= 0 ? `${text.slice(0, cut + 1)} ` : ""}${placeLabel(place)}`;
};

/**
 * 'Indirizzo o comune' with the offline gazetteer: an ARIA combobox (list autocomplete) suggesting up
 * to 5 places for what follows the last comma; ArrowUp/Down move, Enter chooses, Escape closes, a tap
 * chooses. Choosing, or leaving the field with edited text, reports the place the text names (the
 * comune inside a full address too) through onOutcome.
 */
export function PlaceCombobox({
  value,
  onValueChange,
  onOutcome,
  loadPlaces,
  className,
  ...inputProps
}: PlaceComboboxProps) {
  const [search, setSearch] = useState<PlaceSearch | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const loading = useRef<Promise<PlaceSearch> | undefined>(undefined);
  // Edited since the last outcome: leaving an untouched field (e.g. the profile's address) says nothing.
  const edited = useRef(false);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const suggestions = useMemo(() => search?.suggest(lastPart(value), MAX_SUGGESTIONS) ?? [], [search, value]);
  const expanded = open && suggestions.length > 0;
  const activeIndex = expanded && active < suggestions.length ? active : -1;

  const ensureLoaded = () => {
    loading.current ??= loadPlaces().then(
      (loaded) => {
        setSearch(loaded);
        return loaded;
      },
      (error: unknown) => {
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (place: Place) => {
    edited.current = false;
    close();
    onValueChange(withPlace(value, place));
    onOutcome({ place });
  };

  const resolveText = () => {
    const text = value.trim();
    if (!edited.current || !text) return;
    edited.current = false;
    const report = (loaded: PlaceSearch) => {
      const place = loaded.resolve(text);
      onOutcome(place ? { place } : { place: null, reason: "not-found" });
    };
    // Synchronous once loaded, so a click on 'Salva' right after typing saves the resolved place.
    if (search) report(search);
    else ensureLoaded().then(report, () => onOutcome({ place: null, reason: "unavailable" }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive(activeIndex < 0 ? (step > 0 ? 0 : count - 1) : (activeIndex + step + count) % count);
    } else if (event.key === "Enter" && activeIndex >= 0) {
      event.preventDefault();
      const place = suggestions[activeIndex];
      if (place) choose(place);
    } else if (event.key === "Escape" && expanded) {
      // Only the list closes, not a surrounding dialog.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className="relative">
      <Input
        autoComplete="off"
        {...inputProps}
        className={className}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={value}
        onChange={(event) => {
          edited.current = true;
          setOpen(true);
          setActive(-1);
          onValueChange(event.target.value);
          // A failed load is reported when the field is left (resolveText tries again).
          ensureLoaded().catch(() => undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          resolveText();
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={PLACE_MESSAGES.suggestions}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
      >
        {suggestions.map((place, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the list from the input (combobox pattern).
          <div
            key={`${place.name}|${place.province}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Options are reached through aria-activedescendant, never focused (combobox pattern).
            tabIndex={-1}
            // Keep the focus in the input, so choosing is not also leaving the field.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
            className={cn(
              "flex min-h-11 cursor-pointer items-center px-3 text-base text-slate-900 hover:bg-brand-50",
              index === activeIndex && "bg-brand-100",
            )}
          >
            {placeLabel(place)}
          </div>
        ))}
      </div>
    </div>
  );
}
