import { useId, useState } from "react";
import { PlaceCombobox, type PlaceOutcome } from "@/components/marketplace/place-combobox";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { MapPinIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { loadGazetteer } from "@/data/gazetteer/load-gazetteer";
import { RADIUS_LABELS, RADIUS_OPTIONS_KM } from "@/domain/core/enums";
import type { PlaceSearch } from "@/domain/geo/gazetteer";
import type { LatLng } from "@/domain/geo/geo";
import { isFixInPlace, placeLabel } from "@/domain/geo/place";
import { PLACE_MESSAGES } from "@/domain/geo/place-messages";
import { BUYER_MESSAGES } from "@/domain/marketplace/marketplace-messages";
import { currentPosition } from "@/lib/current-position";

type LocationCardProps = {
  address: string;
  onAddressChange: (address: string) => void;
  coords: LatLng | null;
  onCoordsChange: (coords: LatLng) => void;
  radius: number;
  onRadiusChange: (radius: number) => void;
  /** The gazetteer (tests pass a fixture); by default the real one, loaded when the buyer types. */
  loadPlaces?: () => Promise<PlaceSearch>;
};

const formatCoords = ({ lat, lng }: LatLng) => `${lat.toFixed(4)}, ${lng.toFixed(4)}`;

/**
 * 'Dove ti serve?': the comune (typed, alone or in an address, and found in the offline gazetteer) or
 * the phone's position gives the coordinates; merchants read only the comune (and neighbourhood) of
 * the text and a position to about 1 km; plus the action radius. Without a place Algo publishes
 * nothing and asks for one, and the card says a place is needed.
 */
export function LocationCard(props: LocationCardProps) {
  const { address, onAddressChange, coords, onCoordsChange, radius, onRadiusChange } = props;
  const loadPlaces = props.loadPlaces ?? loadGazetteer;
  const [locating, setLocating] = useState(false);
  // What went wrong, and whether it is the typed place (the field is then marked invalid).
  const [error, setError] = useState<{ text: string; placeNotFound?: boolean } | null>(null);
  // Where the coordinates came from, for the status line; null: the profile's saved position (or none).
  const [source, setSource] = useState<{ phone: LatLng | null; place: string | null } | null>(null);
  const addressId = useId();
  const errorId = useId();
  const radiusId = useId();

  const locate = () => {
    setLocating(true);
    setError(null);
    currentPosition()
      .then(
        (fix) => {
          setSource({ phone: fix, place: null });
          onCoordsChange(fix);
        },
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
    const { place } = outcome;
    setError(null);
    // Typing the comune the phone is in keeps the phone's (more precise) fix.
    if (source?.phone && isFixInPlace(source.phone, place)) {
      setSource({ phone: source.phone, place: placeLabel(place) });
      return;
    }
    setSource({ phone: null, place: placeLabel(place) });
    onCoordsChange({ lat: place.lat, lng: place.lng });
  };

  let status: string = BUYER_MESSAGES.locationDefault;
  if (source?.place) status = `${PLACE_MESSAGES.resolved}: ${source.place}`;
  else if (source?.phone) status = `${BUYER_MESSAGES.locationFromPhone}: ${formatCoords(source.phone)}`;
  else if (coords) status = `${BUYER_MESSAGES.locationSaved}: ${formatCoords(coords)}`;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Dove ti serve?</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="space-y-1">
          <label htmlFor={addressId} className="text-sm font-medium text-slate-900">
            Indirizzo o comune
          </label>
          <PlaceCombobox
            id={addressId}
            value={address}
            maxLength={200}
            aria-invalid={error?.placeNotFound || undefined}
            aria-describedby={error ? errorId : undefined}
            onValueChange={(value) => {
              setError(null);
              onAddressChange(value);
            }}
            onOutcome={onOutcome}
            loadPlaces={loadPlaces}
          />
        </div>
        <Button variant="secondary" className="w-full" onClick={locate} loading={locating}>
          <MapPinIcon className="size-4" aria-hidden="true" />
          Usa la mia posizione
        </Button>
        <p className="text-sm text-slate-700" role="status">
          {status}
        </p>
        {error ? (
          <p id={errorId} className="text-sm text-red-700" role="alert">
            {error.text}
          </p>
        ) : null}
        <p className="text-xs text-slate-600">{BUYER_MESSAGES.locationTypedHint}</p>
        <div className="space-y-1">
          <label htmlFor={radiusId} className="text-sm font-medium text-slate-900">
            Raggio di ricerca
          </label>
          <Select
            id={radiusId}
            value={radius}
            onChange={(event) => onRadiusChange(Number(event.target.value))}
          >
            {RADIUS_OPTIONS_KM.map((km) => (
              <option key={km} value={km}>
                {RADIUS_LABELS[km]}
              </option>
            ))}
          </Select>
        </div>
      </CardContent>
    </Card>
  );
}
