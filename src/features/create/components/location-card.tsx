import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { MapPinIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { RADIUS_LABELS, RADIUS_OPTIONS_KM } from "@/domain/enums";
import type { LatLng } from "@/domain/geo";
import { BUYER_MESSAGES } from "@/domain/messages";

type LocationCardProps = {
  address: string;
  onAddressChange: (address: string) => void;
  coords: LatLng | null;
  onCoordsChange: (coords: LatLng) => void;
  radius: number;
  onRadiusChange: (radius: number) => void;
};

function phonePosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error("Geolocalizzazione non disponibile"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      reject,
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

/**
 * 'Dove ti serve?': coordinates from the phone (or the buyer's profile), an address text shown to
 * merchants, and the action radius. There is no geocoder offline, so a typed address alone does not
 * move the position; the card says so, and says Milano centre is used when there are no coordinates.
 */
export function LocationCard(props: LocationCardProps) {
  const { address, onAddressChange, coords, onCoordsChange, radius, onRadiusChange } = props;
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const addressId = useId();
  const radiusId = useId();

  const locate = () => {
    setLocating(true);
    setError(null);
    phonePosition()
      .then(onCoordsChange, () => setError(BUYER_MESSAGES.locationUnavailable))
      .finally(() => setLocating(false));
  };

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
          <Input
            id={addressId}
            value={address}
            maxLength={200}
            autoComplete="street-address"
            onChange={(event) => onAddressChange(event.target.value)}
          />
        </div>
        <Button variant="secondary" className="w-full" onClick={locate} loading={locating}>
          <MapPinIcon className="size-4" aria-hidden="true" />
          Usa la mia posizione
        </Button>
        <p className="text-sm text-slate-700" role="status">
          {coords
            ? `${BUYER_MESSAGES.locationFromPhone}: ${coords.lat.toFixed(4)}, ${coords.lng.toFixed(4)}`
            : BUYER_MESSAGES.locationDefault}
        </p>
        {error ? (
          <p className="text-sm text-red-700" role="alert">
            {error}
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
