import { type FormEvent, useState } from "react";
import { CategoryCheckboxes } from "@/components/marketplace/category-checkboxes";
import { PlaceCombobox, type PlaceOutcome } from "@/components/marketplace/place-combobox";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { MapPinIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { loadGazetteer } from "@/data/gazetteer/load-gazetteer";
import type { BrowseCategory } from "@/domain/core/enums";
import type { PlaceSearch } from "@/domain/geo/gazetteer";
import type { LatLng } from "@/domain/geo/geo";
import { isFixInPlace, placeLabel } from "@/domain/geo/place";
import { PLACE_MESSAGES } from "@/domain/geo/place-messages";
import type { ProfileUpdate } from "@/domain/people/user";
import { currentPosition } from "@/lib/current-position";
import { type ProfileFormValues, toProfileUpdate } from "../lib/profile-values";
import { OpeningHoursEditor } from "./opening-hours-editor";
import { ShopContactFields } from "./shop-contact-fields";
import { ShopIdentity } from "./shop-identity";

type ProfileFormProps = {
  initial: ProfileFormValues;
  isMerchant: boolean;
  /** A verified shop also edits its categories (saved through verifyShop). */
  isVerifiedShop?: boolean;
  /** The shop has sent its details: its name and address change only through a new verification. */
  identityFrozen?: boolean;
  saving: boolean;
  onSave: (update: ProfileUpdate, categories: BrowseCategory[]) => void;
  onCancel: () => void;
  /** The gazetteer for the shop address (tests pass a fixture); by default the real one, loaded lazily. */
  loadPlaces?: () => Promise<PlaceSearch>;
};

const coordinates = (lat: number, lng: number) => `${lat.toFixed(4)}, ${lng.toFixed(4)}`;

/**
 * Edit form: name and surname; for merchants the business name, the shop's location, its opening hours
 * (days and times), phone and notes.
 */
export function ProfileForm({
  initial,
  isMerchant,
  isVerifiedShop = false,
  identityFrozen = false,
  saving,
  onSave,
  onCancel,
  loadPlaces = loadGazetteer,
}: ProfileFormProps) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  // This session's phone fix: typing the comune it lies in keeps it (more precise than the centre).
  const [phoneFix, setPhoneFix] = useState<LatLng | null>(null);
  const set =
    (name: "firstName" | "lastName" | "businessName" | "phone" | "openingHours") =>
    (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value }));

  const locateMe = async () => {
    setLocating(true);
    setLocationNote(null);
    try {
      const { lat, lng } = await currentPosition();
      setPhoneFix({ lat, lng });
      setPlaceError(null);
      setValues((current) => ({
        ...current,
        lat,
        lng,
        address: current.address.trim() || "Posizione attuale",
      }));
      setLocationNote("Posizione rilevata.");
    } catch (positionError) {
      console.error("Position not available", positionError);
      setLocationNote("Impossibile rilevare la posizione: controlla i permessi del browser.");
    } finally {
      setLocating(false);
    }
  };

  const onPlace = (outcome: PlaceOutcome) => {
    if (!outcome.place) {
      setPlaceError(outcome.reason === "not-found" ? PLACE_MESSAGES.notFound : PLACE_MESSAGES.unavailable);
      return;
    }
    const { place } = outcome;
    setPlaceError(null);
    setLocationNote(`${PLACE_MESSAGES.resolved}: ${placeLabel(place)}`);
    if (phoneFix && isFixInPlace(phoneFix, place)) return;
    setPhoneFix(null);
    setValues((current) => ({ ...current, lat: place.lat, lng: place.lng }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = toProfileUpdate(values, isMerchant, identityFrozen);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    onSave(result.data, values.categories);
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-label="Modifica profilo">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nome" required>
          <Input
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={set("firstName")}
          />
        </Field>
        <Field label="Cognome">
          <Input
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={set("lastName")}
          />
        </Field>
      </div>
      {isMerchant && identityFrozen ? (
        <ShopIdentity businessName={values.businessName} address={values.address} />
      ) : null}
      {isMerchant ? (
        <>
          {identityFrozen ? null : (
            <Field label="Nome dell'attività">
              <Input
                name="businessName"
                autoComplete="organization"
                value={values.businessName}
                onChange={set("businessName")}
              />
            </Field>
          )}
          {identityFrozen ? null : (
            <Field
              label="Indirizzo del negozio"
              required
              hint={`Coordinate: ${coordinates(values.lat, values.lng)}`}
              error={placeError}
            >
              <PlaceCombobox
                name="address"
                maxLength={200}
                value={values.address}
                onValueChange={(address) => {
                  setPlaceError(null);
                  setValues((current) => ({ ...current, address }));
                }}
                onOutcome={onPlace}
                loadPlaces={loadPlaces}
              />
            </Field>
          )}
          {isVerifiedShop ? (
            <CategoryCheckboxes
              value={values.categories}
              onChange={(categories) => setValues((current) => ({ ...current, categories }))}
            />
          ) : null}
          <OpeningHoursEditor
            value={values.weeklyHours}
            onChange={(weeklyHours) => setValues((current) => ({ ...current, weeklyHours }))}
            disabled={saving}
          />
          <ShopContactFields
            phone={values.phone}
            openingHours={values.openingHours}
            onPhone={set("phone")}
            onOpeningHours={set("openingHours")}
          />
          {identityFrozen ? null : (
            <div className="space-y-2">
              <Button variant="secondary" size="sm" onClick={locateMe} loading={locating} disabled={saving}>
                <MapPinIcon className="size-4" />
                Usa la mia posizione
              </Button>
              {locationNote ? (
                <p role="status" className="text-sm text-slate-700">
                  {locationNote}
                </p>
              ) : null}
            </div>
          )}
        </>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={saving}>
          Salva modifiche
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Annulla
        </Button>
      </div>
    </form>
  );
}
