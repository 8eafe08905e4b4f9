import { useState } from "react";
import { PlaceCombobox, type PlaceOutcome } from "@/components/marketplace/place-combobox";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { MapPinIcon } from "@/components/ui/icons";
import type { PlaceSearch } from "@/domain/geo/gazetteer";
import type { LatLng } from "@/domain/geo/geo";
import { isFixInPlace, placeLabel } from "@/domain/geo/place";
import { PLACE_MESSAGES } from "@/domain/geo/place-messages";
import { SHOP_VERIFICATION_COPY } from "@/domain/people/shop-verification-messages";
import { currentPosition } from "@/lib/current-position";
import type { ShopPosition } from "../lib/shop-form";

type ShopAddressFieldProps = {
  address: string;
  onAddressChange: (address: string) => void;
  onPositionChange: (position: ShopPosition | null) => void;
  /** The form's error for the address (missing, or no position yet). */
  error?: string | undefined;
  disabled?: boolean;
  loadPlaces: () => Promise<PlaceSearch>;
};

/**
 * 'Indirizzo del negozio': the comune comes from the gazetteer (its centre and name as the zone), or
 * 'Usa la mia posizione' gives the phone's fix, kept when the comune then typed contains it.
 */
export function ShopAddressField({
  address,
  onAddressChange,
  onPositionChange,
  error,
  disabled = false,
  loadPlaces,
}: ShopAddressFieldProps) {
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [phoneFix, setPhoneFix] = useState<LatLng | null>(null);

  const onOutcome = (outcome: PlaceOutcome) => {
    if (!outcome.place) {
      setPlaceError(outcome.reason === "not-found" ? PLACE_MESSAGES.notFound : PLACE_MESSAGES.unavailable);
      setNote(null);
      onPositionChange(null);
      return;
    }
    const { place } = outcome;
    setPlaceError(null);
    setNote(`${PLACE_MESSAGES.resolved}: ${placeLabel(place)}`);
    const keepFix = phoneFix && isFixInPlace(phoneFix, place);
    if (!keepFix) setPhoneFix(null);
    onPositionChange({ ...(keepFix ? phoneFix : { lat: place.lat, lng: place.lng }), zone: place.name });
  };

  const locateMe = async () => {
    setLocating(true);
    setNote(null);
    try {
      const fix = await currentPosition();
      setPhoneFix(fix);
      setPlaceError(null);
      onPositionChange(fix);
      if (!address.trim()) onAddressChange(SHOP_VERIFICATION_COPY.currentPosition);
      setNote(SHOP_VERIFICATION_COPY.positionFound);
    } catch (positionError) {
      console.error("Position not available", positionError);
      setNote(SHOP_VERIFICATION_COPY.positionFailed);
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className="space-y-2">
      <Field
        label={SHOP_VERIFICATION_COPY.address}
        required
        hint={SHOP_VERIFICATION_COPY.addressHint}
        error={placeError ?? error}
      >
        <PlaceCombobox
          name="address"
          autoComplete="street-address"
          maxLength={200}
          value={address}
          disabled={disabled}
          onValueChange={(value) => {
            setPlaceError(null);
            onAddressChange(value);
          }}
          onOutcome={onOutcome}
          loadPlaces={loadPlaces}
        />
      </Field>
      <Button variant="secondary" size="sm" onClick={locateMe} loading={locating} disabled={disabled}>
        <MapPinIcon className="size-4" />
        {SHOP_VERIFICATION_COPY.useMyPosition}
      </Button>
      {note ? (
        <p role="status" className="text-sm break-words text-slate-700">
          {note}
        </p>
      ) : null}
    </div>
  );
}
