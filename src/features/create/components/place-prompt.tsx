import { useId, useState } from "react";
import { PlaceCombobox, type PlaceOutcome } from "@/components/marketplace/place-combobox";
import { Button } from "@/components/ui/button";
import { MapPinIcon } from "@/components/ui/icons";
import { loadGazetteer } from "@/data/gazetteer/load-gazetteer";
import { REVIEW_LABELS } from "@/domain/algo/algo-draft";
import type { PlaceSearch } from "@/domain/geo/gazetteer";
import { placeLabel } from "@/domain/geo/place";
import { PLACE_MESSAGES } from "@/domain/geo/place-messages";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import type { LocationInput } from "@/domain/marketplace/request";
import { currentPosition } from "@/lib/current-position";

type PlacePromptProps = {
  /** Sends the place to Algo as the buyer's answer: the bubble's text and the location. */
  onPlace: (text: string, location: LocationInput) => Promise<boolean>;
  disabled?: boolean;
  loadPlaces?: () => Promise<PlaceSearch>;
};

/**
 * Right under Algo's 'Dove ti serve?' in the conversation: 'Usa la mia posizione' (the phone's
 * position) or a comune from the offline gazetteer. Either answers Algo with a turn that carries the
 * place, so the conversation goes on from there.
 */
export function PlacePrompt({ onPlace, disabled = false, loadPlaces = loadGazetteer }: PlacePromptProps) {
  const [address, setAddress] = useState("");
  const [locating, setLocating] = useState(false);
  // What went wrong, and whether it is the typed place (the field is then marked invalid).
  const [error, setError] = useState<{ text: string; placeNotFound?: boolean } | null>(null);
  const fieldId = useId();
  const errorId = useId();

  const locate = () => {
    setLocating(true);
    setError(null);
    currentPosition()
      .then(
        (fix) =>
          onPlace(REVIEW_LABELS.myPosition, { ...fix, address: BUYER_MESSAGES.locationFromPhone }).then(
            () => {},
          ),
        () => setError({ text: BUYER_MESSAGES.locationUnavailable }),
      )
      .finally(() => setLocating(false));
  };

  const onOutcome = (outcome: PlaceOutcome) => {
    if (!outcome.place) {
      const placeNotFound = outcome.reason === "not-found";
      setError({ text: placeNotFound ? PLACE_MESSAGES.notFound : PLACE_MESSAGES.unavailable, placeNotFound });
      return;
    }
    setError(null);
    // The comune as the gazetteer names it, after the street if one was typed ('Via Roma 5, …').
    const cut = address.lastIndexOf(",");
    const label = placeLabel(outcome.place);
    const typed = cut >= 0 ? `${address.slice(0, cut + 1).trim()} ${label}` : label;
    void onPlace(typed, { address: typed, lat: outcome.place.lat, lng: outcome.place.lng }).then((sent) => {
      if (sent) setAddress("");
    });
  };

  return (
    <fieldset className="ml-auto w-full max-w-[85%] space-y-2 rounded-2xl bg-white p-3 ring-1 ring-brand-200">
      <legend className="sr-only">Dove ti serve?</legend>
      <Button className="w-full" onClick={locate} loading={locating} disabled={disabled}>
        <MapPinIcon className="size-4" aria-hidden="true" />
        {REVIEW_LABELS.usePosition}
      </Button>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
        {REVIEW_LABELS.orPlace}
      </label>
      <PlaceCombobox
        id={fieldId}
        value={address}
        maxLength={200}
        disabled={disabled}
        aria-invalid={error?.placeNotFound || undefined}
        aria-describedby={error ? errorId : undefined}
        onValueChange={(value) => {
          setError(null);
          setAddress(value);
        }}
        onOutcome={onOutcome}
        loadPlaces={loadPlaces}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error.text}
        </p>
      ) : null}
    </fieldset>
  );
}
