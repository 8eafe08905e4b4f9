import { distanceKm, type LatLng } from "./geo.ts";

/**
 * A place found in the offline gazetteer (src/domain/geo/gazetteer.ts). Kept apart from the lookup so
 * the place fields can name and compare places without loading the lookup, which travels with the
 * data in a chunk of its own.
 */
export type Place = { name: string; province: string; lat: number; lng: number };

/** 'Sesto San Giovanni (MI)'. */
export const placeLabel = (place: Pick<Place, "name" | "province">) => `${place.name} (${place.province})`;

/**
 * A phone fix this close to the centre of the comune then typed is taken to be in it, and kept: it is
 * more precise than the centre ('Usa la mia posizione', then 'Via Roma 1, Torino' while in Torino).
 */
export const PHONE_FIX_IN_PLACE_KM = 5;
export const isFixInPlace = (fix: LatLng, place: Place) => distanceKm(fix, place) <= PHONE_FIX_IN_PLACE_KM;
